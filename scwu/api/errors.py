"""One exception handler: every refusal is a 4xx answer that names the field and the reason.

* 400: the request is malformed: a field or parameter is missing or not of its type or range
  (the serializers, ``scwu.security.params``);
* 404: it names an object that does not exist, in the path or in the body (a primary key
  the serializer could not find);
* 409: it is well formed but the federation's rules or the current state refuse it (a
  service's ``ValidationError``: a stale deal number, a finished game, a nickname taken…);
* 503: a job the request starts could not be queued (``scwu.broker.BrokerUnavailable``):
  nothing was stored, retry after ``Retry-After`` seconds.

Under ``/api/`` Django's own 404 and 405 answers are JSON too (:func:`not_found`).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from scwu.broker import BrokerUnavailable
from scwu.health import RETRY_AFTER
from scwu.roles import second_factor_missing
from scwu.security.offline import mark_offline_copy
from scwu.security.params import BadParameter


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "The request conflicts with the current state."
    default_code = "conflict"


class QueueUnavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = "The job queue is unreachable; try again in a moment."
    default_code = "broker_unavailable"
    #: DRF sends it as ``Retry-After``
    wait = RETRY_AFTER


class MissingReference(exceptions.APIException):
    status_code = status.HTTP_404_NOT_FOUND
    default_detail = "Not found."
    default_code = "does_not_exist"


def _codes(codes: Any) -> set[str]:
    if isinstance(codes, dict):
        return set().union(*(_codes(value) for value in codes.values())) if codes else set()
    if isinstance(codes, list):
        return set().union(*(_codes(value) for value in codes)) if codes else set()
    return {str(codes)}


def _refusal(exc: PermissionDenied, context: dict[str, Any]) -> str | None:
    """The refusal's reason; for an official whose rights wait for two-factor sign-in, that."""
    request = context.get("request")
    if second_factor_missing(getattr(request, "user", None)):
        return _(
            "Your rights as an official need two-factor sign-in: set it up on the site "
            "(Account, Two-factor sign-in), then try again."
        )
    return str(exc) or None


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, BadParameter):
        exc = exceptions.ValidationError(detail={exc.name: [exc.message]})
    elif isinstance(exc, BrokerUnavailable):
        exc = QueueUnavailable(detail=exc.message_dict)
    elif isinstance(exc, DjangoValidationError):
        detail: Any = exc.message_dict if hasattr(exc, "error_dict") else {"detail": exc.messages}
        exc = Conflict(detail=detail)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(detail=_refusal(exc, context))
    elif isinstance(exc, exceptions.ValidationError) and _codes(exc.get_codes()) == {
        "does_not_exist"
    }:
        exc = MissingReference(detail=exc.detail)
    return drf_exception_handler(exc, context)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler404``: JSON under ``/api/``, the site's page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    response = defaults.page_not_found(request, exception)
    # Whose visit it was: a table page the signed-out public may not see (a held round's)
    # makes the table page's service worker drop a judge's copies all the same.
    mark_offline_copy(request, response)
    return response
