"""Scorekeeping API: one small class per operation. Writes answer with the table's state."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.analysis import AnalysisPending, AnalysisUnavailable, deal_analysis_get
from games.api import serializers as s
from games.models import Appeal, DealEntry, MisdealEntry, Ruling
from games.online.analysis import online_deal_analysis_get
from games.permissions import can_score, may_see_table, require_referee
from scwu.api.query import query_read
from scwu.security.offline import mark_offline_copy, recorder_id
from tournaments.models import Round, Table
from tournaments.visibility import may_see_results


def _analysis(load: Any) -> Response:
    try:
        return Response(load())
    except AnalysisUnavailable as exc:
        # A bad seat is a malformed request; a deal that cannot be analysed (no full record,
        # a renonc) is a well-formed request its state refuses.
        code = status.HTTP_400_BAD_REQUEST if exc.field == "seat" else status.HTTP_409_CONFLICT
        return Response({exc.field: [exc.message]}, status=code)
    except AnalysisPending:
        body = {"status": "pending", "detail": _("This deal is being analysed.")}
        return Response(body, status=status.HTTP_202_ACCEPTED)


#: Stored by the analysis job when the deal ended; 202 until it is.
_ANALYSIS_RESPONSES = {200: s.AnalysisSerializer, 202: s.AnalysisPendingSerializer}


class DealAnalysisApi(APIView):
    """The post-deal analysis of a deal entered with its full record."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[s.AnalysisQuerySerializer], responses=_ANALYSIS_RESPONSES)
    def get(self, request: Request, deal_id: int) -> Response:
        seat = query_read(s.AnalysisQuerySerializer, request).get("seat")
        return _analysis(lambda: deal_analysis_get(deal_id=deal_id, seat=seat, user=request.user))


class OnlineDealAnalysisApi(APIView):
    """The post-deal analysis of a finished deal of an online game."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[s.AnalysisQuerySerializer], responses=_ANALYSIS_RESPONSES)
    def get(self, request: Request, game_id: int, number: int) -> Response:
        seat = query_read(s.AnalysisQuerySerializer, request).get("seat")
        return _analysis(
            lambda: online_deal_analysis_get(
                game_id=game_id, number=number, seat=seat, user=request.user
            )
        )


def _table(table_id: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round__tournament", "round__word"), pk=table_id
    )


_AHEAD_PARAM = OpenApiParameter(
    "ahead",
    int,
    enum=list(range(selectors.AHEAD_DEALS + 1)),
    description="also the states after every possible loser of the next this many deals "
    "(`ahead`), for who records at the table; the table page asks for them to follow its "
    "deals while offline. They cost replays: 0 (the default) leaves them out.",
)


def _answers_state(request: Any, code: int = status.HTTP_200_OK) -> Any:
    """The schema of an operation that answers with the table's state (``?ahead=N`` too)."""
    return extend_schema(
        request=request, parameters=[_AHEAD_PARAM], responses={code: s.GameStateSerializer}
    )


def _ahead_asked(request: Request) -> int:
    raw = request.query_params.get("ahead")
    if raw is None:
        return 0
    if raw not in {str(n) for n in range(selectors.AHEAD_DEALS + 1)}:
        raise ValidationError(
            {"ahead": [f"a whole number from 0 to {selectors.AHEAD_DEALS}, not {raw[:20]!r}."]}
        )
    return int(raw)


class StateAnswerApi(APIView):
    """An operation that answers with the table's state, with ``?ahead=N`` checked before
    anything is written (a bad value is a 400 and nothing changes)."""

    ahead_asked = 0

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        self.ahead_asked = _ahead_asked(request)

    def ahead(self, table: Table) -> int:
        """The deals ahead as asked, for who may score at ``table`` only (they cost replays)."""
        if not self.ahead_asked or not can_score(self.request.user, table):
            return 0
        return self.ahead_asked

    def state(self, table: Table, code: int = status.HTTP_200_OK) -> Response:
        return Response(selectors.table_state(table, ahead_deals=self.ahead(table)), status=code)


def _input(serializer: type[Any], request: Request) -> dict[str, Any]:
    data = serializer(data=request.data)
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


class TableStateApi(StateAnswerApi):
    permission_classes = [permissions.AllowAny]

    @_answers_state(None)
    def get(self, request: Request, table_id: int) -> Response:
        table = _table(table_id)
        if not may_see_table(request.user, table):
            raise Http404
        response = self.state(table)
        # The table page's worker keeps this state for this session only.
        mark_offline_copy(request, response)
        return response


class DealRecordApi(StateAnswerApi):
    @_answers_state(s.DealRecordInputSerializer, status.HTTP_201_CREATED)
    def post(self, request: Request, table_id: int) -> Response:
        table = _table(table_id)
        data = _input(s.DealRecordInputSerializer, request)
        recorder = data.pop("recorder", None)
        if recorder is not None and recorder != recorder_id(request.user):
            # A deal kept on a shared phone, sent once someone else signed in: it stays on
            # the phone until its recorder signs in again, never recorded under another name.
            raise DjangoValidationError(
                {
                    "recorder": [
                        _(
                            "This deal was recorded on this phone under another account: it is"
                            " sent only when that account is signed in."
                        )
                    ]
                },
                code="recorder",
            )
        deal = services.deal_record(by=request.user, table=table, **data)
        state = selectors.game_state(deal.game, ahead_deals=self.ahead(table))
        return Response(state, status=status.HTTP_201_CREATED)


class DealUndoApi(StateAnswerApi):
    @_answers_state(s.DealUndoInputSerializer)
    def post(self, request: Request, table_id: int) -> Response:
        table = _table(table_id)
        services.deal_undo(
            by=request.user, table=table, **_input(s.DealUndoInputSerializer, request)
        )
        return self.state(table)


class DealCorrectApi(StateAnswerApi):
    @_answers_state(s.DealCorrectInputSerializer, status.HTTP_201_CREATED)
    def post(self, request: Request, deal_id: int) -> Response:
        deal = get_object_or_404(DealEntry.objects.select_related("game__table"), pk=deal_id)
        services.deal_correct(
            by=request.user, deal=deal, **_input(s.DealCorrectInputSerializer, request)
        )
        return self.state(deal.game.table, status.HTTP_201_CREATED)


class MisdealRecordApi(StateAnswerApi):
    @_answers_state(s.MisdealInputSerializer, status.HTTP_201_CREATED)
    def post(self, request: Request, table_id: int) -> Response:
        table = _table(table_id)
        data = _input(s.MisdealInputSerializer, request)
        deal = get_object_or_404(DealEntry, pk=data["deal"]) if data["deal"] else None
        services.misdeal_record(by=request.user, table=table, waived=data["waived"], deal=deal)
        return self.state(table, status.HTTP_201_CREATED)


class MisdealUndoApi(StateAnswerApi):
    @_answers_state(None)
    def post(self, request: Request, table_id: int) -> Response:
        """Undo the last misdeal of the deal being dealt (the line judge's way back)."""
        table = _table(table_id)
        services.misdeal_undo(by=request.user, table=table)
        return self.state(table)


class MisdealWaiveApi(StateAnswerApi):
    @_answers_state(None)
    def post(self, request: Request, misdeal_id: int) -> Response:
        misdeal = get_object_or_404(
            MisdealEntry.objects.select_related("game__table"), pk=misdeal_id
        )
        services.misdeal_waive(by=request.user, misdeal=misdeal)
        return self.state(misdeal.game.table)


class RefereeCallApi(StateAnswerApi):
    @_answers_state(s.RefereeCallInputSerializer)
    def post(self, request: Request, table_id: int) -> Response:
        table = _table(table_id)
        data = _input(s.RefereeCallInputSerializer, request)
        services.game_referee_call(by=request.user, table=table, called=data["called"])
        return self.state(table)


class PaperEnterApi(StateAnswerApi):
    @_answers_state(s.PaperEnterInputSerializer, status.HTTP_201_CREATED)
    def post(self, request: Request, table_id: int) -> Response:
        table = _table(table_id)
        data = _input(s.PaperEnterInputSerializer, request)
        rows = [
            services.PaperRow(tuple(row["losers"]), dict(row.get("points") or {}))
            for row in data["rows"]
        ]
        services.paper_enter(
            by=request.user, table=table, first_number=data["first_number"], rows=rows
        )
        return self.state(table, status.HTTP_201_CREATED)


class RefereeAcknowledgeApi(StateAnswerApi):
    @_answers_state(None)
    def post(self, request: Request, table_id: int) -> Response:
        table = _table(table_id)
        services.game_referee_acknowledge(by=request.user, table=table)
        return self.state(table)


class RulingMakeApi(StateAnswerApi):
    @extend_schema(
        request=s.RulingInputSerializer,
        responses={201: s.GameStateSerializer},
        description="A renonc ruling on a recorded deal, named by its number at this table "
        "(`deal_number`). The internal deal id (`deal`) is still accepted but deprecated.",
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = _table(table_id)
        data = _input(s.RulingInputSerializer, request)
        number = data.pop("deal_number", None)
        deal_id = data.pop("deal", None)
        if number is not None:
            deal = selectors.deal_by_number(table, number)
        else:
            deal = get_object_or_404(DealEntry.objects.select_related("game"), pk=deal_id)
        services.ruling_make(by=request.user, table=table, deal=deal, **data)
        return self.state(table, status.HTTP_201_CREATED)


class AppealFileApi(APIView):
    @extend_schema(request=s.AppealInputSerializer, responses={201: s.AppealOutSerializer})
    def post(self, request: Request, ruling_id: int) -> Response:
        ruling = get_object_or_404(Ruling.objects.select_related("game__table"), pk=ruling_id)
        appeal = services.appeal_file(
            by=request.user, ruling=ruling, **_input(s.AppealInputSerializer, request)
        )
        return Response(s.AppealOutSerializer(appeal).data, status=status.HTTP_201_CREATED)


class AppealDecideApi(StateAnswerApi):
    @_answers_state(s.AppealDecideInputSerializer)
    def post(self, request: Request, appeal_id: int) -> Response:
        appeal = get_object_or_404(
            Appeal.objects.select_related("ruling__game__table"), pk=appeal_id
        )
        services.appeal_decide(
            by=request.user, appeal=appeal, **_input(s.AppealDecideInputSerializer, request)
        )
        return self.state(appeal.ruling.game.table)


class AuditListApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: s.AuditEntrySerializer(many=True)})
    def get(self, request: Request, table_id: int) -> Response:
        table = _table(table_id)
        require_referee(request.user, table)
        game = getattr(table, "game", None)
        entries = selectors.audit_list(game) if game is not None else []
        return Response(s.AuditEntrySerializer(entries, many=True).data)


class RoundDashboardApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: s.DashboardSerializer})
    def get(self, request: Request, round_id: int) -> Response:
        round = get_object_or_404(Round.objects.select_related("tournament"), pk=round_id)
        if not may_see_results(request.user, round):
            raise Http404
        return Response(selectors.round_dashboard(round))
