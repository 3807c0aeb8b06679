"""Smoke API: sessions with their current tally, one small class per write operation,
the readout (json, text or spoken) and the jargon check."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.smoke.jargon import check_line, suggest
from engine.smoke.tally import Infraction
from games.smoke import selectors, services
from games.smoke import serializers as s
from games.smoke.models import SmokeSession
from scwu.api.pagination import PageQuerySerializer, Pagination
from scwu.api.query import query_read

TAG = ["smoke"]


def _session(pk: int) -> SmokeSession:
    try:
        return selectors.smoke_session_get(pk=pk)
    except SmokeSession.DoesNotExist as exc:
        raise Http404 from exc


class SmokeSessionListCreateApi(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        tags=TAG,
        operation_id="smoke_sessions_list",
        parameters=[PageQuerySerializer],
        responses={200: s.SessionPageSerializer},
    )
    def get(self, request: Request) -> Response:
        paginator = Pagination()
        page = paginator.paginate_queryset(selectors.smoke_session_list(), request, view=self)
        data = [s.session_data(session) for session in page or []]
        return paginator.get_paginated_response(s.SessionSerializer(data, many=True).data)

    @extend_schema(
        tags=TAG,
        request=s.SessionCreateInputSerializer,
        responses={201: s.SessionDetailSerializer},
        description="Open a session; the signed-in user becomes its scorekeeper.",
    )
    def post(self, request: Request) -> Response:
        data = s.SessionCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values: dict[str, Any] = dict(data.validated_data)
        values["participants"] = [
            services.Participant(name=p.get("name", ""), player=p.get("player"))
            for p in values["participants"]
        ]
        session = services.smoke_session_create(by=request.user, **values)
        session = selectors.smoke_session_get(pk=session.pk)
        body = s.SessionDetailSerializer(s.session_data(session, hands=True)).data
        return Response(body, status=status.HTTP_201_CREATED)


class SmokeSessionDetailApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(tags=TAG, responses={200: s.SessionDetailSerializer})
    def get(self, request: Request, pk: int) -> Response:
        session = _session(pk)
        return Response(s.SessionDetailSerializer(s.session_data(session, hands=True)).data)


class SmokeHandRecordApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        tags=TAG,
        request=s.HandRecordInputSerializer,
        responses={201: s.HandRecordedSerializer},
        description=(
            "Record the next hand. The engine checks it against the whole history; a refusal "
            "is a 400 naming the field (stayed, tricks, first_trick, dealer, first_out, "
            "infractions, session) and nothing is written. Scorekeeper, directors, referees "
            "and administrators only (403)."
        ),
    )
    def post(self, request: Request, pk: int) -> Response:
        session = _session(pk)
        data = s.HandRecordInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        values["infractions"] = [Infraction(i["who"], i["what"]) for i in values["infractions"]]
        hand = services.smoke_hand_record(by=request.user, session=session, **values)
        session = selectors.smoke_session_get(pk=session.pk)
        sheet = selectors.smoke_sheet(session)
        body = {
            "hand": s.hand_data(sheet, hand.number - 1),
            "session": s.session_data(session, sheet=sheet),
        }
        return Response(s.HandRecordedSerializer(body).data, status=status.HTTP_201_CREATED)


class SmokeHandUndoApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        tags=TAG,
        request=None,
        responses={200: s.SessionDetailSerializer},
        description="Remove the last hand (a correction). A won session runs again.",
    )
    def post(self, request: Request, pk: int) -> Response:
        session = _session(pk)
        services.smoke_hand_undo(by=request.user, session=session)
        session = selectors.smoke_session_get(pk=session.pk)
        return Response(s.SessionDetailSerializer(s.session_data(session, hands=True)).data)


class SmokeReadoutApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        tags=TAG,
        parameters=[s.ReadoutQuerySerializer],
        responses={
            200: OpenApiResponse(
                s.ReadoutSerializer, description="json; text/plain for as=text or as=spoken"
            ),
            (200, "text/plain"): OpenApiTypes.STR,
        },
    )
    def get(self, request: Request, pk: int) -> Response | HttpResponse:
        query = query_read(s.ReadoutQuerySerializer, request)
        session = _session(pk)
        sheet = selectors.smoke_sheet(session)
        count = len(sheet.results)
        if not count:
            raise ValidationError({"hand": [_("No hand has been recorded yet.")]})
        hand = query.get("hand", count)
        if hand > count:
            # Within the schema's range: the session's state refuses it (409), as above.
            raise ValidationError({"hand": [_("Hands recorded so far: %(n)d.") % {"n": count}]})
        readout = sheet.readout(hand - 1)
        if query["as"] == "json":
            return Response(s.ReadoutSerializer(readout.as_dict()).data)
        text = readout.text if query["as"] == "text" else readout.spoken
        return HttpResponse(text, content_type="text/plain; charset=utf-8")


class SmokeJargonCheckApi(APIView):
    permission_classes = [permissions.AllowAny]
    authentication_classes: list[Any] = []

    @extend_schema(
        tags=TAG,
        request=s.JargonInputSerializer,
        responses={200: s.JargonOutputSerializer},
        description="Card words said at a Smoke table (five up each) and their substitutes.",
    )
    def post(self, request: Request) -> Response:
        data = s.JargonInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        line: str = data.validated_data["line"]
        findings = [f.as_dict() for f in check_line(line)]
        body = {
            "line": line,
            "clean": not findings,
            "suggestion": suggest(line),
            "findings": findings,
        }
        return Response(s.JargonOutputSerializer(body).data)
