"""Results API: standings, classification, per-round standings and exports of a tournament.

Every answer obeys the release control: the public never sees a held round; the
tournament's directors do. The documents come from :func:`tournament_results`, which
caches by results version, and are kept in the cache under the same version.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scwu.api.query import WholeNumberField, query_read
from scwu.httpcache import PUBLIC_MAX_AGE
from tournaments.exports.documents import ClassificationDocument, StandingsDocument
from tournaments.exports.files import (
    UnknownRoundError,
    export_refusal,
    standings_document,
)
from tournaments.exports.kinds import (
    EXPORT_KINDS,
    KIND_NAMES,
    export_kind,
    unknown_export_message,
    whole_tournament_message,
)
from tournaments.models import Tournament
from tournaments.results.loading import results_version
from tournaments.results.selectors import (
    CACHE_SECONDS,
    TournamentResults,
    results_viewer_may_see_unreleased,
    tournament_results,
)
from tournaments.results.selectors import _cache_key as results_cache_key

# Output serializers: they document (and pass through) the plain documents of
# ``tournaments.exports.standings``, so the API and the JSON export are the same shape.


class CutTieSerializer(serializers.Serializer[Any]):
    player_ids = serializers.ListField(child=serializers.IntegerField())
    spots = serializers.IntegerField(help_text="Places in the final left for the tied players.")
    place = serializers.IntegerField(help_text="The place they share in the standings.")


class CutSerializer(serializers.Serializer[Any]):
    size = serializers.IntegerField(help_text="Players in the final.")
    qualified = serializers.ListField(
        child=serializers.IntegerField(), help_text="Player ids clearly through."
    )
    needs_playoff = serializers.BooleanField(help_text="A tie straddles the cut.")
    resolved_by_playoff = serializers.BooleanField()
    tie = CutTieSerializer(allow_null=True)


class RoundTallySerializer(serializers.Serializer[Any]):
    deals_played = serializers.IntegerField()
    deals_lost = serializers.IntegerField()
    success_rate = serializers.FloatField(allow_null=True)
    placka = serializers.BooleanField()
    penalty_points = serializers.IntegerField(allow_null=True)


class StandingRowSerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField(allow_null=True, help_text="Shared places repeat.")
    is_shared = serializers.BooleanField()
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()
    club = serializers.CharField(allow_null=True)
    country = serializers.CharField(allow_null=True)
    status = serializers.CharField(
        help_text="scoring, substitute, withdrawn_classified or withdrawn_unclassified."
    )
    deals_played = serializers.IntegerField()
    deals_lost = serializers.IntegerField()
    success_rate = serializers.FloatField(
        allow_null=True, help_text="Deals not lost / deals played, in %, one decimal."
    )
    placky = serializers.IntegerField()
    penalty_points = serializers.IntegerField(allow_null=True)
    in_cut = serializers.BooleanField()
    at_cut_tie = serializers.BooleanField()
    round = RoundTallySerializer(required=False, help_text="Per-round standings only.")


class ClassificationRowSerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField(allow_null=True)
    is_shared = serializers.BooleanField()
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()
    club = serializers.CharField(allow_null=True)
    country = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    stage = serializers.CharField(help_text="final, small_final or basic_rounds.")
    points = serializers.CharField(allow_null=True, help_text="Ranking points, e.g. 8.7.")
    deals_played = serializers.IntegerField(help_text="Every counted deal, the final included.")
    deals_lost = serializers.IntegerField()
    success_rate = serializers.FloatField(
        allow_null=True, help_text="The tournament figure, per cent, one decimal."
    )
    placky = serializers.IntegerField(help_text="Placky taken in every round, the final included.")


class ClassificationSerializer(serializers.Serializer[Any]):
    is_complete = serializers.BooleanField()
    rows = ClassificationRowSerializer(many=True)


class StandingsDocumentSerializer(serializers.Serializer[Any]):
    tournament = serializers.CharField(help_text="The tournament's slug.")
    version = serializers.IntegerField(help_text="Results version: changes after every write.")
    round = serializers.IntegerField(allow_null=True)
    visible_rounds = serializers.ListField(child=serializers.IntegerField())
    includes_unreleased = serializers.BooleanField()
    precedence = serializers.ListField(child=serializers.CharField())
    cut = CutSerializer(allow_null=True)
    small_cut = CutSerializer(
        allow_null=True,
        help_text="The cut to the small final: its size counts the final's players too.",
    )
    standings = StandingRowSerializer(many=True)
    classification = ClassificationSerializer(allow_null=True)


class ClassificationDocumentSerializer(serializers.Serializer[Any]):
    tournament = serializers.CharField()
    version = serializers.IntegerField()
    includes_unreleased = serializers.BooleanField()
    classification = ClassificationSerializer(allow_null=True)


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def _tournament_and_version(slug: str) -> tuple[Tournament, int]:
    """The tournament and its results version in one query (the hot path of polling)."""
    rows = Tournament.objects.select_related("results_state")
    tournament = get_object_or_404(rows, slug=slug)
    state = getattr(tournament, "results_state", None)  # none before the first change
    return tournament, state.requested if state is not None else 0


def _results(request: Request, tournament: Tournament) -> TournamentResults:
    include = results_viewer_may_see_unreleased(request.user, tournament)
    return tournament_results(tournament, include_unreleased=include)


@dataclass(frozen=True)
class Cached:
    """A JSON answer as stored in the cache, with what its ETag is made of."""

    tournament_id: int
    version: int
    includes_unreleased: bool
    body: bytes

    def etag(self, part: str) -> str:
        return f'W/"{self.tournament_id}-{self.version}-{int(self.includes_unreleased)}-{part}"'


def _cached(
    tournament: Tournament,
    *,
    include_unreleased: bool,
    part: str,
    build: Callable[[TournamentResults], StandingsDocument | ClassificationDocument],
    version: int | None = None,
    results: TournamentResults | None = None,
) -> Cached:
    """The ``part`` document of the current results version, rendered once per version.

    A repeated read costs one small version query and one cache hit: the (larger) results
    object is only read when the version changed since the document was last rendered.
    """
    if results is not None:
        version = results.version
    elif version is None:
        version = results_version(tournament.pk)
    key = f"api:{part}:{results_cache_key(tournament, version, include_unreleased)}"
    cached = cache.get(key)
    if isinstance(cached, Cached):
        return cached
    if results is None:
        results = tournament_results(tournament, include_unreleased=include_unreleased)
    body = json.dumps(build(results), ensure_ascii=False, separators=(",", ":")).encode()
    cached = Cached(tournament.pk, results.version, results.includes_unreleased, body)
    # Stored under the version the document was built from (a write may have come between).
    key = f"api:{part}:{results_cache_key(tournament, results.version, include_unreleased)}"
    cache.set(key, cached, timeout=CACHE_SECONDS)
    return cached


def _answer(request: Request, cached: Cached, part: str) -> HttpResponse | Response:
    """The JSON with an ETag on the results version; a repeat poll gets 304 Not Modified."""
    tag = cached.etag(part)
    response: HttpResponse | Response
    if request.headers.get("If-None-Match") == tag:
        response = HttpResponse(status=304)
    elif request.accepted_renderer.format == "json":
        response = HttpResponse(cached.body, content_type="application/json")
    else:  # the browsable API renders the same data
        response = Response(json.loads(cached.body))
    response["ETag"] = tag
    # The public's JSON may be shared by nginx or a CDN for a moment (scwu.httpcache).
    shared = (
        not cached.includes_unreleased
        and not request.user.is_authenticated
        and request.accepted_renderer.format == "json"
    )
    response["Cache-Control"] = f"public, max-age={PUBLIC_MAX_AGE}" if shared else "no-cache"
    response["Vary"] = "Cookie, Authorization, Accept, Accept-Language"
    return response


def _visible_round(results: TournamentResults, number: int) -> None:
    try:
        refusal = export_refusal(results, number)
    except UnknownRoundError as exc:
        raise Http404(str(exc)) from exc
    if refusal is not None:
        raise PermissionDenied(refusal)


class TournamentStandingsApi(APIView):
    """The standings of the basic rounds the viewer may see, with the cut to the final."""

    @extend_schema(responses={200: StandingsDocumentSerializer}, operation_id="standings_get")
    def get(self, request: Request, slug: str) -> HttpResponse | Response:
        tournament, version = _tournament_and_version(slug)
        cached = _cached(
            tournament,
            include_unreleased=results_viewer_may_see_unreleased(request.user, tournament),
            part="standings",
            version=version,
            build=lambda results: standings_document(tournament, results, None),
        )
        return _answer(request, cached, "standings")


def _classification(tournament: Tournament, results: TournamentResults) -> ClassificationDocument:
    document = standings_document(tournament, results, None)
    return {
        "tournament": document["tournament"],
        "version": document["version"],
        "includes_unreleased": document["includes_unreleased"],
        "classification": document["classification"],
    }


class TournamentClassificationApi(APIView):
    """The final classification (``null`` until a final round exists)."""

    @extend_schema(
        responses={200: ClassificationDocumentSerializer}, operation_id="classification_get"
    )
    def get(self, request: Request, slug: str) -> HttpResponse | Response:
        tournament, version = _tournament_and_version(slug)
        cached = _cached(
            tournament,
            include_unreleased=results_viewer_may_see_unreleased(request.user, tournament),
            part="classification",
            version=version,
            build=lambda results: _classification(tournament, results),
        )
        return _answer(request, cached, "classification")


class RoundStandingsApi(APIView):
    """Cumulative standings after one round, with each player's figures in that round.

    A round whose results are held back is refused (403) to all but the directors.
    """

    @extend_schema(
        responses={
            200: StandingsDocumentSerializer,
            403: OpenApiResponse(description="The round's results are held back."),
            404: OpenApiResponse(description="No such tournament or round."),
        },
        operation_id="round_standings_get",
    )
    def get(self, request: Request, slug: str, number: int) -> HttpResponse | Response:
        tournament = _tournament(slug)
        results = _results(request, tournament)
        _visible_round(results, number)
        part = f"round-{number}"
        cached = _cached(
            tournament,
            include_unreleased=results.includes_unreleased,
            part=part,
            build=lambda results: standings_document(tournament, results, number),
            results=results,
        )
        return _answer(request, cached, part)


#: Beyond any tournament's rounds: a larger ``?round=`` is outside the schema, a 400.
MAX_ROUND = 999


class ExportQuerySerializer(serializers.Serializer[Any]):
    round = WholeNumberField(
        min_value=1, max_value=MAX_ROUND, required=False, help_text="Only this round."
    )


class ResultsExportApi(APIView):
    """A results export file: the final results (the classification, before a final the basic
    rounds' standings) or the basic rounds' standings as CSV or an Excel workbook, the
    standings as JSON, the deals as SCN, the games as game records, or the team
    classification as CSV, an Excel workbook or JSON.

    With ``round`` only that round (refused with 403 when it is held back, and with 400 for
    the team classification's files, which are the whole tournament's); without it, every
    round the viewer may see.
    """

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "kind",
                OpenApiTypes.STR,
                OpenApiParameter.PATH,
                enum=[kind.name for kind in EXPORT_KINDS],
                description=KIND_NAMES,
            ),
            ExportQuerySerializer,
        ],
        responses={
            **{
                (200, kind.media_type.split(";")[0]): OpenApiTypes.OBJECT
                if kind.media_type == "application/json"
                else OpenApiTypes.BINARY
                if kind.is_binary
                else OpenApiTypes.STR
                for kind in EXPORT_KINDS
            },
            403: OpenApiResponse(description="The round's results are held back."),
            404: OpenApiResponse(
                description="No such tournament, round or export, or a round of a file that "
                "is the whole tournament's only."
            ),
        },
        operation_id="results_export",
    )
    def get(self, request: Request, slug: str, kind: str) -> HttpResponse:
        export = export_kind(kind)
        if export is None:
            raise Http404(unknown_export_message())
        tournament = _tournament(slug)
        results = _results(request, tournament)
        number = query_read(ExportQuerySerializer, request).get("round")
        if number is not None and not export.per_round:
            # As on the pages: a whole tournament's file has no round's address.
            raise Http404(whole_tournament_message())
        if number is not None:
            _visible_round(results, number)
        return export.download(tournament, results, number)
