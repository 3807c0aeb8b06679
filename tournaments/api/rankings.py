"""Rankings API: season rankings, qualification lists, records, a player's history (reads).

All of it reads placings and seat results, which hold released rounds only.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scwu.models import Player
from tournaments.models import RankingKind, Season
from tournaments.rankings import records, selectors

QUALIFIED_HELP = "'in' (qualifies), 'tie' (tied across the boundary) or '' (does not)."


class RankingLineOutputSerializer(serializers.Serializer[selectors.RankingLine]):
    place = serializers.IntegerField(source="row.place")
    is_shared = serializers.BooleanField(source="row.is_shared")
    id = serializers.SerializerMethodField(help_text="The player's or the club's id.")
    name = serializers.SerializerMethodField(help_text="The player's nickname or the club's name.")
    points = serializers.DecimalField(source="row.points", max_digits=10, decimal_places=2)
    tournaments = serializers.IntegerField(source="row.tournaments")
    wins = serializers.IntegerField(source="row.wins")
    best_result = serializers.DecimalField(source="row.best_result", max_digits=8, decimal_places=2)
    masters = serializers.CharField(help_text=QUALIFIED_HELP)
    world_series = serializers.CharField(help_text=QUALIFIED_HELP)

    def get_id(self, line: selectors.RankingLine) -> int:
        return line.row.player_id or line.row.club_id or 0

    def get_name(self, line: selectors.RankingLine) -> str:
        row = line.row
        return row.player.nickname if row.player is not None else str(row.club)


class SeasonRankingOutputSerializer(serializers.Serializer[dict[str, Any]]):
    season = serializers.IntegerField()
    kind = serializers.CharField(help_text="'players' or 'clubs'.")
    rows = RankingLineOutputSerializer(many=True)


class QualifiedPlayerOutputSerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField()
    is_shared = serializers.BooleanField()
    player_id = serializers.IntegerField()
    nickname = serializers.CharField(source="player.nickname")
    points = serializers.DecimalField(max_digits=10, decimal_places=2)


class QualificationListOutputSerializer(serializers.Serializer[selectors.QualificationList]):
    size = serializers.IntegerField()
    qualified = QualifiedPlayerOutputSerializer(many=True)
    tied = QualifiedPlayerOutputSerializer(
        many=True, help_text="Players tied across the boundary, competing for `spots`."
    )
    spots = serializers.IntegerField(help_text="Spots left among the tied players.")


class SeasonQualificationOutputSerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField(source="season.year")
    player_of_the_year = QualifiedPlayerOutputSerializer(many=True)
    masters = QualificationListOutputSerializer()
    world_series = QualificationListOutputSerializer()


class RecordLineOutputSerializer(serializers.Serializer[records.RecordLine]):
    place = serializers.IntegerField()
    is_shared = serializers.BooleanField()
    player_id = serializers.IntegerField(source="player.pk")
    nickname = serializers.CharField(source="player.nickname")
    value = serializers.CharField()
    tournament = serializers.CharField(
        source="tournament.slug", allow_null=True, help_text="Where a one-game record was set."
    )
    round_number = serializers.IntegerField(allow_null=True)


class RecordTableOutputSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    title = serializers.CharField()
    lines = RecordLineOutputSerializer(many=True)


class HistoryLineOutputSerializer(serializers.Serializer[selectors.HistoryLine]):
    tournament = serializers.CharField(source="placing.tournament.slug")
    tournament_name = serializers.CharField(source="placing.tournament.name")
    season = serializers.IntegerField(source="placing.tournament.season.year")
    start_date = serializers.DateField(source="placing.tournament.start_date")
    is_final = serializers.BooleanField(help_text="False while the tournament is running.")
    place = serializers.IntegerField(source="placing.place", allow_null=True)
    is_shared = serializers.BooleanField(source="placing.is_shared")
    points = serializers.DecimalField(
        source="placing.points", max_digits=8, decimal_places=2, allow_null=True
    )
    deals_played = serializers.IntegerField(source="placing.deals_played")
    deals_lost = serializers.IntegerField(source="placing.deals_lost")
    success_rate = serializers.CharField(source="rate")
    placky = serializers.IntegerField(source="placing.placky")


class PlayerHistoryOutputSerializer(serializers.Serializer[Any]):
    player_id = serializers.IntegerField(source="player.pk")
    nickname = serializers.CharField(source="player.nickname")
    tournaments = serializers.IntegerField(source="career.tournaments")
    titles = serializers.IntegerField(source="career.titles")
    deals_played = serializers.IntegerField(source="career.deals_played")
    deals_lost = serializers.IntegerField(source="career.deals_lost")
    placky = serializers.IntegerField(source="career.placky")
    success_rate = serializers.CharField(source="career.rate")
    history = HistoryLineOutputSerializer(many=True)


class SeasonRankingApi(APIView):
    """A season ranking of players or clubs; players carry their qualification status."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "kind", OpenApiTypes.STR, OpenApiParameter.PATH, enum=["players", "clubs"]
            )
        ],
        responses={200: SeasonRankingOutputSerializer},
    )
    def get(self, request: Request, year: int, kind: str) -> Response:
        if kind not in RankingKind.values:
            raise Http404(_("No such ranking: use 'players' or 'clubs'."))
        season = get_object_or_404(Season, year=year)
        ranking = selectors.season_ranking(season, kind)
        qualification = None
        if kind == RankingKind.PLAYERS:
            qualification = selectors.season_qualification(season, ranking)
        data = {
            "season": season.year,
            "kind": kind,
            "rows": selectors.ranking_lines(ranking, qualification),
        }
        return Response(SeasonRankingOutputSerializer(data).data)


class SeasonQualificationApi(APIView):
    """Player of the Year and the Masters (top ten) and World Series (top thirty) lists."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: SeasonQualificationOutputSerializer})
    def get(self, request: Request, year: int) -> Response:
        season = get_object_or_404(Season, year=year)
        qualification = selectors.season_qualification(season)
        data = {
            "season": season,
            "player_of_the_year": qualification.player_of_the_year,
            "masters": qualification.masters,
            "world_series": qualification.world_series,
        }
        return Response(SeasonQualificationOutputSerializer(data).data)


class RecordsApi(APIView):
    """Most titles, best success rate, latest first letter in a round, fastest placka."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: RecordTableOutputSerializer(many=True)})
    def get(self, request: Request) -> Response:
        return Response(
            RecordTableOutputSerializer(list(records.records_compute()), many=True).data
        )


class PlayerHistoryApi(APIView):
    """A player's tournaments (oldest first) with place, points, success rate and placky."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: PlayerHistoryOutputSerializer})
    def get(self, request: Request, pk: int) -> Response:
        player = get_object_or_404(Player, pk=pk)
        history = selectors.player_history(player)
        data = {"player": player, "career": selectors.career_figures(history), "history": history}
        return Response(PlayerHistoryOutputSerializer(data).data)
