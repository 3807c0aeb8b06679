"""The floor a benchmark measures against: a bare DRF view doing one query, served beside the
site. A benchmark points ``ROOT_URLCONF`` here (``/bench/bare/<slug>/`` reads one
tournament's id and name; everything else is the site's URLs)."""

from __future__ import annotations

from typing import Any

#: The bare view's address for the tournament ``slug``.
BARE_PATH = "/bench/bare/{slug}/"


def _bench_urlpatterns() -> list[Any]:
    from django.urls import include, path
    from rest_framework.request import Request
    from rest_framework.response import Response
    from rest_framework.views import APIView

    from tournaments.models import Tournament

    class BareTournamentApi(APIView):
        """One query, a tiny answer: the floor a DRF endpoint costs on this machine."""

        schema = None  # bench-only: not in the site's API schema

        def get(self, request: Request, slug: str) -> Response:
            row = Tournament.objects.filter(slug=slug).values("pk", "name").first()
            return Response(row)

    return [
        path("bench/bare/<slug:slug>/", BareTournamentApi.as_view()),
        path("", include("scwu.config.urls")),
    ]


def __getattr__(name: str) -> Any:
    # ``ROOT_URLCONF`` points here in a benchmark only; the patterns are built lazily so
    # importing this module never needs Django configured.
    if name == "urlpatterns":
        return _bench_urlpatterns()
    raise AttributeError(name)
