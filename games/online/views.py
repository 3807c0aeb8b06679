"""Pages of the online tables: the practice lobby, the card table, joining a practice game,
the director's decision on an absent player, and opening a tournament's online table.
The live game itself runs over the WebSocket (:mod:`games.online.consumers`)."""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.online import selectors, services
from games.online.analysis import online_deal_analysis_get
from games.online.broadcast import change_send
from games.online.errors import OnlineError
from games.online.forms import DecideForm, OnlineStartForm, PracticeForm
from games.online.frames import seat_name
from games.online.models import BotLevel, OnlineGame
from games.permissions import can_referee
from games.views.review import review_page
from scwu.views.forms import run_service
from tournaments.models import Table

log = logging.getLogger(__name__)
PATTERNS = ("czech", "french")


def _game(game_id: int, request: HttpRequest | None = None) -> OnlineGame:
    """The game; with ``request``, a 404 alike for a game that does not exist and one its
    user may not see (a held round's table)."""
    try:
        game = selectors.online_game_get(game_id=game_id)
    except OnlineGame.DoesNotExist as exc:
        raise Http404(_("No such online game.")) from exc
    if request is not None and not selectors.online_game_visible(game, request.user):
        raise Http404(_("No such online game."))
    return game


def _broadcast(change: services.Change | None) -> None:
    """Tell the table's connections; if the layer is down they resync on their next hello."""
    try:
        async_to_sync(change_send)(get_channel_layer(), change)
    except Exception:
        log.warning("online: change not broadcast (channel layer unreachable)")


def lobby(request: HttpRequest, form: PracticeForm | None = None) -> HttpResponse:
    context = {
        "practice_games": selectors.practice_game_list(),
        "my_games": selectors.my_game_list(user=request.user),
        "form": form or PracticeForm(),
    }
    return render(request, "online/lobby.html", context, status=400 if form else 200)


@login_required
@require_POST
def practice_create(request: HttpRequest) -> HttpResponse:
    form = PracticeForm(request.POST)
    if not form.is_valid():
        return lobby(request, form)
    data = form.cleaned_data
    game = run_service(
        form,
        lambda: services.online_practice_create(
            by=request.user,
            word=data["word"],
            bots=data["bots"],
            bot_level=data["bot_level"],
            seconds_per_action=data["seconds_per_action"],
        ),
    )
    if game is None:
        return lobby(request, form)
    return redirect("online:table", game_id=game.pk)


@login_required
@require_POST
def practice_again(request: HttpRequest, game_id: int) -> HttpResponse:
    """Play again: a new practice game like this one, the player at seat A."""
    try:
        game = services.online_practice_again(by=request.user, game_id=game_id)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("online:lobby")
    return redirect("online:table", game_id=game.pk)


@login_required
@require_POST
def practice_leave(request: HttpRequest, game_id: int) -> HttpResponse:
    """Leave a practice game (a bot plays on for the others): a place for another."""
    try:
        change = services.online_practice_leave(by=request.user, game_id=game_id)
    except (ValidationError, OnlineError) as exc:
        messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
        return redirect("online:lobby")
    _broadcast(change)
    messages.success(request, _("You left the table."))
    return redirect("online:lobby")


def _pattern(request: HttpRequest) -> str:
    wanted = request.GET.get("pattern")
    if wanted in PATTERNS:
        request.session["card_pattern"] = wanted
        return wanted
    stored = request.session.get("card_pattern")
    return stored if stored in PATTERNS else "czech"


def table(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id, request)
    seats = list(game.seats.select_related("user__player"))
    context: dict[str, Any] = {
        "game": game,
        "seat": services.seat_of(seats, request.user),
        "ws_path": f"/ws/online/{game.pk}/",
        "pattern": _pattern(request),
        "seats": [
            {"seat": seat.seat, "name": seat_name(seat, game.bot_level), "is_bot": seat.is_bot}
            for seat in seats
        ],
        "can_moderate": services.can_moderate(request.user, game),
        "is_director": game.table is not None and can_referee(request.user, game.table),
    }
    return render(request, "online/table.html", context)


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    try:
        _joined, change = services.online_join(by=request.user, game_id=game.pk)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("online:table", game_id=game.pk)
    _broadcast(change)
    return redirect("online:table", game_id=game.pk)


@login_required
@require_POST
def decide(request: HttpRequest, game_id: int) -> HttpResponse:
    """The director's call on a seat whose grace ran out (tournament tables only)."""
    game = _game(game_id)
    if game.table is None or not can_referee(request.user, game.table):
        raise PermissionDenied(_("Only the tournament's directors and referees decide this."))
    form = DecideForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Choose to let a bot play or to keep waiting."))
    try:
        change = services.online_director_decide(
            by=request.user, game_id=game.pk, allow_bot=form.cleaned_data["decision"] == "bot"
        )
    except OnlineError:
        return HttpResponseBadRequest(_("Nobody is waiting for your decision at this table."))
    _broadcast(change)
    return redirect("online:table", game_id=game.pk)


@login_required
@require_POST
def table_start(request: HttpRequest, table_id: int) -> HttpResponse:
    """Open the online game of a tournament's online table (its directors and referees)."""
    tournament_table = get_object_or_404(
        Table.objects.select_related("round__tournament", "round__word"), pk=table_id
    )
    if not can_referee(request.user, tournament_table):
        raise PermissionDenied(_("Only the tournament's directors and referees open a table."))
    form = OnlineStartForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(" ".join(str(e) for e in form.errors.values()))
    data = form.cleaned_data
    try:
        game = services.online_game_start(
            by=request.user,
            table=tournament_table,
            seconds_per_action=data["seconds_per_action"],
            grace_seconds=data["grace_seconds"],
            bot_level=data["bot_level"] or BotLevel.MEDIUM,
        )
    except ValidationError as exc:
        return HttpResponseBadRequest(" ".join(exc.messages))
    messages.success(request, _("The online table is open."))
    return redirect("online:table", game_id=game.pk)


def online_deal_review(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """The review of the ``number``-th deal of an online game."""

    def load(seat: str | None) -> dict[str, Any]:
        return online_deal_analysis_get(
            game_id=game_id, number=number, seat=seat, user=request.user
        )

    return review_page(
        request,
        load,
        _("Review of deal %(n)d") % {"n": number},
        reverse("games-api:online-deal-analysis", args=[game_id, number]),
    )
