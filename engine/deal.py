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

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import overload

from engine.cards import CODES, HEJMA, SEATS, Seat, card_index
from engine.errors import IllegalActionError, InvalidRecordError, ParseError
from engine.result import DealResult, Renonc
from engine.rules import DEFAULT_RULESET, POINTS, EndKind, Ruleset, loser_of

__all__ = ["PACK", "PASS_FLAG", "Deal", "PassActions", "deal_masks"]

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
# _BITS_DESC[suit][byte]: the card bits of a suit's byte, descending.
_BITS_DESC = tuple(
    tuple(tuple(1 << (s * 8 + r) for r in range(7, -1, -1) if b >> r & 1) for b in range(256))
    for s in range(4)
)
_C0, _C1, _C2, _C3 = _CARDS
_B0, _B1, _B2, _B3 = _BITS_DESC
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
        b = _B3[hand >> 24] + _B2[hand >> 16 & 255] + _B1[hand >> 8 & 255] + _B0[hand & 255]
        self._bits = b[::-1]

    def __len__(self) -> int:
        n = len(self._bits)
        return n * (n - 1) * (n - 2) // 6

    @overload
    def __getitem__(self, i: int) -> int: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[int]: ...
    def __getitem__(self, i: int | slice) -> int | Sequence[int]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if len(self._bits) != 8:
            return sorted(sum(t, self._base) for t in combinations(self._bits, 3))[i]
        a, b, c = _TRIPLES[i]
        bits = self._bits
        return self._base | bits[a] | bits[b] | bits[c]

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


def _cards_of(mask: int) -> tuple[int, ...]:
    return _C0[mask & 255] + _C1[mask >> 8 & 255] + _C2[mask >> 16 & 255] + _C3[mask >> 24]


def deal_masks(rng: random.Random, dealer: int = 0) -> list[int]:
    """Shuffle and deal: four 8-card bitmasks, one card at a time from the dealer's left.

    >>> masks = deal_masks(random.Random(1))
    >>> [m.bit_count() for m in masks], sum(masks) == (1 << 32) - 1
    ([8, 8, 8, 8], True)
    """
    r = rng.getrandbits(192)
    cards = list(range(32))
    for n in range(32, 1, -1):
        r, j = divmod(r, n)
        cards[n - 1], cards[j] = cards[j], cards[n - 1]
    hands = [0, 0, 0, 0]
    for k in range(4):
        hands[(dealer + 1 + k) & 3] = sum([1 << c for c in cards[k::4]])
    return hands


class Deal:
    """The state of one deal. Build with :meth:`new` (random) or :meth:`from_hands`.

    ``referee=True`` is the mode for replaying records of physical tables: a held
    card that fails to follow suit is accepted and noted as a renonc B, and the
    deal does not stop by itself at 17.
    """

    # Scalars start as class attributes; an instance gets its own on first write.
    _npassed = 0
    _phase = PASS
    _led = 0
    _best = -1
    _winner = -1
    _tpts = 0
    _hejma_on_table = False
    _taken = 0
    _hejma = -1
    _last = -1
    _pack: tuple[int, int] | None = None
    _renonc: tuple[tuple[int, int], ...] = ()

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
        self._turn = (dealer + 1) & 3
        self._leader = self._turn
        self._trick: list[int] = []
        self._pts = [0, 0, 0, 0]
        self._ntricks = [0, 0, 0, 0]
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._history: list[int] = []
        self._strength = ruleset.strength
        self._early = ruleset.early_end and not referee

    # -- construction ---------------------------------------------------------
    @classmethod
    def new(
        cls,
        *,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        dealer: Seat | int = Seat.A,
        ruleset: Ruleset = DEFAULT_RULESET,
    ) -> Deal:
        """Shuffle and deal from a seed or an injected ``random.Random`` (reproducible)."""
        if rng is None:
            rng = random.Random(seed)
        return cls(deal_masks(rng, int(dealer)), int(dealer), ruleset)

    @classmethod
    def from_hands(
        cls,
        hands: Mapping[str, Sequence[str]] | Mapping[Seat, Sequence[str]],
        dealer: Seat | str = Seat.A,
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
        seat = Seat.parse(dealer) if isinstance(dealer, str) else SEATS[dealer]
        if not isinstance(hands, Mapping) or sorted(str(Seat.parse(k).code) for k in hands) != [
            "A", "B", "C", "D",
        ]:  # fmt: skip
            raise InvalidRecordError("format", "hands must give the seats A, B, C and D")
        masks = [0, 0, 0, 0]
        for key, cards in hands.items():
            s = Seat.parse(key)
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
        """An independent copy of this state."""
        other = Deal.__new__(Deal)
        for name, value in self.__dict__.items():
            setattr(other, name, value.copy() if isinstance(value, list) else value)
        return other

    # -- queries --------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``pass``, ``play`` or ``over``."""
        return _PHASES[self._phase]

    @property
    def turn(self) -> Seat | None:
        """The seat to move (in the pass phase: the first seat still to pass), None when over."""
        if self._phase == PASS:
            for k in range(1, 5):
                s = (self.dealer + k) & 3
                if not self._passes[s]:
                    return SEATS[s]
        if self._phase == PLAY:
            return SEATS[self._turn]
        return None

    def is_over(self) -> bool:
        """True when the deal has ended (played out, early end, or packed)."""
        return self._phase == OVER

    def has_passed(self, seat: int) -> bool:
        """True once ``seat`` has committed its three cards."""
        return self._passes[seat] != 0

    def hand(self, seat: int) -> list[str]:
        """The codes of the cards ``seat`` holds now (received cards appear once it has passed)."""
        return [CODES[c] for c in _cards_of(self._hands[seat])]

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now as a bitmask."""
        return self._hands[seat]

    @property
    def history(self) -> tuple[int, ...]:
        """Every action applied, in order."""
        return tuple(self._history)

    @property
    def plays(self) -> tuple[int, ...]:
        """Every card played, in order."""
        return tuple(a for a in self._history if a < 32)

    def points(self) -> tuple[int, int, int, int]:
        """Points taken so far by seat (hidden from players until the deal ends)."""
        p = self._pts
        return (p[0], p[1], p[2], p[3])

    def can_pack(self, seat: int) -> bool:
        """True if ``seat`` may pack now: during play, with a total of 17 or more after it."""
        return self._phase == PLAY and self._pts[seat] + 33 - self._taken >= 17

    def legal_actions(self, seat: int | None = None) -> Sequence[int]:
        """Sorted legal card and pass actions of ``seat`` (default: the seat to move).

        Packing is a claim any seat may make at any moment of play, not a turn:
        see :meth:`can_pack`; ``apply(PACK + seat)`` performs it.
        """
        ph = self._phase
        if ph == PLAY:
            s = self._turn
            if seat is not None and seat != s:
                return ()
            h = self._hands[s]
            if self._trick:
                led = self._led
                m = h & SUIT_MASK[led]
                if m:
                    return _CARDS[led][m >> (led << 3)]
            return _C0[h & 255] + _C1[h >> 8 & 255] + _C2[h >> 16 & 255] + _C3[h >> 24]
        if ph == PASS:
            if seat is None:
                t = self.turn
                assert t is not None
                seat = int(t)
            elif self._passes[seat]:
                return ()
            return PassActions(self._hands[seat], seat)
        return ()

    # -- moves ----------------------------------------------------------------
    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply a checked action; ``seat``, if given, must be the seat taking it."""
        if self._phase == PLAY and action.__class__ is int and 0 <= action < 32:
            s = self._turn
            if seat is not None and seat != s:
                raise IllegalActionError(
                    f"not the turn of {SEATS[seat].code}: {SEATS[s].code} plays", reason="turn"
                )
            bit = 1 << action
            hand = self._hands[s]
            if not hand & bit:
                raise IllegalActionError(
                    f"{SEATS[s].code} does not hold {CODES[action]}", reason="card"
                )
            trick = self._trick
            if trick:
                led = self._led
                if action >> 3 != led:
                    if hand & SUIT_MASK[led]:
                        if not self.referee:
                            raise IllegalActionError(
                                f"{SEATS[s].code} must follow suit with {CODES[action]}",
                                reason="follow",
                            )
                        self._renonc += ((s, len(self._history) - 4),)
                elif self._strength[action] > self._best:
                    self._best = self._strength[action]
                    self._winner = s
                self._tpts += POINTS[action]
            else:
                self._led = action >> 3
                self._best = self._strength[action]
                self._winner = s
                self._tpts = POINTS[action]
            if action == HEJMA:
                self._hejma_on_table = True
            self._hands[s] = hand ^ bit
            trick.append(action)
            self._history.append(action)
            if len(trick) == 4:
                self._end_trick()
            else:
                self._turn = (s + 1) & 3
            return
        self._apply_other(action, seat)

    def _end_trick(self) -> None:
        w = self._winner
        gain = self._tpts
        last = len(self._tricks) == 7
        if last:
            gain += 5
            self._last = w
        if self._hejma_on_table:
            self._hejma = w
            self._hejma_on_table = False
        self._pts[w] += gain
        self._taken += gain
        self._ntricks[w] += 1
        self._tricks.append((self._leader, tuple(self._trick), w))
        self._trick = []
        self._leader = self._turn = w
        if last or (self._early and self._pts[w] >= 17):
            self._phase = OVER

    def _apply_other(self, action: int, seat: int | None) -> None:
        if action.__class__ is not int:
            raise IllegalActionError(f"not an action: {action!r}", reason="action")
        if self._phase == OVER:
            raise IllegalActionError("the deal is over", reason="phase")
        if PACK <= action < PACK + 4:
            p = action - PACK
            if seat is not None and seat != p:
                raise IllegalActionError("a seat packs only for itself", reason="turn")
            if self._phase != PLAY:
                raise IllegalActionError("packing is possible only during play", reason="phase")
            total = self._pts[p] + 33 - self._taken
            if total < 17:
                raise IllegalActionError(
                    f"packing refused: {SEATS[p].code} would have {total} points, under 17",
                    reason="pack",
                )
            self._pack = (p, len(self._history) - self._npassed)
            if self._hejma == -1:
                self._hejma = p
            self._last = p
            self._pts[p] = total
            self._taken = 33
            self._history.append(action)
            self._phase = OVER
            return
        if action & PASS_FLAG and action >> 35 == 0:
            s = action >> 32 & 3
            mask = action & _MASK32
            if seat is not None and seat != s:
                raise IllegalActionError("a seat passes only its own cards", reason="turn")
            if self._phase != PASS:
                raise IllegalActionError("the pass is over", reason="phase")
            if self._passes[s]:
                raise IllegalActionError(f"{SEATS[s].code} has already passed", reason="pass")
            if mask.bit_count() != 3 or mask & ~self._hands[s]:
                raise IllegalActionError(
                    f"{SEATS[s].code} must pass 3 cards of its hand", reason="pass"
                )
            self._hands[s] ^= mask
            self._passes[s] = mask
            left, right = (s + 1) & 3, (s + 3) & 3
            if self._passes[left]:
                self._hands[left] |= mask
            if self._passes[right]:
                self._hands[s] |= self._passes[right]
            self._npassed += 1
            self._history.append(action)
            if self._npassed == 4:
                self._phase = PLAY
            return
        if 0 <= action < 32:
            raise IllegalActionError("cards are played only after the pass", reason="phase")
        raise IllegalActionError(f"not an action: {action!r}", reason="action")

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
            and not self._trick
            and max(self._pts) >= 17
        ):
            return "early"
        return None

    def result(self) -> DealResult:
        """The scored result; raises ``IllegalActionError`` (reason ``phase``) if unfinished."""
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
        return DealResult(
            points=(p[0], p[1], p[2], p[3]),
            tricks=(t[0], t[1], t[2], t[3]),
            hejma=None if self._hejma < 0 else SEATS[self._hejma],
            last_trick=None if self._last < 0 else SEATS[self._last],
            loser=loser,
            end=end,
            renonc=tuple(Renonc(SEATS[s], i) for s, i in self._renonc),
        )
