"""Tournaments API: read-only collections, and one small class per write operation."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scwu.api.query import SLUG
from tournaments import selectors
from tournaments.api import serializers as s
from tournaments.lifecycle import Action, Context, offers, require_confirmed
from tournaments.lifecycle.tournament import ROUND_ACTIONS, TOURNAMENT_ACTIONS, status_action
from tournaments.models import (
    Category,
    Entry,
    Round,
    RoundStatus,
    Season,
    Series,
    TableSeat,
    Tournament,
)
from tournaments.permissions import can_direct
from tournaments.services import calendar, draw, entries, playoff, rounds, tournaments
from tournaments.visibility import may_see_draw

AUTH = [permissions.IsAuthenticated]
#: answers to a director's write show the draft draw
DIRECTOR = {"show_draft": True}


class SeasonViewSet(viewsets.ReadOnlyModelViewSet[Season]):
    queryset = Season.objects.all()
    serializer_class = s.SeasonSerializer
    filterset_fields = ["year"]


class SeriesViewSet(viewsets.ReadOnlyModelViewSet[Series]):
    queryset = Series.objects.all()
    serializer_class = s.SeriesSerializer
    lookup_field = "slug"
    lookup_value_regex = SLUG


class CategoryViewSet(viewsets.ReadOnlyModelViewSet[Category]):
    queryset = Category.objects.prefetch_related("points")
    serializer_class = s.CategorySerializer
    lookup_field = "code"
    lookup_value_regex = SLUG


class TournamentViewSet(viewsets.ReadOnlyModelViewSet[Tournament]):
    serializer_class = s.TournamentSerializer
    lookup_field = "slug"
    lookup_value_regex = SLUG
    filterset_fields = {"season__year": ["exact"], "series__slug": ["exact"], "status": ["exact"]}

    def get_queryset(self) -> Any:
        return selectors.tournament_list().prefetch_related("host_clubs")


class EntryViewSet(viewsets.ReadOnlyModelViewSet[Entry]):
    serializer_class = s.EntrySerializer
    filterset_fields = {"tournament__slug": ["exact"], "status": ["exact"]}

    def get_queryset(self) -> Any:
        return Entry.objects.select_related("player", "club").order_by("tournament", "pk")


class RoundViewSet(viewsets.ReadOnlyModelViewSet[Round]):
    """Rounds with their tables; a draft draw is shown only to the tournament's directors."""

    serializer_class = s.RoundSerializer
    filterset_fields = {"tournament__slug": ["exact"], "status": ["exact"]}

    def get_queryset(self) -> Any:
        qs = Round.objects.select_related("word", "tournament").prefetch_related(
            "tables__seats__entry__player"
        )
        return qs.order_by("tournament", "number")

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        round = self.get_object()
        director = can_direct(request.user, round.tournament)
        return Response(s.RoundSerializer(round, context={"show_draft": director}).data)


class SeasonCreateApi(APIView):
    """A new season (directors and administrators); a year that exists already is a 409."""

    permission_classes = AUTH

    @extend_schema(request=s.SeasonInputSerializer, responses={201: s.SeasonSerializer})
    def post(self, request: Request) -> Response:
        data = s.SeasonInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        season = calendar.season_create(by=request.user, **data.validated_data)
        return Response(s.SeasonSerializer(season).data, status=status.HTTP_201_CREATED)


class SeasonUpdateApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.SeasonInputSerializer, responses={200: s.SeasonSerializer})
    def patch(self, request: Request, year: int) -> Response:
        season = get_object_or_404(Season, year=year)
        data = s.SeasonInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        season = calendar.season_update(by=request.user, season=season, **data.validated_data)
        return Response(s.SeasonSerializer(season).data)


class SeriesCreateApi(APIView):
    """A new series (directors and administrators); a name or address taken is a 409."""

    permission_classes = AUTH

    @extend_schema(request=s.SeriesInputSerializer, responses={201: s.SeriesSerializer})
    def post(self, request: Request) -> Response:
        data = s.SeriesInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        series = calendar.series_create(by=request.user, **data.validated_data)
        return Response(s.SeriesSerializer(series).data, status=status.HTTP_201_CREATED)


class SeriesUpdateApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.SeriesInputSerializer, responses={200: s.SeriesSerializer})
    def patch(self, request: Request, slug: str) -> Response:
        series = get_object_or_404(Series, slug=slug)
        data = s.SeriesInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        series = calendar.series_update(by=request.user, series=series, **data.validated_data)
        return Response(s.SeriesSerializer(series).data)


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


class TournamentCreateApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.TournamentInputSerializer, responses={201: s.TournamentSerializer})
    def post(self, request: Request) -> Response:
        data = s.TournamentInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        t = tournaments.tournament_create(by=request.user, **data.validated_data)
        return Response(s.TournamentSerializer(t).data, status=status.HTTP_201_CREATED)


class TournamentUpdateApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.TournamentInputSerializer, responses={200: s.TournamentSerializer})
    def patch(self, request: Request, slug: str) -> Response:
        t = _tournament(slug)
        data = s.TournamentInputSerializer(instance=t, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        t = tournaments.tournament_update(by=request.user, tournament=t, **data.validated_data)
        return Response(s.TournamentSerializer(t).data)


class TournamentStatusApi(APIView):
    """Move the status (``finished`` with ``confirm: true``: it says what it freezes; from
    finished back to ``running`` is the reopening, logged)."""

    permission_classes = AUTH

    @extend_schema(
        request=s.TournamentStatusInputSerializer, responses={200: s.TournamentSerializer}
    )
    def post(self, request: Request, slug: str) -> Response:
        data = s.TournamentStatusInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament, target = _tournament(slug), data.validated_data["status"]
        action = status_action(tournament.status, target)
        if action is not None and can_direct(request.user, tournament):
            require_confirmed(action, tournament, data.validated_data["confirm"])
        t = tournaments.tournament_status_set(by=request.user, tournament=tournament, status=target)
        return Response(s.TournamentSerializer(t).data)


def _actions(subject: Any, actions: tuple[Action, ...], request: Request) -> Response:
    found = offers(subject, actions, Context(by=request.user))
    return Response(
        {
            "actions": [
                {
                    "action": key,
                    "allowed": offer.allowed,
                    "code": offer.code,
                    "reason": str(offer.reason),
                    "confirm": str(offer.consequence) if offer.consequence else None,
                }
                for key, offer in found.items()
            ]
        }
    )


class TournamentActionsApi(APIView):
    """What may happen to the tournament now, each refusal with its rule and reason (for the
    asking user: the public and players see the directors' actions refused)."""

    @extend_schema(responses={200: s.ActionsSerializer})
    def get(self, request: Request, slug: str) -> Response:
        return _actions(_tournament(slug), TOURNAMENT_ACTIONS, request)


class RoundActionsApi(APIView):
    """What may happen to the round now, each refusal with its rule and reason."""

    @extend_schema(responses={200: s.ActionsSerializer})
    def get(self, request: Request, pk: int) -> Response:
        round = get_object_or_404(Round.objects.select_related("tournament"), pk=pk)
        if not may_see_draw(request.user, round):
            raise Http404
        return _actions(round, ROUND_ACTIONS, request)


class EntryRegisterApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.EntryRegisterInputSerializer, responses={201: s.EntrySerializer})
    def post(self, request: Request, slug: str) -> Response:
        data = s.EntryRegisterInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = entries.entry_register(
            by=request.user, tournament=_tournament(slug), player=data.validated_data["player"]
        )
        return Response(s.EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class EntryCheckInApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.EntryCheckInInputSerializer, responses={200: s.EntrySerializer})
    def post(self, request: Request, pk: int) -> Response:
        data = s.EntryCheckInInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = entries.entry_check_in(
            by=request.user, entry=get_object_or_404(Entry, pk=pk), **data.validated_data
        )
        return Response(s.EntrySerializer(entry).data)


class EntryWithdrawApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.EntryWithdrawInputSerializer, responses={200: s.EntrySerializer})
    def post(self, request: Request, pk: int) -> Response:
        data = s.EntryWithdrawInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = entries.entry_withdraw(
            by=request.user, entry=get_object_or_404(Entry, pk=pk), **data.validated_data
        )
        return Response(s.EntrySerializer(entry).data)


class EntrySubstituteApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.EntryRegisterInputSerializer, responses={201: s.EntrySerializer})
    def post(self, request: Request, pk: int) -> Response:
        data = s.EntryRegisterInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = entries.entry_substitute_add(
            by=request.user,
            replaces=get_object_or_404(Entry, pk=pk),
            player=data.validated_data["player"],
        )
        return Response(s.EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class RoundCreateApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.RoundCreateInputSerializer, responses={201: s.RoundSerializer})
    def post(self, request: Request, slug: str) -> Response:
        data = s.RoundCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        round = rounds.round_create(
            by=request.user, tournament=_tournament(slug), **data.validated_data
        )
        return Response(
            s.RoundSerializer(round, context=DIRECTOR).data, status=status.HTTP_201_CREATED
        )


class RoundUpdateApi(APIView):
    """A round's format: word, when its game ends, the best place a final decides."""

    permission_classes = AUTH

    @extend_schema(request=s.RoundFormatInputSerializer, responses={200: s.RoundSerializer})
    def patch(self, request: Request, pk: int) -> Response:
        data = s.RoundFormatInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        round = rounds.round_format_set(
            by=request.user, round=get_object_or_404(Round, pk=pk), **data.validated_data
        )
        return Response(s.RoundSerializer(round, context=DIRECTOR).data)


class PlayoffCreateApi(APIView):
    """The play-off of the tie at the cut in one call: the round, its table, published."""

    permission_classes = AUTH

    @extend_schema(request=s.PlayoffCreateInputSerializer, responses={201: s.RoundSerializer})
    def post(self, request: Request, slug: str) -> Response:
        data = s.PlayoffCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        round = playoff.playoff_create(
            by=request.user, tournament=_tournament(slug), **data.validated_data
        )
        return Response(
            s.RoundSerializer(round, context=DIRECTOR).data, status=status.HTTP_201_CREATED
        )


class RoundWordApi(APIView):
    """A round's word alone (the same rule as the format's ``PATCH``: until a game starts)."""

    permission_classes = AUTH

    @extend_schema(request=s.RoundWordInputSerializer, responses={200: s.RoundSerializer})
    def post(self, request: Request, pk: int) -> Response:
        data = s.RoundWordInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        round = rounds.round_word_set(
            by=request.user, round=get_object_or_404(Round, pk=pk), **data.validated_data
        )
        return Response(s.RoundSerializer(round, context=DIRECTOR).data)


class RoundDrawApi(APIView):
    """Start the draw job; poll ``GET`` on the same address until ``done``."""

    permission_classes = AUTH

    @extend_schema(request=s.RoundDrawInputSerializer, responses={202: s.DrawStatusSerializer})
    def post(self, request: Request, pk: int) -> Response:
        data = s.RoundDrawInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        draw.round_draw_start(
            by=request.user, round=get_object_or_404(Round, pk=pk), **data.validated_data
        )
        return Response(_status(pk), status=status.HTTP_202_ACCEPTED)

    @extend_schema(responses={200: s.DrawStatusSerializer})
    def get(self, request: Request, pk: int) -> Response:
        return Response(_status(pk))


def _status(pk: int) -> dict[str, Any]:
    # Read after the request's transaction: the eager job may have finished already.
    round = get_object_or_404(Round, pk=pk)
    return {
        "status": round.status,
        "done": round.status != RoundStatus.DRAWING,
        "error": round.draw_error,
    }


class RoundManualDrawApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.RoundManualInputSerializer, responses={200: s.RoundSerializer})
    def post(self, request: Request, pk: int) -> Response:
        data = s.RoundManualInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        round = draw.round_draw_manual(
            by=request.user, round=get_object_or_404(Round, pk=pk), **data.validated_data
        )
        return Response(s.RoundSerializer(round, context=DIRECTOR).data)


class SeatSwapApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=s.SeatSwapInputSerializer, responses={200: s.RoundSerializer})
    def post(self, request: Request, pk: int) -> Response:
        data = s.SeatSwapInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # The round first: Django answers "no such row" for an id past the column's range on a
        # primary key, not through a join (SQLite raises OverflowError there).
        round_ = get_object_or_404(Round, pk=pk)
        seat = get_object_or_404(
            TableSeat.objects.select_related("table__round"),
            pk=data.validated_data["seat"],
            table__round=round_,
        )
        entry = get_object_or_404(Entry, pk=data.validated_data["entry"])
        round = draw.seat_swap(by=request.user, seat=seat, entry=entry)
        return Response(s.RoundSerializer(round, context=DIRECTOR).data)


class RoundPublishApi(APIView):
    permission_classes = AUTH

    @extend_schema(request=None, responses={200: s.RoundSerializer})
    def post(self, request: Request, pk: int) -> Response:
        round = draw.round_draw_publish(by=request.user, round=get_object_or_404(Round, pk=pk))
        return Response(s.RoundSerializer(round, context=DIRECTOR).data)


def _confirmed_step(request: Request, pk: int, action: Action) -> Round:
    """A round's step that may ask a confirmation: ``confirm: true``, or a 409 saying what
    it will do (asked only of those who may take it: others get the service's 403)."""
    data = s.ConfirmInputSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    round = get_object_or_404(Round.objects.select_related("tournament"), pk=pk)
    if can_direct(request.user, round.tournament):
        require_confirmed(action, round, data.validated_data["confirm"])
    return round


class RoundFinishApi(APIView):
    """Finish a round by hand (``confirm: true`` when tables have no deal or still play)."""

    permission_classes = AUTH

    @extend_schema(request=s.ConfirmInputSerializer, responses={200: s.RoundSerializer})
    def post(self, request: Request, pk: int) -> Response:
        round = _confirmed_step(request, pk, Action.FINISH_ROUND)
        round = rounds.round_finish(by=request.user, round=round)
        return Response(s.RoundSerializer(round, context=DIRECTOR).data)


class RoundReopenApi(APIView):
    """A finished round in play again while the tournament runs (logged)."""

    permission_classes = AUTH

    @extend_schema(request=s.ConfirmInputSerializer, responses={200: s.RoundSerializer})
    def post(self, request: Request, pk: int) -> Response:
        round = _confirmed_step(request, pk, Action.REOPEN_ROUND)
        round = rounds.round_reopen(by=request.user, round=round)
        return Response(s.RoundSerializer(round, context=DIRECTOR).data)


class RoundDeleteApi(APIView):
    """Delete a planned round or a draft draw no game has begun (``confirm: true``)."""

    permission_classes = AUTH

    @extend_schema(request=s.ConfirmInputSerializer, responses={204: None})
    def post(self, request: Request, pk: int) -> Response:
        round = _confirmed_step(request, pk, Action.DELETE_ROUND)
        rounds.round_delete(by=request.user, round=round)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundDrawResetApi(APIView):
    """A round left ``drawing`` (its job failed or never ran) back to what it was before."""

    permission_classes = AUTH

    @extend_schema(request=None, responses={200: s.RoundSerializer})
    def post(self, request: Request, pk: int) -> Response:
        round = draw.round_draw_reset(by=request.user, round=get_object_or_404(Round, pk=pk))
        return Response(s.RoundSerializer(round, context=DIRECTOR).data)


class EntryNewcomerApi(APIView):
    """The registration desk: create a newcomer in the registry and enter them, or nothing."""

    permission_classes = AUTH

    @extend_schema(request=s.EntryNewcomerInputSerializer, responses={201: s.EntrySerializer})
    def post(self, request: Request, slug: str) -> Response:
        data = s.EntryNewcomerInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = entries.entry_register_newcomer(
            by=request.user, tournament=_tournament(slug), **data.validated_data
        )
        return Response(s.EntrySerializer(entry).data, status=status.HTTP_201_CREATED)
