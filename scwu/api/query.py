"""Query parameters declared once, as a serializer: the operation's schema lists them from it
(``extend_schema(parameters=[TheQuery])``: types, bounds, choices) and the view reads them
through it (:func:`query_read`), so the schema says exactly what is accepted; anything else
is a 400 naming the parameter. A parameter given empty (``?hand=``) is not of its type
either: only one left out takes its default.
"""

from __future__ import annotations

from typing import Any

from django.urls.converters import SlugConverter
from rest_framework import serializers
from rest_framework.request import Request

from scwu.security.params import MAX_WHOLE, BadParameter, int_value

#: The ``lookup_value_regex`` of every viewset looked up by a slug field. DRF's router matches
#: any characters but ``/`` and ``.``; a slug's (the ``<slug:…>`` converter's) make a value no
#: slug can be (a NUL, which PostgreSQL refuses in a query: a 500) a 404 of the URL resolver.
SLUG = SlugConverter.regex


class WholeNumberField(serializers.IntegerField):
    """A whole number as a query string writes it: ASCII digits within the bounds (DRF's
    ``IntegerField`` also reads ``5.0``, `` 5`` and ``٥``, which the schema's integer is not)."""

    def __init__(self, *, min_value: int = 0, max_value: int = MAX_WHOLE, **kwargs: Any) -> None:
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_internal_value(self, data: Any) -> int:
        if data == "":
            self.fail("invalid")
        try:
            value = int_value(
                self.field_name or "",
                str(data),
                default=None,
                minimum=int(self.min_value or 0),
                maximum=int(self.max_value or MAX_WHOLE),
            )
        except BadParameter as exc:
            raise serializers.ValidationError(exc.message, code="invalid") from exc
        assert value is not None  # only for an empty value, refused above
        return value


def query_read(serializer: type[serializers.Serializer[Any]], request: Request) -> dict[str, Any]:
    """The query parameters of ``request`` as ``serializer`` declares them, or a 400."""
    # A plain mapping, not the QueryDict: DRF reads an empty value of a QueryDict (a form's
    # field left blank) as not given, and the schema's integer or choice is never empty. Only
    # this serializer's parameters: the operation's others (a list's filters beside its
    # page) are theirs to read, and one it does not declare is refused before the view runs
    # (:mod:`scwu.api.known_inputs`).
    names = serializer().fields.keys()
    data = serializer(
        data={name: value for name, value in request.query_params.items() if name in names}
    )
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)
