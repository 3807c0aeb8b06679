"""The list filters: django-filter's backend, refusing a choice filter given empty.

django-filter ignores ``?status=`` (no filter at all), while the schema lists the choice
parameter's values; an empty one is a mistake in the request, answered with a 400 naming it.
Free-text filters (a slug) keep django-filter's reading of empty as "not given".
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django_filters import ChoiceFilter
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request


class StrictFilterBackend(DjangoFilterBackend):
    def filter_queryset(self, request: Request, queryset: QuerySet[Any], view: Any) -> Any:
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is not None:
            empty = [
                name
                for name, field in filterset_class.base_filters.items()
                if isinstance(field, ChoiceFilter)
                and name in request.query_params
                and request.query_params[name].strip() == ""
            ]
            if empty:
                raise ValidationError(
                    {name: [_("This parameter cannot be empty.")] for name in empty}
                )
        return super().filter_queryset(request, queryset, view)
