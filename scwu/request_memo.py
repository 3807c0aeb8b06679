"""Answers kept for the request being served, and dropped after it.

A page asks the same questions many times (the navigation asks every role, a round's
dashboard asks who may referee each table), so within a request each answer is read once
(:func:`remembered`, kept by :class:`PerRequestMemoMiddleware`): a page's queries do not grow
with its tables, and a change shows from the next request on. Outside a request (tasks,
WebSocket consumers, services called directly) nothing is remembered and every question reads
the database.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextvars import ContextVar
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse

_T = TypeVar("_T")

#: The answers of the request being served (``None`` outside one).
_answers: ContextVar[dict[Hashable, Any] | None] = ContextVar("scwu_role_answers", default=None)


def remembered(key: Hashable, compute: Callable[[], _T]) -> _T:
    """``compute()``, once per request for ``key`` (which names the user and whatever else the
    answer depends on); every time outside a request."""
    answers = _answers.get()
    if answers is None:
        return compute()
    if key not in answers:
        answers[key] = compute()
    return answers[key]  # type: ignore[no-any-return]


class PerRequestMemoMiddleware:
    """Keeps :func:`remembered` answers for the request being served, and drops them after."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _answers.set({})
        try:
            return self.get_response(request)
        finally:
            _answers.reset(token)
