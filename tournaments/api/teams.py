"""Teams API: a tournament's teams (list, one team), entering, changing and withdrawing a
team through the team services, and the team classification.

The classification is :func:`tournaments.results.teams.team_classification`, the one read
the team pages and the exports show too, as the document of
:func:`tournaments.exports.teams.team_document` (the JSON export's).
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scwu.model_serializer import ModelSerializer
from scwu.models import Club, Player
from tournaments.api.serializers import model_max_length
from tournaments.exports.teams import team_document
from tournaments.models import Team, TeamMember, Tournament
from tournaments.models.teams import TEAM_SIZE_MAX
from tournaments.results.selectors import results_viewer_may_see_unreleased
from tournaments.results.teams import team_classification
from tournaments.selectors import team_list
from tournaments.services import teams as team_services

AUTH = [permissions.IsAuthenticated]
TEAM_NAME_MAX = model_max_length(Team, "name")
REFUSALS = {
    403: OpenApiResponse(description="Only the tournament's directors or the club's captain."),
    404: OpenApiResponse(description="No such tournament, team, club or player."),
    409: OpenApiResponse(
        description="Refused by the federation's rules or the tournament's state: a player "
        "in another team, not the club's, banned or withdrawn, a team of the wrong size, a "
        "name taken, registration closed or the tournament finished."
    ),
}


class TeamMemberSerializer(ModelSerializer[TeamMember]):
    player_id = serializers.IntegerField(source="entry.player_id", read_only=True)
    nickname = serializers.CharField(source="entry.player.nickname", read_only=True)

    class Meta:
        model = TeamMember
        fields = ["entry", "player_id", "nickname", "is_substitute"]


class TeamSerializer(ModelSerializer[Team]):
    tournament: serializers.RelatedField[Any, Any, Any] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    club: serializers.RelatedField[Any, Any, Any] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    club_name = serializers.CharField(source="club.name", read_only=True)
    members = TeamMemberSerializer(many=True, read_only=True)

    class Meta:
        model = Team
        fields = ["id", "tournament", "name", "club", "club_name", "members"]


def _players(**kwargs: Any) -> Any:
    return serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), **kwargs)


class TeamEnterInputSerializer(serializers.Serializer[Any]):
    club: serializers.RelatedField[Any, Any, Any] = serializers.SlugRelatedField(
        slug_field="slug", queryset=Club.objects.all(), help_text="The club's slug."
    )
    name = serializers.CharField(max_length=TEAM_NAME_MAX)
    members = serializers.ListField(
        child=_players(),
        min_length=1,
        max_length=TEAM_SIZE_MAX,
        help_text="The scoring members' player ids: exactly the tournament's team size.",
    )
    substitute = _players(
        required=False, allow_null=True, default=None, help_text="The team's substitute."
    )


class TeamChangeInputSerializer(serializers.Serializer[Any]):
    """What changes; a field not sent stays as it is (``substitute: null`` removes it)."""

    name = serializers.CharField(max_length=TEAM_NAME_MAX, required=False)
    members = serializers.ListField(
        child=_players(), min_length=1, max_length=TEAM_SIZE_MAX, required=False
    )
    substitute = _players(required=False, allow_null=True)


class TeamMemberFiguresSerializer(serializers.Serializer[Any]):
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()
    is_substitute = serializers.BooleanField()
    counts = serializers.BooleanField(help_text="Whether the member's figures make the team's.")
    status = serializers.CharField(
        help_text="scoring, substitute, withdrawn_classified or withdrawn_unclassified."
    )
    place = serializers.IntegerField(allow_null=True, help_text="The individual place.")
    is_shared = serializers.BooleanField()
    deals_played = serializers.IntegerField(help_text="Every counted deal, the final included.")
    deals_lost = serializers.IntegerField()
    success_rate = serializers.FloatField(allow_null=True, help_text="Per cent, one decimal.")
    placky = serializers.IntegerField()
    points = serializers.CharField(allow_null=True, help_text="Individual ranking points.")


class TeamRowSerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField(help_text="Shared places repeat.")
    is_shared = serializers.BooleanField()
    team_id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField(help_text="The club's slug.")
    club_name = serializers.CharField()
    deals_played = serializers.IntegerField(help_text="Summed over the counted members.")
    deals_lost = serializers.IntegerField()
    success_rate = serializers.FloatField(
        allow_null=True, help_text="The team's deals not lost / deals played, per cent."
    )
    placky = serializers.IntegerField()
    member_points = serializers.CharField(help_text="The counted members' ranking points.")
    places_sum = serializers.IntegerField(help_text="The counted members' places, summed.")
    best_place = serializers.IntegerField(allow_null=True)
    points = serializers.CharField(allow_null=True, help_text="The team's ranking points.")
    members = TeamMemberFiguresSerializer(many=True)


class TeamClassificationSerializer(serializers.Serializer[Any]):
    tournament = serializers.CharField(help_text="The tournament's slug.")
    version = serializers.IntegerField(help_text="Results version: changes after every write.")
    includes_unreleased = serializers.BooleanField()
    mode = serializers.CharField(help_text="off, team_event or beside.")
    rule = serializers.CharField(help_text="success_rate, ranking_points or places.")
    rule_description = serializers.CharField(help_text="The rule as the pages print it.")
    team_size = serializers.IntegerField()
    is_live = serializers.BooleanField()
    is_provisional = serializers.BooleanField()
    teams = TeamRowSerializer(many=True)


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def _answer(team: Team, code: int = status.HTTP_200_OK) -> Response:
    """The team as it is now (read again: the service replaced its members)."""
    fresh = get_object_or_404(team_list(team.tournament), pk=team.pk)
    return Response(TeamSerializer(fresh).data, status=code)


class TournamentTeamsApi(APIView):
    """A tournament's teams (``GET``), or a club's new team (``POST``: the tournament's
    directors, or the club's captain while registration is open). Members without an
    entry are entered in the tournament by the entry service, with its checks."""

    def get_permissions(self) -> list[permissions.BasePermission]:
        if self.request.method == "GET":
            return [permissions.AllowAny()]
        return [permission() for permission in AUTH]

    @extend_schema(responses={200: TeamSerializer(many=True)}, operation_id="tournament_teams")
    def get(self, request: Request, slug: str) -> Response:
        return Response(TeamSerializer(team_list(_tournament(slug)), many=True).data)

    @extend_schema(
        request=TeamEnterInputSerializer,
        responses={201: TeamSerializer, **REFUSALS},
        operation_id="team_enter",
    )
    def post(self, request: Request, slug: str) -> Response:
        data = TeamEnterInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = team_services.team_enter(
            by=request.user, tournament=_tournament(slug), **data.validated_data
        )
        return _answer(team, status.HTTP_201_CREATED)


def _team(pk: int) -> Team:
    return get_object_or_404(Team.objects.select_related("tournament", "club"), pk=pk)


class TeamDetailApi(APIView):
    """One team with its members."""

    @extend_schema(responses={200: TeamSerializer}, operation_id="team_get")
    def get(self, request: Request, pk: int) -> Response:
        return _answer(_team(pk))


class TeamChangeApi(APIView):
    """Rename a team, change its members or its substitute (the same people and times as
    entering it; the directors also while the tournament runs)."""

    permission_classes = AUTH

    @extend_schema(
        request=TeamChangeInputSerializer,
        responses={200: TeamSerializer, **REFUSALS},
        operation_id="team_change",
    )
    def patch(self, request: Request, pk: int) -> Response:
        data = TeamChangeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = team_services.team_change(by=request.user, team=_team(pk), **data.validated_data)
        return _answer(team)


class TeamWithdrawApi(APIView):
    """Withdraw a team: it leaves the team classification; its players stay entered."""

    permission_classes = AUTH

    @extend_schema(request=None, responses={204: None, **REFUSALS}, operation_id="team_withdraw")
    def post(self, request: Request, pk: int) -> Response:
        team_services.team_withdraw(by=request.user, team=_team(pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamClassificationApi(APIView):
    """The team classification (live while the tournament runs, final once it is
    classified), ranked by the tournament's team rule, with each team's members."""

    @extend_schema(
        responses={200: TeamClassificationSerializer}, operation_id="team_classification_get"
    )
    def get(self, request: Request, slug: str) -> Response:
        tournament = _tournament(slug)
        include = results_viewer_may_see_unreleased(request.user, tournament)
        classification = team_classification(tournament, include_unreleased=include)
        return Response(team_document(tournament, classification, includes_unreleased=include))
