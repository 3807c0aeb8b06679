"""Query parameters read one way everywhere: a value that is not what the parameter takes
is a 400 answer naming the parameter (never a 500, never silently something else).

Pages and API views read parameters with :func:`int_param` and :func:`text_param`; they raise
:class:`BadParameter`, which :class:`BadParameterMiddleware` turns into the 400 (JSON under
``/api/``, plain text elsewhere).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.utils.translation import gettext as _

from scwu.security.text import has_control_characters

_DIGITS = re.compile(r"[0-9]{1,18}")  # ASCII only: "²".isdigit() is true but int() fails
#: The largest whole number a parameter takes unless it says otherwise.
MAX_WHOLE = 10**9


class BadParameter(Exception):
    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{name}: {message}")
        self.name = name
        self.message = message


def _source(request: Any) -> QueryDict:
    return getattr(request, "query_params", None) or request.GET


def int_param(
    request: Any, name: str, *, default: int | None, minimum: int = 0, maximum: int = MAX_WHOLE
) -> int | None:
    """The whole number ``name`` from the query string, ``default`` when absent or empty."""
    return int_value(
        name, _source(request).get(name), default=default, minimum=minimum, maximum=maximum
    )


def int_value(
    name: str, raw: str | None, *, default: int | None, minimum: int = 0, maximum: int = MAX_WHOLE
) -> int | None:
    """``raw`` (a parameter or form value called ``name``) as a whole number in range."""
    if raw is None or raw == "":
        return default
    if not _DIGITS.fullmatch(raw) or not minimum <= int(raw) <= maximum:
        raise BadParameter(
            name,
            _("must be a whole number from %(min)d to %(max)d.") % {"min": minimum, "max": maximum},
        )
    return int(raw)


def text_param(request: Any, name: str, *, default: str = "", max_length: int = 100) -> str:
    """The text ``name`` from the query string: printable, at most ``max_length`` characters."""
    raw = _source(request).get(name)
    if raw is None:
        return default
    if len(raw) > max_length or has_control_characters(raw, line_breaks=False):
        raise BadParameter(
            name,
            _("must be at most %(n)d printable characters.") % {"n": max_length},
        )
    return str(raw)


def bad_parameter_response(request: HttpRequest, exc: BadParameter) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({exc.name: [exc.message]}, status=400)
    return HttpResponse(
        f"{exc.name}: {exc.message}", status=400, content_type="text/plain; charset=utf-8"
    )


class BadParameterMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, BadParameter):
            return bad_parameter_response(request, exception)
        return None
