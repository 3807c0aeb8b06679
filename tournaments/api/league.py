"""League API: the league table of a league tournament (the page's rows, as JSON)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.league.exports import league_document
from tournaments.league.selectors import league_table
from tournaments.models import Tournament, TournamentFormat
from tournaments.results.selectors import results_viewer_may_see_unreleased


class NightPointsSerializer(serializers.Serializer[Any]):
    night = serializers.IntegerField(help_text="The night's number in the season, from 1.")
    date = serializers.DateField(allow_null=True, help_text="Null for a round without a night.")
    points = serializers.CharField(help_text="Placement points that night, e.g. 6.5.")


class LeagueRowSerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField(help_text="Shared places repeat.")
    is_shared = serializers.BooleanField()
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()
    club = serializers.CharField(allow_null=True)
    country = serializers.CharField(allow_null=True)
    nights = serializers.IntegerField(help_text="Nights attended (seated at a drawn round).")
    deals_played = serializers.IntegerField()
    deals_lost = serializers.IntegerField()
    success_rate = serializers.FloatField(
        allow_null=True, help_text="Deals not lost / deals played over the season, %, one decimal."
    )
    points = serializers.CharField(help_text="Placement points over the season, e.g. 17.5.")
    night_points = NightPointsSerializer(many=True, help_text="Only the nights attended.")


class NightSerializer(serializers.Serializer[Any]):
    night = serializers.IntegerField()
    date = serializers.DateField(allow_null=True)
    rounds = serializers.ListField(child=serializers.IntegerField())


class LeagueTableSerializer(serializers.Serializer[Any]):
    tournament = serializers.CharField(help_text="The tournament's slug.")
    version = serializers.IntegerField(help_text="Results version: changes after every write.")
    includes_unreleased = serializers.BooleanField()
    scoring = serializers.ChoiceField(
        choices=["placement_points", "success_rate"], help_text="What the table is sorted by."
    )
    points = serializers.ListField(
        child=serializers.IntegerField(), help_text="Placement points at a table of four."
    )
    nights = NightSerializer(many=True)
    rows = LeagueRowSerializer(many=True)


class LeagueTableApi(APIView):
    """The league table: nights attended, deals, success rate and placement points per
    night, sorted by the league's scoring. Held-back rounds count only for directors."""

    @extend_schema(
        responses={
            200: LeagueTableSerializer,
            404: OpenApiResponse(description="No such tournament, or it is not a league."),
        },
        operation_id="league_table_get",
    )
    def get(self, request: Request, slug: str) -> Response:
        tournament = get_object_or_404(Tournament, slug=slug)
        if tournament.format != TournamentFormat.LEAGUE:
            raise Http404(_("This tournament is not a league."))
        include = results_viewer_may_see_unreleased(request.user, tournament)
        return Response(league_document(league_table(tournament, include_unreleased=include)))
