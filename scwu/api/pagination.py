"""The one pagination of the API lists: ``limit`` and ``offset``, with a maximum page size,
and a 400 naming the parameter for a value that is not a whole number in range (given empty
included: the schema's integer is never empty)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

from scwu.api.query import WholeNumberField, query_read

#: The most rows one page of a list returns.
MAX_PAGE_SIZE = 200
#: Beyond any list we hold (and within what a database accepts as an OFFSET).
MAX_OFFSET = 10**9


class PageQuerySerializer(serializers.Serializer[Any]):
    """A page's query; also the parameters of a list that pages by hand (Smoke sessions)."""

    limit = WholeNumberField(
        min_value=1, max_value=MAX_PAGE_SIZE, required=False, help_text="Results per page."
    )
    offset = WholeNumberField(
        min_value=0, max_value=MAX_OFFSET, required=False, help_text="Results to skip."
    )


class Pagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = MAX_PAGE_SIZE

    def get_limit(self, request: Request) -> int:
        return int(query_read(PageQuerySerializer, request).get("limit", self.default_limit))

    def get_offset(self, request: Request) -> int:
        return int(query_read(PageQuerySerializer, request).get("offset", 0))

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        fields = PageQuerySerializer().fields
        for parameter in parameters:
            field = fields[parameter["name"]]
            assert isinstance(field, WholeNumberField)
            parameter["schema"].update(minimum=field.min_value, maximum=field.max_value)
            if parameter["name"] == self.limit_query_param:
                parameter["description"] = _(
                    "Number of results to return per page (at most %(n)d)."
                ) % {"n": MAX_PAGE_SIZE}
        return parameters
