"""One deal as a state machine: deal, pass, play, over.

Actions are small integers (OpenSpiel style), sorted and JSON-friendly through
:mod:`engine.actions`: ``0..31`` plays that card (by the seat to move),
``32 + seat`` packs, and ``PASS_FLAG | seat << 32 | mask`` passes the three
cards of ``mask``. Every action given to :meth:`Deal.apply` is checked; an
illegal one raises :class:`~engine.errors.IllegalActionError` naming the reason.

>>> deal = Deal.new(seed=7)
>>> deal.phase, deal.turn
('pass', <Seat.B: 1>)
>>> while not deal.is_over():
...     deal.apply(deal.legal_actions()[0])
>>> result = deal.result()
>>> sum(result.points) == 33 or result.end == "early"
True
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any, NamedTuple, overload

from engine.cards import CODES, HEJMA, SEATS, Seat, Suit, card_index
from engine.errors import IllegalActionError, InvalidRecordError, ParseError
from engine.result import DealResult, Renonc, make_result
from engine.rules import DEFAULT_RULESET, POINTS, EndKind, Ruleset, loser_of

__all__ = ["PACK", "PASS_FLAG", "Deal", "PassActions", "Trick", "deal_masks"]

PASS_FLAG = 1 << 34
PACK = 32
_MASK32 = 0xFFFFFFFF
PASS, PLAY, OVER = 0, 1, 2
_PHASES = ("pass", "play", "over")
SUIT_MASK = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
# _CARDS[suit][byte]: the card indices of a suit's byte, ascending.
_CARDS = tuple(
    tuple(tuple(s * 8 + r for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
)
# _BITS[suit][byte]: the card bits of a suit's byte, ascending.
_BITS = tuple(
    tuple(tuple(1 << (s * 8 + r) for r in range(8) if b >> r & 1) for b in range(256))
    for s in range(4)
)
_C0, _C1, _C2, _C3 = _CARDS
# _FOLLOW[m]: the cards of ``m``, the non-empty cards of one suit in a hand, ascending.
_FOLLOW = {b << (s * 8): _CARDS[s][b] for s in range(4) for b in range(1, 256)}
_B0, _B1, _B2, _B3 = _BITS
_BIT = tuple(1 << c for c in range(32))
# Points of each card with Hejma's marked, so that a trick's sum also says whether it held Hejma.
_HEJMA_MARK = 64
# Deal.clone makes its copy without running __init__, except in the compiled twin of this
# module (engine/native.py), whose classes always run it.
_SKIP_INIT = __name__ == "engine.deal"
_new_deal = object.__new__
_GAIN = tuple(POINTS[c] + (_HEJMA_MARK if c == HEJMA else 0) for c in range(32))
_TRIPLES_OF = tuple(n * (n - 1) * (n - 2) // 6 for n in range(33))
# The 56 triples of positions in an 8-card hand, ordered so that their masks ascend.
_TRIPLES = sorted(combinations(range(8), 3), key=lambda t: (t[2], t[1], t[0]))


class PassActions(Sequence[int]):
    """The 56 pass actions of one hand, sorted, computed on demand (a lazy tuple).

    >>> acts = PassActions((1 << 8) - 1, 0)
    >>> len(acts), acts[0] == PASS_FLAG | 0b111, list(acts) == sorted(acts)
    (56, True, True)
    """

    __slots__ = ("_base", "_bits", "_mask")

    def __init__(self, hand: int, seat: int) -> None:
        self._mask = hand
        self._base = PASS_FLAG | seat << 32
        self._bits = (
            _B0[hand & 255] + _B1[hand >> 8 & 255] + _B2[hand >> 16 & 255] + _B3[hand >> 24]
        )

    def __len__(self) -> int:
        return _TRIPLES_OF[len(self._bits)]

    @overload
    def __getitem__(self, i: int) -> int: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[int]: ...
    def __getitem__(self, i: int | slice) -> int | Sequence[int]:
        bits = self._bits
        if i.__class__ is int and len(bits) == 8:
            k: int = i  # type: ignore[assignment]
            a, b, c = _TRIPLES[k]
            return self._base | bits[a] | bits[b] | bits[c]
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return sorted(sum(t, self._base) for t in combinations(bits, 3))[i]

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, int):
            return False
        mask = action & _MASK32
        return action & ~_MASK32 == self._base and mask.bit_count() == 3 and not mask & ~self._mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"PassActions({list(self)!r})"


class Trick(NamedTuple):
    """A completed trick: who led it, its four cards in play order, who took it."""

    leader: Seat
    cards: tuple[int, int, int, int]
    taker: Seat


def _seat(seat: object) -> int:
    """The index of a seat argument (a ``Seat``, a letter or 0-3); a clear error otherwise."""
    cls = seat.__class__
    if cls is Seat or (cls is int and 0 <= seat < 4):  # type: ignore[operator]
        return seat  # type: ignore[return-value]
    return int(Seat.of(seat))


def _cards_of(mask: int) -> tuple[int, ...]:
    return _C0[mask & 255] + _C1[mask >> 8 & 255] + _C2[mask >> 16 & 255] + _C3[mask >> 24]


# Dealing: one 192-bit draw read as the mixed-radix digits j(32), j(31), ... j(2) of a
# Fisher-Yates shuffle (swap position n-1 with j(n)), then card k of the shuffled deck
# goes to the (k % 4)-th seat from the dealer's left. The function below is that loop
# unrolled at import time (digits taken in chunks small enough for machine-word ints);
# tests compare it with the plain loop, so a seed always deals the same cards.
_DIGIT_CHUNKS = (
    (32, 31, 30, 29, 28, 27),
    (26, 25, 24, 23, 22, 21),
    (20, 19, 18, 17, 16, 15),
    (14, 13, 12, 11, 10, 9, 8),
    (7, 6, 5, 4, 3, 2),
)


def _compile_dealer() -> Callable[[random.Random, int], list[int]]:
    # ``x`` holds card bits. Position n-1, once swapped, is final and never read again,
    # so the swap only moves x[n-1] down and the drawn card goes straight to its hand.
    lines = [
        "def deal_masks(rng, dealer=0):",
        "    r = rng.getrandbits(192)",
        "    x = list(_DECK)",
    ]
    dealt = set()
    for chunk in _DIGIT_CHUNKS:
        size = 1
        for n in chunk:
            size *= n
        lines.append(f"    r, c = divmod(r, {size})")
        for n in chunk:
            h = f"h{(n - 1) & 3}"
            take = f"{h} |= x[j]" if h in dealt else f"{h} = x[j]"
            dealt.add(h)
            step = "" if n == chunk[-1] else f" c //= {n};"
            lines.append(f"    j = c % {n};{step} {take}; x[j] = x[{n - 1}]")
    lines += [
        "    h0 |= x[0]",
        "    if dealer == 0:",
        "        return [h3, h0, h1, h2]",
        "    hands = [0, 0, 0, 0]",
        "    hands[(dealer + 1) & 3], hands[(dealer + 2) & 3] = h0, h1",
        "    hands[(dealer + 3) & 3], hands[dealer & 3] = h2, h3",
        "    return hands",
    ]
    namespace: dict[str, object] = {"_DECK": _BIT}
    exec("\n".join(lines), namespace)  # our own fixed source, no input
    fn = namespace["deal_masks"]
    return fn  # type: ignore[return-value]


_deal = _compile_dealer()


def deal_masks(rng: random.Random, dealer: int = 0) -> list[int]:
    """Shuffle and deal: four 8-card bitmasks, one card at a time from the dealer's left.

    >>> masks = deal_masks(random.Random(1))
    >>> [m.bit_count() for m in masks], sum(masks) == (1 << 32) - 1
    ([8, 8, 8, 8], True)
    """
    return _deal(rng, dealer)


class Deal:
    """The state of one deal. Build with :meth:`new` (random) or :meth:`from_hands`.

    ``referee=True`` is the mode for replaying records of physical tables: a held
    card that fails to follow suit is accepted and noted as a renonc B, and the
    deal does not stop by itself at 17.

    For search: :meth:`clone` copies a state cheaply and :meth:`undo` takes the
    last action back (``apply`` then ``undo`` restores the state exactly).
    """

    __slots__ = (
        "_dealt",
        "_early",
        "_hands",
        "_hejma",
        "_history",
        "_last",
        "_leader",
        "_led_mask",
        "_npassed",
        "_ntable",
        "_ntricks",
        "_pack",
        "_passes",
        "_phase",
        "_pts",
        "_renonc",
        "_strength",
        "_tricks",
        "_turn",
        "dealer",
        "referee",
        "ruleset",
    )

    _dealt: tuple[int, ...]
    _early: bool
    _hands: list[int]
    _hejma: int
    _history: list[int]
    _last: int
    _leader: int
    _led_mask: int
    _npassed: int
    _ntable: int
    _ntricks: list[int]
    _pack: tuple[int, int] | None
    _passes: list[int]
    _phase: int
    _pts: list[int]
    _renonc: tuple[tuple[int, int], ...]
    _strength: tuple[int, ...]
    _tricks: list[tuple[int, tuple[int, ...], int]]
    _turn: int
    dealer: Seat
    referee: bool
    ruleset: Ruleset

    def __init__(
        self,
        hands: Sequence[int],
        dealer: int = 0,
        ruleset: Ruleset = DEFAULT_RULESET,
        *,
        referee: bool = False,
    ) -> None:
        self.ruleset = ruleset
        self.dealer = SEATS[dealer]
        self.referee = referee
        self._dealt = tuple(hands)
        self._hands = list(hands)
        self._passes = [0, 0, 0, 0]
        # The seat to move; in the pass phase the first seat (from the dealer's left) to pass.
        self._turn = self._leader = (dealer + 1) & 3
        self._pts = [0, 0, 0, 0]
        self._ntricks = [0, 0, 0, 0]
        self._tricks = []
        self._history = []
        self._strength = ruleset.strength
        self._early = ruleset.early_end and not referee
        self._phase = PASS
        # The cards on the table are the last ``_ntable`` actions of the history.
        # The cards of the suit led to the trick on the table (kept after it, till the next).
        self._led_mask = SUIT_MASK[0]
        self._npassed = self._ntable = 0
        self._hejma = self._last = -1
        self._pack = None
        self._renonc = ()

    # -- construction ---------------------------------------------------------
    @classmethod
    def new(
        cls,
        *,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        dealer: Seat | str | int = Seat.A,
        ruleset: Ruleset = DEFAULT_RULESET,
    ) -> Deal:
        """Shuffle and deal from a seed or an injected ``random.Random`` (reproducible).

        ``dealer`` is a ``Seat``, a letter or an index (as every seat argument here).

        >>> Deal.new(seed=1, dealer="C").turn
        <Seat.D: 3>
        """
        if rng is None:
            rng = random.Random(seed)
        d = _seat(dealer)
        return cls(_deal(rng, d), d, ruleset)

    @classmethod
    def from_hands(
        cls,
        hands: Mapping[str, Sequence[str]] | Mapping[Seat, Sequence[str]],
        dealer: Seat | str | int = Seat.A,
        ruleset: Ruleset = DEFAULT_RULESET,
        *,
        referee: bool = False,
    ) -> Deal:
        """A deal of given hands (card codes by seat); a bad deal raises code ``misdeal``.

        >>> from engine.cards import CODES
        >>> d = Deal.from_hands({s: CODES[i::4] for i, s in enumerate("ABCD")}, "D")
        >>> d.turn, d.hand(Seat.A)[:3]
        (<Seat.A: 0>, ['7H', 'JH', '7S'])
        """
        try:
            seat = Seat.of(dealer)
            keys = sorted(Seat.of(k).code for k in hands) if isinstance(hands, Mapping) else []
        except ParseError as err:
            raise InvalidRecordError("format", str(err)) from None
        if keys != ["A", "B", "C", "D"]:
            raise InvalidRecordError("format", "hands must give the seats A, B, C and D")
        masks = [0, 0, 0, 0]
        for key, cards in hands.items():
            s = Seat.of(key)
            try:
                idx = [card_index(c) for c in cards]
            except (ParseError, TypeError) as err:
                raise InvalidRecordError("format", f"hand of {s.code}: {err}") from None
            for c in idx:
                if masks[s] >> c & 1 or any(m >> c & 1 for m in masks):
                    raise InvalidRecordError("misdeal", f"{CODES[c]} is dealt twice")
                masks[s] |= 1 << c
            if len(idx) != 8:
                raise InvalidRecordError("misdeal", f"seat {s.code} holds {len(idx)} cards, not 8")
        return cls(masks, int(seat), ruleset, referee=referee)

    def clone(self) -> Deal:
        """An independent copy of this state (cheap: a few list copies)."""
        # Every field is set below; the pure class can skip __init__, a compiled one cannot.
        o = _new_deal(Deal) if _SKIP_INIT else Deal(self._dealt, self.dealer, self.ruleset)
        o.ruleset = self.ruleset
        o.dealer = self.dealer
        o.referee = self.referee
        o._dealt = self._dealt
        o._hands = self._hands[:]
        o._passes = self._passes[:]
        o._turn = self._turn
        o._leader = self._leader
        o._ntable = self._ntable
        o._pts = self._pts[:]
        o._ntricks = self._ntricks[:]
        o._tricks = self._tricks[:]
        o._history = self._history[:]
        o._strength = self._strength
        o._early = self._early
        o._phase = self._phase
        o._npassed = self._npassed
        o._led_mask = self._led_mask
        o._hejma = self._hejma
        o._last = self._last
        o._pack = self._pack
        o._renonc = self._renonc
        return o

    def with_hidden(
        self, dealt: Sequence[int], passes: Sequence[int], hands: Sequence[int]
    ) -> Deal:
        """A copy of this state in which the seats were dealt ``dealt``, passed ``passes``
        and hold ``hands`` now (four masks each); the public part (plays, tricks, points,
        turn) is kept and the pass actions of the history follow ``passes``. For
        determinisation (:mod:`engine.determinisation`), which makes them consistent."""
        world = self.clone()
        world._dealt = (dealt[0], dealt[1], dealt[2], dealt[3])
        world._passes = [passes[0], passes[1], passes[2], passes[3]]
        world._hands = [hands[0], hands[1], hands[2], hands[3]]
        world._history = [
            PASS_FLAG | (a >> 32 & 3) << 32 | passes[a >> 32 & 3] if a >= PASS_FLAG else a
            for a in self._history
        ]
        return world

    # -- queries --------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``pass``, ``play`` or ``over``."""
        return _PHASES[self._phase]

    @property
    def turn(self) -> Seat | None:
        """The seat to move (in the pass phase: the first seat still to pass), None when over."""
        return None if self._phase == OVER else SEATS[self._turn]

    def is_over(self) -> bool:
        """True when the deal has ended (played out, early end, or packed)."""
        return self._phase == OVER

    def has_passed(self, seat: Seat | str | int) -> bool:
        """True once ``seat`` has committed its three cards."""
        return self._passes[_seat(seat)] != 0

    def hand(self, seat: Seat | str | int) -> list[str]:
        """The codes of the cards ``seat`` holds now (received cards appear once it has passed).

        >>> Deal.new(seed=1).hand("A") == Deal.new(seed=1).hand(Seat.A)
        True
        """
        return [CODES[c] for c in _cards_of(self._hands[_seat(seat)])]

    def hand_mask(self, seat: Seat | str | int) -> int:
        """The cards ``seat`` holds now as a bitmask."""
        return self._hands[_seat(seat)]

    def dealt_mask(self, seat: Seat | str | int) -> int:
        """The cards ``seat`` was dealt, as a bitmask."""
        return self._dealt[_seat(seat)]

    def passed_mask(self, seat: Seat | str | int) -> int:
        """The three cards ``seat`` passed to its left (0 before it passes).

        Only ``seat`` itself, and later its left neighbour, may know them:
        :func:`engine.views.seat_view` shows each seat its own.
        """
        return self._passes[_seat(seat)]

    def received_mask(self, seat: Seat | str | int) -> int:
        """The three cards ``seat`` received from its right (0 until both have passed)."""
        s = _seat(seat)
        return self._passes[(s + 3) & 3] if self._passes[s] else 0

    def sight(
        self, seat: Seat | str | int
    ) -> tuple[int, int, Ruleset, str, int, int, int, tuple[int, ...], int | None]:
        """What ``seat`` sees now, in one call: its index, the dealer, the ruleset, the
        phase, its hand, the cards it passed and received (masks), the cards played and
        the seat to move (None once over). Exactly the accessors above (and
        :func:`engine.views.seat_view` shows the same): the fields of
        :class:`~engine.knowledge.Knowledge`, for a bot deciding many times a second.

        >>> d = Deal.new(seed=2)
        >>> d.sight("C")[3:] == ("pass", d.hand_mask("C"), 0, 0, (), 1)
        True
        """
        s = _seat(seat)
        passes = self._passes
        phase = self._phase
        return (
            int(s),
            int(self.dealer),
            self.ruleset,
            _PHASES[phase],
            self._hands[s],
            passes[s],
            passes[(s + 3) & 3] if passes[s] else 0,
            self.plays,
            None if phase == OVER else self._turn,
        )

    # -- the table (face-up cards: every seat may know these) ------------------
    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick on the table, in play order (empty between tricks)."""
        return tuple(self._trick)

    @property
    def _trick(self) -> list[int]:
        """The cards on the table: the last plays of the history (a pack comes after them)."""
        n = self._ntable
        if not n:
            return []
        h = self._history
        return h[-n - 1 : -1] if self._pack is not None else h[-n:]

    @property
    def _taken(self) -> int:
        """Points taken so far by all seats together (a packer takes whatever is left)."""
        p = self._pts
        return p[0] + p[1] + p[2] + p[3]

    @property
    def trick_leader(self) -> Seat | None:
        """The seat that led, or leads, the trick on the table (None outside the play)."""
        return SEATS[self._leader] if self._phase != PASS else None

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the trick on the table, None when no card lies there."""
        return Suit(self._led_mask.bit_length() - 1 >> 3) if self._ntable else None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return tuple(Trick(SEATS[ld], cards, SEATS[w]) for ld, cards, w in self._tricks)  # type: ignore[arg-type]

    @property
    def last_trick(self) -> Trick | None:
        """The last completed trick (None before the first): without building them all, as
        :attr:`tricks` does, for a view built after every card."""
        if not self._tricks:
            return None
        leader, cards, taker = self._tricks[-1]
        return Trick(SEATS[leader], cards, SEATS[taker])  # type: ignore[arg-type]

    @property
    def tricks_played(self) -> int:
        """How many tricks are complete."""
        return len(self._tricks)

    def trick_counts(self) -> tuple[int, int, int, int]:
        """How many tricks each seat has taken (hidden from players until the deal ends)."""
        t = self._ntricks
        return (t[0], t[1], t[2], t[3])

    @property
    def pack(self) -> tuple[Seat, int] | None:
        """Who packed and after how many played cards, None if nobody has."""
        return None if self._pack is None else (SEATS[self._pack[0]], self._pack[1])

    @property
    def hejma_taker(self) -> Seat | None:
        """Who took Hejma so far (or the packer, who takes whatever is left)."""
        return None if self._hejma < 0 else SEATS[self._hejma]

    @property
    def last_trick_taker(self) -> Seat | None:
        """Who took the last trick (or packed), None before."""
        return None if self._last < 0 else SEATS[self._last]

    @property
    def history(self) -> tuple[int, ...]:
        """Every action applied, in order."""
        return tuple(self._history)

    @property
    def plays(self) -> tuple[int, ...]:
        """Every card played, in order."""
        # The history is the passes, the plays, then perhaps a pack: the plays are a slice.
        h = self._history
        return tuple(h[self._npassed : -1] if self._pack is not None else h[self._npassed :])

    def points(self) -> tuple[int, int, int, int]:
        """Points taken so far by seat (hidden from players until the deal ends)."""
        p = self._pts
        return (p[0], p[1], p[2], p[3])

    def can_pack(self, seat: Seat | str | int) -> bool:
        """True if ``seat`` may pack now: during play, with a total of 17 or more after it."""
        return self._phase == PLAY and self._pts[_seat(seat)] + 33 - self._taken >= 17

    def legal_actions(
        self, seat: Seat | str | int | None = None, *, with_pack: bool = False
    ) -> Sequence[int]:
        """Sorted legal card and pass actions of ``seat`` (default: the seat to move).

        Packing is a claim any seat may make at any moment of play, not a turn, so it
        is left out unless ``with_pack``: then the seat's pack action (``PACK + seat``,
        after every card) ends the list whenever :meth:`can_pack` allows it, on its
        turn or not. Searches and random playouts keep the default: a random pack
        would end most deals at once.

        >>> d = Deal.new(seed=1)
        >>> while d.phase == "pass":
        ...     d.apply(d.legal_actions()[0])
        >>> d.turn, d.legal_actions("C", with_pack=True)  # not C's turn; C may pack
        (<Seat.B: 1>, (34,))
        """
        ph = self._phase
        if seat is None and not with_pack:  # the hot path of every search and random deal
            if ph == PLAY:
                h = self._hands[self._turn]
                if self._ntable:
                    m = h & self._led_mask
                    if m:
                        return _FOLLOW[m]
                return _C0[h & 255] + _C1[h >> 8 & 255] + _C2[h >> 16 & 255] + _C3[h >> 24]
            if ph == PASS:
                s = self._turn
                return PassActions(self._hands[s], s)
            return ()
        if seat is not None:
            seat = _seat(seat)
        if with_pack:
            acts = self.legal_actions(seat)
            me = self._turn if seat is None else seat
            if ph == PLAY and self._pts[me] + 33 - self._taken >= 17:
                return (*acts, PACK + me)
            return acts
        if ph == PLAY:
            return self.legal_actions() if seat == self._turn else ()
        if ph == PASS and not self._passes[seat]:  # type: ignore[index]
            return PassActions(self._hands[seat], seat)  # type: ignore[index,arg-type]
        return ()

    # -- moves ----------------------------------------------------------------
    def apply(self, action: Any, seat: int | None = None) -> None:
        """Apply a checked action; ``seat``, if given, must be the seat taking it.

        (``action`` is typed ``Any``: whatever is given is checked here, not refused by a
        compiled build's argument check before it.)"""
        # ``action >> 5 == 0``: a card, 0 <= action < 32 (a negative int shifts to -1).
        if action.__class__ is int and action >> 5 == 0 and self._phase == PLAY:
            card: int = action  # (compiled: from here on a machine int)
            s = self._turn
            if seat is not None and seat != s:
                raise IllegalActionError(
                    f"not the turn of {SEATS[seat].code}: {SEATS[s].code} plays", reason="turn"
                )
            hands = self._hands
            hand = hands[s]
            n = self._ntable
            if n:
                if not (hand & self._led_mask or hand) >> card & 1:
                    self._refuse_play(card, s, hand)  # raises, or notes a renonc (referee)
                hands[s] = hand ^ 1 << card
                self._history.append(card)
                if n < 3:
                    self._ntable = n + 1
                    self._turn = (s + 1) & 3
                else:
                    self._end_trick()
            elif hand >> card & 1:
                hands[s] = hand ^ 1 << card
                self._history.append(card)
                self._led_mask = SUIT_MASK[card >> 3]
                self._ntable = 1
                self._turn = (s + 1) & 3
            else:
                raise IllegalActionError(
                    f"{SEATS[s].code} does not hold {CODES[card]}", reason="card"
                )
            return
        if (
            self._phase == PASS
            and action.__class__ is int
            and action & PASS_FLAG
            and action >> 35 == 0
            and (seat is None or seat == action >> 32 & 3)
        ):
            s = action >> 32 & 3
            mask = action & _MASK32
            if self._passes[s]:
                raise IllegalActionError(f"{SEATS[s].code} has already passed", reason="pass")
            if mask.bit_count() != 3 or mask & ~self._hands[s]:
                raise IllegalActionError(
                    f"{SEATS[s].code} must pass 3 cards of its hand", reason="pass"
                )
            self._pass(s, mask, action)
            return
        self._apply_other(action, seat)

    def _end_trick(self) -> None:
        """Score the trick just completed (the last four plays): the highest card of
        the led suit takes it."""
        history = self._history
        c0, c1, c2, c3 = history[-4:]
        st = self._strength
        led = c0 >> 3
        best, w = st[c0], 0
        if c1 >> 3 == led and st[c1] > best:
            best, w = st[c1], 1
        if c2 >> 3 == led and st[c2] > best:
            best, w = st[c2], 2
        if c3 >> 3 == led and st[c3] > best:
            w = 3
        leader = self._leader
        w = (leader + w) & 3
        gain = _GAIN[c0] + _GAIN[c1] + _GAIN[c2] + _GAIN[c3]
        if gain >= _HEJMA_MARK:
            gain -= _HEJMA_MARK
            self._hejma = w
        tricks = self._tricks
        if len(tricks) == 7:
            gain += 5
            self._last = w
            self._phase = OVER
        pts = self._pts
        gain += pts[w]
        pts[w] = gain
        self._ntricks[w] += 1
        tricks.append((leader, (c0, c1, c2, c3), w))
        self._ntable = 0
        self._leader = self._turn = w
        if gain >= 17 and self._early:
            self._phase = OVER

    def playout(self, rng: random.Random) -> None:
        """Finish the deal at random: the rollout of a search, in one tight loop.

        Exactly what the checked loop ``while acts := deal.legal_actions():
        deal.apply(acts[int(rng.random() * len(acts))])`` does with the same ``rng``
        (same choices, same final state; tests hold it to that), without the two calls
        and the re-check per card: each card is drawn from the legal cards. Never packs.

        >>> a, b = Deal.new(seed=8), Deal.new(seed=8)
        >>> a.playout(random.Random(1))
        >>> rng = random.Random(1)
        >>> while acts := b.legal_actions():
        ...     b.apply(acts[int(rng.random() * len(acts))])
        >>> a.history == b.history and a.result() == b.result()
        True
        """
        rnd = rng.random
        while self._phase == PASS:
            s = self._turn
            h = self._hands[s]
            bits = _B0[h & 255] + _B1[h >> 8 & 255] + _B2[h >> 16 & 255] + _B3[h >> 24]
            if len(bits) == 8:  # always, before a seat has passed: PassActions' order
                a, b, c = _TRIPLES[int(rnd() * 56)]
                mask = bits[a] | bits[b] | bits[c]
            else:
                choices = PassActions(h, s)
                mask = choices[int(rnd() * len(choices))] & _MASK32
            self._pass(s, mask, PASS_FLAG | s << 32 | mask)
        hands, history, end_trick = self._hands, self._history, self._end_trick
        s = self._turn
        n = self._ntable
        led_mask = self._led_mask
        while self._phase == PLAY:
            h = hands[s]
            if n:
                m = h & led_mask
                if m:
                    acts = _FOLLOW[m]
                else:
                    acts = _C0[h & 255] + _C1[h >> 8 & 255] + _C2[h >> 16 & 255] + _C3[h >> 24]
            else:
                acts = _C0[h & 255] + _C1[h >> 8 & 255] + _C2[h >> 16 & 255] + _C3[h >> 24]
            card = acts[int(rnd() * len(acts))]
            hands[s] = h ^ 1 << card
            history.append(card)
            if n < 3:
                if not n:
                    led_mask = self._led_mask = SUIT_MASK[card >> 3]
                n += 1
                s = (s + 1) & 3
            else:
                end_trick()
                n = 0
                s = self._turn
        self._ntable = n
        self._turn = s

    def _refuse_play(self, action: int, s: int, hand: int) -> None:
        if not hand >> action & 1:
            raise IllegalActionError(
                f"{SEATS[s].code} does not hold {CODES[action]}", reason="card"
            )
        if not self.referee:
            raise IllegalActionError(
                f"{SEATS[s].code} must follow suit with {CODES[action]}", reason="follow"
            )
        self._renonc += ((s, len(self._history) - 4),)

    def _apply_other(self, action: Any, seat: int | None) -> None:
        """The actions :meth:`apply` does not take on its fast paths: packs and errors."""
        if action.__class__ is not int:
            raise IllegalActionError(f"not an action: {action!r}", reason="action")
        phase = self._phase
        is_pass = action & PASS_FLAG and action >> 35 == 0
        if phase == PASS and is_pass:  # by another seat than ``seat``
            raise IllegalActionError("a seat passes only its own cards", reason="turn")
        if phase == OVER:
            raise IllegalActionError("the deal is over", reason="phase")
        if PACK <= action < PACK + 4:
            p = action - PACK
            if seat is not None and seat != p:
                raise IllegalActionError("a seat packs only for itself", reason="turn")
            if phase != PLAY:
                raise IllegalActionError("packing is possible only during play", reason="phase")
            pts = self._pts
            total = pts[p] + 33 - self._taken
            if total < 17:
                raise IllegalActionError(
                    f"packing refused: {SEATS[p].code} would have {total} points, under 17",
                    reason="pack",
                )
            self._pack = (p, len(self._history) - self._npassed)
            if self._hejma == -1:
                self._hejma = p
            self._last = p
            pts[p] = total  # the packer takes every point left: all seats now hold 33
            self._history.append(action)
            self._phase = OVER
            return
        if is_pass:
            if seat is not None and seat != action >> 32 & 3:
                raise IllegalActionError("a seat passes only its own cards", reason="turn")
            raise IllegalActionError("the pass is over", reason="phase")
        if 0 <= action < 32:
            raise IllegalActionError("cards are played only after the pass", reason="phase")
        raise IllegalActionError(f"not an action: {action!r}", reason="action")

    def _pass(self, s: int, mask: int, action: int) -> None:
        """Seat ``s`` passes the cards of ``mask`` (checked by the caller)."""
        hands, passes = self._hands, self._passes
        hands[s] ^= mask
        passes[s] = mask
        left = (s + 1) & 3
        if passes[left]:
            hands[left] |= mask
        if passes[(s + 3) & 3]:
            hands[s] |= passes[(s + 3) & 3]
        self._history.append(action)
        n = self._npassed = self._npassed + 1
        if n == 4:
            self._phase = PLAY
            self._turn = self._leader
        elif s == self._turn:  # the next seat still to pass, clockwise
            while passes[left]:
                left = (left + 1) & 3
            self._turn = left

    def _first_to_pass(self) -> int:
        d = self.dealer
        passes = self._passes
        for k in (1, 2, 3, 4):
            s = (d + k) & 3
            if not passes[s]:
                return s
        return self._leader

    def undo(self) -> int:
        """Take back the last action and return it; the state is exactly as before it.

        Raises ``IllegalActionError`` (reason ``phase``) when nothing was applied.

        >>> d = Deal.new(seed=4)
        >>> before = d.clone()
        >>> d.apply(d.legal_actions()[0]); d.undo() == before.legal_actions()[0]
        True
        >>> d.hand_mask(1) == before.hand_mask(1) and d.turn == before.turn
        True
        """
        history = self._history
        if not history:
            raise IllegalActionError("nothing to undo", reason="phase")
        action = history.pop()
        if action < 32:
            self._undo_play(action)
        elif action < PACK + 4:
            self._undo_pack(action - PACK)
        else:
            self._undo_pass(action >> 32 & 3, action & _MASK32)
        return action

    def _undo_play(self, card: int) -> None:
        n = self._ntable
        if not n:  # the card completed a trick: lift the trick off the taker's pile
            leader, cards, w = self._tricks.pop()
            gain = POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
            if len(self._tricks) == 7:
                gain += 5
                self._last = -1
            if HEJMA in cards:
                self._hejma = -1
            self._pts[w] -= gain
            self._ntricks[w] -= 1
            self._phase = PLAY
            self._leader = leader
            n = 4
        n -= 1  # the card is already off the history
        self._ntable = n
        if n:
            self._led_mask = SUIT_MASK[self._history[-n] >> 3]
        else:
            self._led_mask = SUIT_MASK[self._tricks[-1][1][0] >> 3 if self._tricks else 0]
        s = (self._leader + n) & 3
        self._hands[s] |= 1 << card
        self._turn = s
        renonc = self._renonc
        if renonc and renonc[-1] == (s, len(self._history) - 4):
            self._renonc = renonc[:-1]

    def _undo_pack(self, p: int) -> None:
        taken = 0
        hejma = -1
        for _, cards, w in self._tricks:
            taken += POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
            if HEJMA in cards:
                hejma = w
        self._pts[p] -= 33 - taken
        self._hejma = hejma
        self._last = -1
        self._pack = None
        self._phase = PLAY

    def _undo_pass(self, s: int, mask: int) -> None:
        passes, hands = self._passes, self._hands
        left, right = (s + 1) & 3, (s + 3) & 3
        if passes[left]:
            hands[left] &= ~mask
        if passes[right]:
            hands[s] &= ~passes[right]
        hands[s] |= mask
        passes[s] = 0
        self._npassed -= 1
        self._phase = PASS
        self._turn = self._first_to_pass()

    # -- the end --------------------------------------------------------------
    def end_kind(self) -> EndKind | None:
        """How the deal ended so far, or None if it may not stop here.

        A deal (or a record) may stop after a renonc, a pack, the 8th trick, or
        (with ``early_end``) a trick that leaves a seat on 17 or more.
        """
        if self._renonc:
            return "renonc"
        if self._pack is not None:
            return "packed"
        if len(self._tricks) == 8:
            return "played"
        if (
            self.ruleset.early_end
            and self._npassed == 4
            and not self._ntable
            and max(self._pts) >= 17
        ):
            return "early"
        return None

    def result(self) -> DealResult:
        """The scored result; raises ``IllegalActionError`` (reason ``phase``) if unfinished."""
        renonc = self._renonc
        if renonc or self._phase != OVER:
            return self._result_slow()
        p, t = self._pts, self._ntricks
        points = (p[0], p[1], p[2], p[3])
        top = max(points)
        if points.count(top) == 1:
            loser: tuple[Seat, ...] = (SEATS[points.index(top)],)
        else:
            loser = tuple(SEATS[s] for s in loser_of(p, self._hejma, self._last, self.ruleset))
        end: EndKind = (
            "packed" if self._pack is not None else "played" if len(self._tricks) == 8 else "early"
        )
        h, last = self._hejma, self._last
        return make_result(
            points,
            (t[0], t[1], t[2], t[3]),
            None if h < 0 else SEATS[h],
            None if last < 0 else SEATS[last],
            loser,
            end,
        )

    def _result_slow(self) -> DealResult:
        end = self.end_kind()
        if end is None:
            raise IllegalActionError("the deal is not over", reason="phase")
        if end == "renonc":
            offenders = sorted({s for s, _ in self._renonc})
            loser = tuple(SEATS[s] for s in offenders)
        else:
            loser = tuple(
                SEATS[s] for s in loser_of(self._pts, self._hejma, self._last, self.ruleset)
            )
        p, t = self._pts, self._ntricks
        return make_result(
            (p[0], p[1], p[2], p[3]),
            (t[0], t[1], t[2], t[3]),
            None if self._hejma < 0 else SEATS[self._hejma],
            None if self._last < 0 else SEATS[self._last],
            loser,
            end,
            tuple(Renonc(SEATS[s], i) for s, i in self._renonc),
        )


# The compiled twin of this module (see engine/native.py), when built and not declined:
# the same code, so the names below are swapped for its own, whole.
_NATIVE_NAMES = ("Deal", "PassActions", "Trick", "deal_masks", "_cards_of", "_deal", "_seat")
if __name__ == "engine.deal" and os.environ.get("SCWU_ENGINE_PURE") != "1":
    try:
        from importlib import import_module

        _native = import_module("engine._deal_native")
    except ImportError:
        pass
    else:
        for _name in _NATIVE_NAMES:
            _pure, _twin = globals()[_name], getattr(_native, _name)
            if isinstance(_twin, type):  # a compiled class keeps no docstring nor __slots__
                for _key in ("__doc__", "__slots__"):
                    if _key in vars(_pure):
                        setattr(_twin, _key, vars(_pure)[_key])
            globals()[_name] = _twin
