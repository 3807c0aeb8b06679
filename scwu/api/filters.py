"""The list filters: typed, and stated in the schema as they are checked.

* A filter on a whole-number column (``?year=``) takes ASCII digits within its bounds
  (:class:`WholeNumberFilter`): django-filter's own reads a decimal, so ``?year=0.5`` was
  an empty list instead of a 400.
* A text filter refuses control characters (line breaks included: a query parameter is one
  line), as every text of the API does (:mod:`scwu.security.text`).
* A choice or whole-number filter given empty (``?status=``, ``?year=``) is a 400 naming it:
  django-filter ignores it, while the schema's choice or integer is never empty. Free-text
  filters (a slug) keep django-filter's reading of empty as "not given".

Each filter's schema (minimum, maximum, pattern) is written from the filter itself by
:class:`StrictFilterExtension`, so the schema says what is accepted.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import models
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django_filters import CharFilter, ChoiceFilter, NumberFilter
from django_filters.rest_framework import DjangoFilterBackend, FilterSet
from drf_spectacular.contrib.django_filters import DjangoFilterExtension
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from scwu.security.params import MAX_WHOLE, BadParameter, int_value
from scwu.security.text import LINE_PATTERN, has_control_characters


class WholeNumberFormField(forms.IntegerField):
    """A whole number as a query string writes it: ASCII digits within the bounds (Django's
    ``IntegerField`` also reads ``5.0``, `` 5``, ``+5`` and ``٥``)."""

    def __init__(self, *, min_value: int = 0, max_value: int = MAX_WHOLE, **kwargs: Any) -> None:
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return int_value(
                "",
                str(value),
                default=None,
                minimum=int(self.min_value or 0),
                maximum=int(self.max_value or MAX_WHOLE),
            )
        except BadParameter as exc:
            raise DjangoValidationError(exc.message, code="invalid") from exc


class WholeNumberFilter(NumberFilter):
    field_class = WholeNumberFormField

    def get_max_validator(self) -> None:
        return None  # the field's own bounds


class OneLineTextField(forms.CharField):
    """Text in a query string: no control characters, line breaks included, checked before
    Django strips the value (``?club=a%09`` is refused, not read as ``a``)."""

    def to_python(self, value: Any) -> str:
        if isinstance(value, str) and has_control_characters(value, line_breaks=False):
            raise DjangoValidationError(_("Control characters are not allowed."), code="control")
        return str(super().to_python(value))


_INTEGER_COLUMNS = (models.IntegerField, models.AutoField)


class StrictFilterSet(FilterSet):
    """The base of every filter set of the API (:class:`StrictFilterBackend` generates its
    sets from it; a declared set derives from it)."""

    FILTER_DEFAULTS = {
        **FilterSet.FILTER_DEFAULTS,
        **{
            column: {"filter_class": WholeNumberFilter}
            for column, spec in FilterSet.FILTER_DEFAULTS.items()
            if issubclass(column, _INTEGER_COLUMNS) and spec.get("filter_class") is NumberFilter
        },
    }

    @classmethod
    def get_filters(cls) -> Any:
        filters = super().get_filters()
        for field in filters.values():
            if isinstance(field, CharFilter) and field.field_class is forms.CharField:
                field.field_class = OneLineTextField
        return filters


class StrictFilterBackend(DjangoFilterBackend):
    filterset_base = StrictFilterSet

    def filter_queryset(self, request: Request, queryset: QuerySet[Any], view: Any) -> Any:
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is not None:
            empty = [
                name
                for name, field in filterset_class.base_filters.items()
                if isinstance(field, ChoiceFilter | WholeNumberFilter)
                and name in request.query_params
                and request.query_params[name].strip() == ""
            ]
            if empty:
                raise ValidationError(
                    {name: [_("This parameter cannot be empty.")] for name in empty}
                )
        return super().filter_queryset(request, queryset, view)


class StrictFilterExtension(DjangoFilterExtension):
    """drf-spectacular's reading of django-filter, with each filter's bounds and pattern."""

    target_class = "scwu.api.filters.StrictFilterBackend"
    priority = 1

    def resolve_filter_field(
        self, auto_schema: Any, model: Any, filterset_class: Any, field_name: str, filter_field: Any
    ) -> list[dict[str, Any]]:
        parameters: list[dict[str, Any]] = super().resolve_filter_field(
            auto_schema, model, filterset_class, field_name, filter_field
        )
        for parameter in parameters:
            schema = parameter["schema"]
            if isinstance(filter_field, WholeNumberFilter):
                field = filter_field.field
                schema.update(type="integer", minimum=field.min_value, maximum=field.max_value)
            elif isinstance(filter_field, CharFilter) and schema.get("type") == "string":
                schema["pattern"] = LINE_PATTERN
        return parameters
