"""Every API operation takes the inputs its schema states, and no other:

* a query parameter it does not know (``/api/rounds/?tournament=x`` where the filter is
  ``tournament__slug``, a misspelt page size) is a 400 naming it, never ignored while the
  answer pretends it was applied; ``format`` (DRF's format override) is always taken;
* a write without a request body in the schema (publish a round, waive a misdeal letter)
  refuses a body with fields, naming them. A body the schema describes is checked by its
  serializer (:mod:`scwu.api.strict`).

What an operation takes is read from drf-spectacular's operation for that view and method,
the same computation as the published schema's (filters, pagination, declared query
serializers such as the table state's ``ahead``), so the check and the schema cannot drift.
An operation the schema leaves out (the schema and documentation views) is not checked.
Each operation is worked out once per process, at its first request.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from threading import Lock
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.generators import EndpointEnumerator, SchemaGenerator
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ComponentRegistry
from drf_spectacular.settings import spectacular_settings
from rest_framework.exceptions import UnsupportedMediaType, ValidationError
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from scwu.api.strict import UNKNOWN_FIELD_MESSAGE

_WRITES = {"POST", "PUT", "PATCH", "DELETE"}


@dataclass(frozen=True)
class Operation:
    """What the schema says an operation takes."""

    query: frozenset[str]
    body: bool


#: Operations by (view callback, method); ``None`` when the schema does not describe it.
_OPERATIONS: dict[tuple[Callable[..., Any], str], Operation | None] = {}
_LOCK = Lock()


def _operation(callback: Callable[..., Any], route: str, method: str) -> Operation | None:
    """The schema's operation for ``callback`` at ``route``, built as the schema view builds
    each of its operations (``SchemaGenerator.parse``)."""
    actions = getattr(callback, "actions", None)  # a viewset's, by method
    view_class = getattr(callback, "cls", None)
    offered = method.lower() in actions if actions else hasattr(view_class, method.lower())
    if not offered:
        return None  # a method the view does not offer: its 405 says so
    path = EndpointEnumerator().get_path_from_regex(route)
    # The generator keeps the view's schema alive (the view holds a weak reference to it).
    generator = SchemaGenerator()
    view = generator.create_view(callback, method)
    path = generator.coerce_path(path, method, view)
    if not isinstance(view.schema, AutoSchema):
        return None  # left out of the schema (the API's root)
    view.request = spectacular_settings.GET_MOCK_REQUEST(method, path, view, None)
    operation = view.schema.get_operation(path, route, "^/api/", method, ComponentRegistry())
    if not operation:
        return None
    query = frozenset(
        parameter["name"]
        for parameter in operation.get("parameters", ())
        if parameter.get("in") == "query"
    )
    return Operation(query, "requestBody" in operation)


def operation_of(request: Request) -> Operation | None:
    """What the operation answering ``request`` takes, as the schema states it."""
    match = request.resolver_match  # the Django request's, through DRF's
    if match is None or request.method == "OPTIONS":
        return None
    method = "GET" if request.method == "HEAD" else str(request.method)
    key = (match.func, method)
    if key not in _OPERATIONS:
        with _LOCK:
            if key not in _OPERATIONS:
                _OPERATIONS[key] = _operation(match.func, match.route, method)
    return _OPERATIONS[key]


def _body_fields(request: Request) -> list[str]:
    """The fields of a JSON body (none for a form's empty body, which no parser reads)."""
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not (length.isdigit() and int(length) > 0):
        return []
    try:
        data = request.data
    except UnsupportedMediaType:
        return []
    return [str(name) for name in data] if isinstance(data, Mapping) else []


def refuse_unknown_inputs(request: Request) -> None:
    """A 400 naming every query parameter, and every body field of a write that takes no
    body, that the operation answering ``request`` does not take."""
    operation = operation_of(request)
    if operation is None:
        return
    taken = operation.query | {api_settings.URL_FORMAT_OVERRIDE}
    errors = {
        name: [_("Unknown query parameter.")]
        for name in sorted(request.query_params)
        if name not in taken
    }
    if not operation.body and request.method in _WRITES:
        errors.update({name: [str(UNKNOWN_FIELD_MESSAGE)] for name in _body_fields(request)})
    if errors:
        raise ValidationError(errors, code="unknown")


_initial = APIView.initial


def _initial_with_known_inputs(self: APIView, request: Request, *args: Any, **kwargs: Any) -> None:
    _initial(self, request, *args, **kwargs)
    # After authentication, permissions and throttling: who may not call the operation
    # hears that first, whatever the inputs.
    refuse_unknown_inputs(request)


def install() -> None:
    view: Any = APIView
    view.initial = _initial_with_known_inputs
