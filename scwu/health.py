"""Service health: the ``/healthz`` probe, and a clear 503 while the database is away.

``/healthz`` answers 200 while the site can record deals (the database answers) and 503
when it cannot; Redis being down only makes it "degraded" (pages and deals still work,
see ``scwu.cache`` and ``scwu.broker``). Load balancers, the load test and the fault
tests wait on it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import redis
from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

logger = logging.getLogger("scwu.health")

#: Seconds a client should wait before retrying while the database is away.
RETRY_AFTER = 5
OK = "ok"


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as exc:
        return f"down: {exc.__class__.__name__}"
    return OK


def _redis() -> str:
    if not settings.REDIS_URL:
        return "not used"
    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1
        )
        try:
            client.ping()
        finally:
            client.close()
    except (redis.RedisError, OSError) as exc:
        return f"down: {exc.__class__.__name__}"
    return OK


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database(), "redis": _redis()}
    if checks["database"] != OK:
        status = "down"
    elif checks["redis"] not in (OK, "not used"):
        status = "degraded"
    else:
        status = OK
    return JsonResponse({"status": status, **checks}, status=503 if status == "down" else 200)


def _unavailable(request: HttpRequest) -> HttpResponse:
    message = _(
        "The results database is briefly unavailable. Nothing was lost: try again in a few seconds."
    )
    wants_json = request.path.startswith("/api/") or "json" in request.headers.get("Accept", "")
    response: HttpResponse
    if wants_json:
        response = JsonResponse({"detail": message}, status=503)
    else:
        response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER)
    return response


class DatabaseUnavailableMiddleware:
    """Turn a lost database connection into a 503 that says to retry, not a 500 page.

    Django closes a broken connection at the end of the request, so the next request
    opens a fresh one and succeeds as soon as the database is back."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, (OperationalError, InterfaceError)):
            logger.warning("database unavailable for %s: %s", request.path, exception)
            return _unavailable(request)
        return None
