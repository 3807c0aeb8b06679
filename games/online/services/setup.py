"""Opening online games: practice games from the lobby (with bots), players joining them,
and a tournament's online table opened by its director or referee."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from engine import DEFAULT_RULESET
from games import permissions
from games.online.models import SEAT_LETTERS, BotLevel, OnlineGame, OnlineSeat, OnlineStatus
from games.online.services.scoring import scorekeeping_game_start
from games.online.services.table import (
    Change,
    bots_move,
    clock_set,
    finish,
    game_lock,
    seat_of,
    untouched,
)
from games.scoring import ruleset_of
from scwu.models import PlayingWord
from scwu.roles import AnyUser
from scwu.services.words import word_letters_normal
from tournaments.models import RoundStatus, Table, TableKind
from tournaments.models.rounds import PlackaModeChoice

MAX_BOTS = 3
DEFAULT_SECONDS = 30


def _check_clock(seconds_per_action: int, grace_seconds: int) -> None:
    if not 5 <= seconds_per_action <= 600 or not 0 <= grace_seconds <= 600:
        raise ValidationError(
            {"seconds_per_action": [_("Give 5 to 600 seconds per action, 0 to 600 of grace.")]},
            code="clock",
        )


def _check_level(bot_level: str) -> None:
    if bot_level not in BotLevel.values:
        raise ValidationError(
            {"bot_level": [_("Choose the bots' level: easy, medium or hard.")]}, code="bot_level"
        )


def _practice_tables_within_limit(user_id: int) -> None:
    """A player sits at no more than ``SCWU_PRACTICE_TABLES_PER_USER`` practice games that
    are not finished (each may set bots thinking on every move; leaving one frees a place).

    The user's row is locked first, so two tabs opening tables at once count each other."""
    limit = int(getattr(settings, "SCWU_PRACTICE_TABLES_PER_USER", 3))
    list(get_user_model().objects.select_for_update().filter(pk=user_id).values_list("pk"))
    playing = (
        OnlineGame.objects.filter(table__isnull=True, seats__user_id=user_id)
        .exclude(status=OnlineStatus.FINISHED)
        .distinct()
        .count()
    )
    if playing >= limit:
        raise ValidationError(
            _(
                "You already play at %(n)d practice tables, as many as anyone may: finish or "
                "leave one (Your games, Leave) before opening or joining another."
            )
            % {"n": playing},
            code="practice_limit",
        )


def _start(game_id: int) -> Change:
    """All four seats are filled: the game runs, the bots pass, the clock starts."""
    locked = game_lock(game_id)
    locked.row.status = OnlineStatus.RUNNING
    bots_move(locked)
    clock_set(locked)
    return finish(locked, meta_changed=True)


@transaction.atomic
def online_practice_create(
    *,
    by: AnyUser,
    word: PlayingWord,
    bots: int,
    bot_level: str = BotLevel.MEDIUM,
    seconds_per_action: int = DEFAULT_SECONDS,
    grace_seconds: int = DEFAULT_SECONDS,
) -> OnlineGame:
    """A practice game: ``by`` at seat A, ``bots`` bots of ``bot_level`` in the last seats,
    the rest open."""
    if not by.is_authenticated:
        raise ValidationError({"word": [_("Sign in to open a practice game.")]}, code="auth")
    if not 0 <= bots <= MAX_BOTS:
        raise ValidationError({"bots": [_("Choose 0 to 3 bots.")]}, code="bots")
    _check_level(bot_level)
    if word.status != "approved":
        raise ValidationError({"word": [_("Choose an approved playing word.")]}, code="word")
    _check_clock(seconds_per_action, grace_seconds)
    _practice_tables_within_limit(by.pk)  # type: ignore[arg-type]  # signed in: an id
    game = OnlineGame(
        word_label=word.label,
        word_letters=word_letters_normal(word.letters),
        ruleset=DEFAULT_RULESET.to_json(),
        seed=secrets.randbits(62),
        seconds_per_action=seconds_per_action,
        grace_seconds=grace_seconds,
        bot_level=bot_level,
        created_by=by,  # type: ignore[misc]
    )
    game.full_clean(exclude=["table", "created_by"])
    game.save()
    bot_seats = SEAT_LETTERS[len(SEAT_LETTERS) - bots :] if bots else ""
    for letter in SEAT_LETTERS:
        OnlineSeat.objects.create(
            game=game,
            seat=letter,
            user=by if letter == "A" else None,  # type: ignore[misc]
            is_bot=letter in bot_seats,
        )
    if bots == MAX_BOTS:
        _start(game.pk)
    game.refresh_from_db()
    return game


@transaction.atomic
def online_practice_again(*, by: AnyUser, game_id: int) -> OnlineGame:
    """A new practice game like ``game_id`` (its word, bots, level and clock) for one of
    its players, who sits at A again."""
    row = OnlineGame.objects.filter(pk=game_id, table__isnull=True).first()
    if row is None:
        raise ValidationError({"game": [_("No such practice game.")]}, code="game")
    if not by.is_authenticated or not row.seats.filter(user_id=by.pk).exists():
        raise ValidationError(
            {"game": [_("Only a player of this game can play it again.")]}, code="seated"
        )
    word = PlayingWord.objects.filter(status="approved", label=row.word_label).first()
    if word is None:
        raise ValidationError(
            {"word": [_("This game's playing word is no longer approved.")]}, code="word"
        )
    return online_practice_create(
        by=by,
        word=word,
        bots=row.seats.filter(is_bot=True).count(),
        bot_level=row.bot_level,
        seconds_per_action=row.seconds_per_action,
        grace_seconds=row.grace_seconds,
    )


@transaction.atomic
def online_join(*, by: AnyUser, game_id: int) -> tuple[OnlineGame, Change | None]:
    """Take the first open seat of a practice game; the fourth player starts it."""
    if not by.is_authenticated:
        raise ValidationError({"game": [_("Sign in to join a game.")]}, code="auth")
    game = OnlineGame.objects.select_for_update().get(pk=game_id)
    if not game.is_practice or game.status != OnlineStatus.OPEN:
        raise ValidationError({"game": [_("This game takes no more players.")]}, code="closed")
    seats = list(OnlineSeat.objects.select_for_update().filter(game=game))
    if any(seat.user_id == by.pk for seat in seats):
        raise ValidationError({"game": [_("You already sit at this table.")]}, code="seated")
    _practice_tables_within_limit(by.pk)  # type: ignore[arg-type]  # signed in: an id
    free = [seat for seat in seats if not seat.is_filled]
    if not free:  # pragma: no cover - a full table is running
        raise ValidationError({"game": [_("This game takes no more players.")]}, code="closed")
    free[0].user = by  # type: ignore[assignment]
    free[0].save(update_fields=["user"])
    game.seats_version += 1  # the seats a process keeps in memory are stale now
    game.save(update_fields=["seats_version"])
    change = _start(game.pk) if len(free) == 1 else None
    game.refresh_from_db()
    return game, change


@transaction.atomic
def online_practice_leave(*, by: AnyUser, game_id: int) -> Change:
    """``by`` leaves a practice game: a bot plays on in the seat for the others (an empty
    seat while the game waits for players); a game nobody plays at any more ends."""
    locked = game_lock(game_id)
    row = locked.row
    code = seat_of(locked.seats, by) if row.is_practice else None
    if code is None or row.status == OnlineStatus.FINISHED:
        untouched(locked)
        raise ValidationError(
            {"game": [_("You play at no such practice game.")]}, code="not_seated"
        )
    seat = locked.seat(code)
    seat.user = None
    seat.is_bot = row.status == OnlineStatus.RUNNING
    seat.connected, seat.connections, seat.bot_takeover = False, 0, False
    seat.save(update_fields=["user", "is_bot", "connected", "connections", "bot_takeover"])
    if row.waiting_for_director == code:
        row.waiting_for_director = ""
    if not any(other.user_id is not None for other in locked.seats):
        row.status = OnlineStatus.FINISHED  # nobody left to play: no clock, no bots
    elif row.status == OnlineStatus.RUNNING:
        bots_move(locked)
    clock_set(locked)
    return finish(locked, meta_changed=True)


@transaction.atomic
def online_game_start(
    *,
    by: AnyUser,
    table: Table,
    bots: dict[str, bool] | None = None,
    bot_level: str = BotLevel.MEDIUM,
    seconds_per_action: int = DEFAULT_SECONDS,
    grace_seconds: int = DEFAULT_SECONDS,
) -> OnlineGame:
    """Open the online game of a tournament's online table (a director or referee does).

    Seats A-D are the table's seats; each needs a player with a user account, unless the
    tournament allows bots and ``bots`` names the seat. ``bot_level`` is how well its bots
    play (a bot sitting there, or one the director lets play for an absent player)."""
    permissions.require_referee(by, table)
    existing = OnlineGame.objects.filter(table=table).first()
    if existing is not None:
        return existing
    errors = _table_problems(table)
    if errors:
        raise ValidationError({"table": errors}, code="table")
    tournament = table.round.tournament
    bots = bots or {}
    if any(bots.values()) and not tournament.allow_bots:
        raise ValidationError(
            {"bots": [_("This tournament does not allow bots at online tables.")]}, code="bots"
        )
    _check_clock(seconds_per_action, grace_seconds)
    _check_level(bot_level)
    users: dict[str, Any] = {}
    for seat in table.seats.select_related("entry__player__user"):
        users[seat.position] = seat.entry.player.user
    missing = [p for p in SEAT_LETTERS if users.get(p) is None and not bots.get(p)]
    if missing:
        raise ValidationError(
            {
                "table": [
                    _("Seats %(seats)s have no player with a user account to play online.")
                    % {"seats": ", ".join(missing)}
                ]
            },
            code="no_account",
        )
    game = OnlineGame.objects.create(
        table=table,
        word_label=table.round.word.label,
        word_letters=word_letters_normal(table.round.word.letters),
        ruleset=ruleset_of(tournament).to_json(),
        seed=secrets.randbits(62),
        seconds_per_action=seconds_per_action,
        grace_seconds=grace_seconds,
        bot_level=bot_level,
        created_by=by,  # type: ignore[misc]
    )
    for letter in SEAT_LETTERS:
        is_bot = bool(bots.get(letter))
        OnlineSeat.objects.create(
            game=game, seat=letter, user=None if is_bot else users[letter], is_bot=is_bot
        )
    scorekeeping_game_start(table)
    _start(game.pk)
    game.refresh_from_db()
    return game


def _table_problems(table: Table) -> list[str]:
    problems: list[str] = []
    if table.kind != TableKind.ONLINE:
        problems.append(_("This is a physical table: it is scored by hand."))
    if table.round.status not in (RoundStatus.PUBLISHED, RoundStatus.FINISHED):
        problems.append(_("The draw of this round is not published yet."))
    positions = sorted(table.seats.values_list("position", flat=True))
    if positions != list(SEAT_LETTERS):
        problems.append(_("An online table has exactly the four seats A-D."))
    if table.round.placka_mode != PlackaModeChoice.UNTIL_FIRST_PLACKA:
        # The engine's game ends with the first placka; seats leaving one by one (and
        # three-handed deals) are not played online.
        problems.append(_("Online tables play until the first placka only."))
    return problems
