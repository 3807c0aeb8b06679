"""Shared bits of the tournament pages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from scwu.models import Player
from scwu.services.bans import player_assert_not_banned
from tournaments.lifecycle import Action, Context, consequence, offers
from tournaments.lifecycle.tournament import STATUS_MOVES
from tournaments.models import Round, Tournament
from tournaments.permissions import require_director

T = TypeVar("T")

#: What the pages call the actions they offer (buttons, confirmation pages).
ACTION_TITLES: dict[Action, StrOrPromise] = {
    Action.OPEN_REGISTRATION: _("Open registration"),
    Action.CLOSE_REGISTRATION: _("Close registration"),
    Action.START: _("Start the tournament"),
    Action.FINISH: _("Finish the tournament"),
    Action.REOPEN: _("Reopen the tournament"),
    Action.FINISH_ROUND: _("Mark finished"),
    Action.REOPEN_ROUND: _("Reopen the round"),
    Action.DELETE_ROUND: _("Delete the round"),
    Action.RESET_DRAW: _("Reset the draw"),
}


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


def status_buttons(tournament: Tournament, by: Any) -> list[dict[str, Any]]:
    """The tournament's status moves as its page offers them (each a POST of the status)."""
    shown = offers(tournament, STATUS_MOVES, Context(by=by))
    return [
        {
            "offer": shown[str(action)],
            "label": ACTION_TITLES[action],
            "value": target,
            "css": "primary" if action in (Action.OPEN_REGISTRATION, Action.START) else "",
        }
        for action, (_now, target) in STATUS_MOVES.items()
        if shown[str(action)].shown
    ]


def confirmation(
    request: HttpRequest,
    action: Action,
    subject: Any,
    *,
    title: StrOrPromise,
    back: str,
    context: Context | None = None,
) -> HttpResponse | None:
    """The confirmation step of an action that says what it will do (no script: a page).

    ``None`` when the POST carries ``confirm=1`` or the action needs no confirmation now;
    else the page that states the consequence and posts the same fields again, confirmed."""
    if request.POST.get("confirm") == "1":
        return None
    said = consequence(action, subject, context)
    if said is None:
        return None
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", "confirm")
        for value in values
    ]
    # The trail back (tournament › round): the subject is a tournament or one of its rounds.
    round = subject if isinstance(subject, Round) else None
    tournament = round.tournament if round is not None else subject
    return render(
        request,
        "tournaments/confirm.html",
        {
            "title": title,
            "consequence": said,
            "fields": fields,
            "back": back,
            "tournament": tournament if isinstance(tournament, Tournament) else None,
            "round": round,
        },
    )


def ban_refusal(player: Player | None) -> str:
    """Why ``player`` may not be registered (a ban, by the registry's own check), or "": a
    page shows it instead of a Register button the entry service would refuse."""
    if player is None:
        return ""
    try:
        player_assert_not_banned(player)
    except ValidationError as exc:
        return " ".join(exc.messages)
    return ""


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
