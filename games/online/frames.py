"""State frames of the protocol: one per seat (its own engine view) and one public.

Built once per change by the writer and handed to every connection of the table, which
sends the frame of its own seat only: no frame ever carries another seat's hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from django.utils.translation import gettext as _

from engine import SEATS, Game, Seat, public_view, seat_view
from games.online.models import BotLevel, OnlineGame, OnlineSeat

#: The key of the spectators' frame in a step (msgpack-friendly, unlike None).
PUBLIC = ""
#: The key of the full spectators' frame of a held round's table, for those who may see the
#: held round (:func:`games.online.selectors.online_results_visible`); absent otherwise.
WATCH = "*"


class SeatInfo(TypedDict):
    """Who sits at a seat of an online table."""

    seat: str
    name: str
    is_bot: bool
    connected: bool
    bot_takeover: bool


class GameFrame(TypedDict):
    """The game so far, with the names of the table state (:mod:`games.contracts`)."""

    #: The letters a seat collects, one per loss.
    word_letters: list[str]
    #: The letters each seat holds, e.g. ``{"A": "KO", "B": ""}``.
    word_so_far: dict[str, str]
    mecbol: list[str]
    deal_number: int
    dealer: str
    finished: bool
    #: Seats that completed the word.
    placka: list[str]
    placings: dict[str, int] | None


class LastDeal(TypedDict):
    number: int
    losers: list[str]
    points: dict[str, int]


class ClockFrame(TypedDict):
    seat: str | None
    #: Milliseconds since the epoch.
    deadline: int | None
    seconds_per_action: int
    grace: bool
    waiting_for_director: str | None


class StateFrame(TypedDict):
    type: str
    version: int
    game: GameFrame
    seats: list[SeatInfo]
    clock: ClockFrame
    last_deal: LastDeal | None
    paused: bool
    #: The seat this frame is for (``None``: the spectators' frame).
    you: str | None
    #: The engine's view of the deal for that seat (:func:`engine.seat_view`).
    view: dict[str, Any]


#: The frames of one version, by seat (:data:`PUBLIC` for spectators).
Step = dict[str, StateFrame]


def seat_name(seat: OnlineSeat, level: str = BotLevel.MEDIUM) -> str:
    """A human's nickname (or username); a bot is named by its seat and level, so that
    "pass to Bot B (hard)" says which one."""
    if seat.is_bot:
        label = BotLevel(level).label if level in BotLevel.values else level
        return str(_("Bot %(seat)s (%(level)s)") % {"seat": seat.seat, "level": label})
    user = seat.user
    if user is None:
        return ""
    player = getattr(user, "player", None)
    nickname = getattr(player, "nickname", "") if player is not None else ""
    return str(nickname or user.get_username())


def seats_json(seats: Sequence[OnlineSeat], level: str = BotLevel.MEDIUM) -> list[SeatInfo]:
    return [
        {
            "seat": seat.seat,
            "name": seat_name(seat, level),
            "is_bot": seat.is_bot,
            "connected": seat.is_bot or seat.connected,
            "bot_takeover": seat.bot_takeover,
        }
        for seat in seats
    ]


def game_json(row: OnlineGame, game: Game) -> GameFrame:
    finished = game.is_over()
    return {
        "word_letters": list(row.word_letters),
        "word_so_far": {s.code: game.letters_of(s) for s in SEATS},
        "mecbol": [s.code for s in game.mecbol()],
        "deal_number": len(game.results) + (0 if finished else 1),
        "dealer": game.deal.dealer.code,
        "finished": finished,
        "placka": [s.code for s in game.loser],
        "placings": {s.code: p for s, p in game.placings().items()} if finished else None,
    }


def last_deal_json(game: Game) -> LastDeal | None:
    if not game.results:
        return None
    result = game.results[-1]
    return {
        "number": len(game.results),
        "losers": [s.code for s in result.loser],
        "points": {s.code: result.points[s] for s in SEATS},
    }


def clock_json(row: OnlineGame, game: Game) -> ClockFrame:
    turn = game.turn
    return {
        "seat": turn.code if turn is not None else None,
        "deadline": int(row.deadline.timestamp() * 1000) if row.deadline else None,
        "seconds_per_action": row.seconds_per_action,
        "grace": row.in_grace,
        "waiting_for_director": row.waiting_for_director or None,
    }


def state_step(
    row: OnlineGame,
    seats: Sequence[OnlineSeat],
    game: Game,
    version: int,
    seats_data: list[SeatInfo] | None = None,
    *,
    held: bool = False,
) -> Step:
    """The frames of one version: ``step["A"]`` for a player at A ..., ``step[PUBLIC]`` for
    spectators (and for anyone whose seat has no frame: never more than the public sees).
    At a ``held`` round's table the public frame tells no letter, loser or card (the full
    one is ``step[WATCH]``, for those who may see the held round)."""
    game_frame = game_json(row, game)
    seat_infos = seats_data if seats_data is not None else seats_json(seats, row.bot_level)
    clock = clock_json(row, game)
    last_deal = last_deal_json(game)

    def frame(you: str | None, view: dict[str, Any]) -> StateFrame:
        return {
            "type": "state",
            "version": version,
            "game": game_frame,
            "seats": seat_infos,
            "clock": clock,
            "last_deal": last_deal,
            "paused": False,
            "you": you,
            "view": view,
        }

    # The public view once, each seat's own view on top of it (their shared parts not rebuilt).
    shown = public_view(game.deal)
    public = frame(None, shown)
    step: Step = {WATCH: public, PUBLIC: held_frame(public)} if held else {PUBLIC: public}
    # Only seats a person sits at are ever sent a frame: a bot's view is not built.
    for seat in seats:
        if seat.user_id is not None:
            view = seat_view(game.deal, Seat.parse(seat.seat), shown)
            step[seat.seat] = frame(seat.seat, view)
    return step


def held_frame(frame: StateFrame) -> StateFrame:
    """The public's frame of a held round's table: who sits there, whose turn it is and the
    clock, but no letter, loser, point or card played (they would tell the held results)."""
    view = frame["view"]
    quiet_view = {
        **view,
        "trick": [],
        "last_trick": None,
        "tricks_taken": dict.fromkeys(view.get("tricks_taken", {}), 0),
        "result": None,
        "tricks": None,
    }
    game = frame["game"]
    quiet_game: GameFrame = {
        **game,
        "word_so_far": dict.fromkeys(game["word_so_far"], ""),
        "mecbol": [],
        "placka": [],
        "placings": None,
    }
    return {**frame, "game": quiet_game, "last_deal": None, "view": quiet_view}


def refresh_meta(
    step: Step,
    row: OnlineGame,
    seats: Sequence[OnlineSeat],
    game: Game,
    seats_data: list[SeatInfo] | None = None,
) -> Step:
    """The same step with the table's current seats and clock (set after the last action)."""
    seats_now = seats_data if seats_data is not None else seats_json(seats, row.bot_level)
    clock = clock_json(row, game)
    return {key: {**frame, "seats": seats_now, "clock": clock} for key, frame in step.items()}
