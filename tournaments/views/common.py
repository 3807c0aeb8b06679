"""Shared bits of the tournament pages."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from tournaments.models import Round, Tournament
from tournaments.permissions import require_director

T = TypeVar("T")


def act(request: HttpRequest, call: Callable[[], T], ok: str = "") -> T | None:
    """Run a service for a POST button; a refusal becomes an error message (nothing written)."""
    try:
        result = call()
    except ValidationError as exc:
        for text in exc.messages:
            messages.error(request, text)
        return None
    if ok:
        messages.success(request, ok)
    return result


def tournament_for_director(request: HttpRequest, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    require_director(request.user, tournament)
    return tournament


def round_of(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("tournament", "word", "planned_word"),
        tournament=tournament,
        number=number,
    )
