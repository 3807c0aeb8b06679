"""The one pagination of the API lists: ``limit`` and ``offset``, with a maximum page size,
and a 400 naming the parameter for a value that is not a whole number in range."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

from scwu.security.params import int_param

#: The most rows one page of a list returns.
MAX_PAGE_SIZE = 200
#: Beyond any list we hold (and within what a database accepts as an OFFSET).
MAX_OFFSET = 10**9


class Pagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = MAX_PAGE_SIZE

    def get_limit(self, request: Request) -> int:
        return int(
            int_param(
                request,
                self.limit_query_param,
                default=self.default_limit,
                minimum=1,
                maximum=MAX_PAGE_SIZE,
            )
            or self.default_limit
        )

    def get_offset(self, request: Request) -> int:
        return int(int_param(request, self.offset_query_param, default=0, maximum=MAX_OFFSET) or 0)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.limit_query_param:
                parameter["schema"].update(minimum=1, maximum=MAX_PAGE_SIZE)
                parameter["description"] = _(
                    "Number of results to return per page (at most %(n)d)."
                ) % {"n": MAX_PAGE_SIZE}
            elif parameter["name"] == self.offset_query_param:
                parameter["schema"].update(minimum=0, maximum=MAX_OFFSET)
        return parameters
