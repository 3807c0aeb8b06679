"""Cards, suits, ranks and seats: codes of RULES.md and names in three languages.

A card is written rank then suit (``"QS"`` is Hejma). Inside the engine a card
is a small integer ``suit * 8 + rank`` (0..31) and a set of cards a bitmask;
:class:`Card`, :class:`Suit`, :class:`Rank` and :class:`Seat` are the objects at
the edges. Parsing and formatting come in pairs:

>>> card = Card.parse("QS")
>>> card, card.code, card.index, card.is_hejma
(Card(suit=<Suit.SPADES: 1>, rank=<Rank.QUEEN: 5>), 'QS', 13, True)
>>> Card.from_index(13) == card
True
>>> card.name("cs"), card.name("cs", pattern="french"), card.name("ru", pattern="french")
('zelený svršek', 'piková dáma', 'дама пик')
>>> Seat.parse("d").left, Seat.A.code
(<Seat.A: 0>, 'A')
"""

from __future__ import annotations

from enum import IntEnum
from typing import Literal, NamedTuple

from engine.errors import ParseError

__all__ = [
    "HEJMA",
    "LANGUAGES",
    "PATTERNS",
    "SEATS",
    "Card",
    "Language",
    "Pattern",
    "Rank",
    "Seat",
    "Suit",
    "card_code",
    "card_index",
    "format_cards",
    "parse_cards",
    "rank_name",
    "seat_name",
    "suit_name",
]

Language = Literal["en", "cs", "ru"]
Pattern = Literal["czech", "french"]
LANGUAGES: tuple[Language, ...] = ("en", "cs", "ru")
PATTERNS: tuple[Pattern, ...] = ("czech", "french")

SUIT_CHARS = "HSDC"
RANK_CHARS = "789TJQKA"


class Suit(IntEnum):
    """The four suits in code order ``H S D C`` (hearts, leaves, bells, acorns)."""

    HEARTS = 0
    SPADES = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def code(self) -> str:
        """One-letter code: ``Suit.SPADES.code == 'S'``."""
        return SUIT_CHARS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a one-letter code (case-insensitive).

        >>> Suit.parse("h")
        <Suit.HEARTS: 0>
        """
        if isinstance(text, str) and len(text) == 1 and text.upper() in SUIT_CHARS:
            return cls(SUIT_CHARS.index(text.upper()))
        raise ParseError(f"not a suit: {text!r}")


class Rank(IntEnum):
    """Ranks in the natural order, low to high: ``7 8 9 T J Q K A``."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def code(self) -> str:
        """One-character code: ``Rank.TEN.code == 'T'``."""
        return RANK_CHARS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a one-character code (``10`` is accepted for the ten).

        >>> Rank.parse("10"), Rank.parse("q")
        (<Rank.TEN: 3>, <Rank.QUEEN: 5>)
        """
        if isinstance(text, str):
            t = "T" if text == "10" else text.upper()
            if len(t) == 1 and t in RANK_CHARS:
                return cls(RANK_CHARS.index(t))
        raise ParseError(f"not a rank: {text!r}")


#: Code of every card by index, and the reverse table (upper-case codes).
CODES: tuple[str, ...] = tuple(r + s for s in SUIT_CHARS for r in RANK_CHARS)
INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}
HEJMA = INDEX["QS"]


def card_index(code: str) -> int:
    """The index 0..31 of a card code; raises :class:`ParseError`.

    >>> card_index("7H"), card_index("AC"), card_index("10d")
    (0, 31, 19)
    """
    i = INDEX.get(code) if isinstance(code, str) else None
    if i is None:
        if isinstance(code, str):
            t = code.strip().upper()
            if t.startswith("10"):
                t = "T" + t[2:]
            i = INDEX.get(t)
        if i is None:
            raise ParseError(f"not a card: {code!r}")
    return i


def card_code(index: int) -> str:
    """The code of a card index: ``card_code(13) == 'QS'``.

    >>> card_code(0)
    '7H'
    """
    if isinstance(index, int) and 0 <= index < 32:
        return CODES[index]
    raise ParseError(f"not a card index: {index!r}")


def parse_cards(codes: object) -> list[int]:
    """Parse a list of card codes into indices (order kept).

    >>> parse_cards(["QS", "AH"])
    [13, 7]
    """
    if not isinstance(codes, list | tuple):
        raise ParseError(f"not a list of cards: {codes!r}")
    return [card_index(c) for c in codes]


def format_cards(cards: object) -> list[str]:
    """Format card indices (an iterable, or a bitmask int) as codes in index order for a mask.

    >>> format_cards([13, 7]), format_cards((1 << 13) | (1 << 7))
    (['QS', 'AH'], ['AH', 'QS'])
    """
    if isinstance(cards, int):
        return [CODES[i] for i in range(32) if cards >> i & 1]
    if isinstance(cards, list | tuple):
        return [card_code(i) for i in cards]
    raise ParseError(f"not cards: {cards!r}")


class Card(NamedTuple):
    """One card: a suit and a rank. Orders by suit (``H S D C``), then rank."""

    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a two-character code such as ``"TH"`` (or ``"10H"``)."""
        return CARDS[card_index(code)]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this index (0..31)."""
        if isinstance(index, int) and 0 <= index < 32:
            return CARDS[index]
        raise ParseError(f"not a card index: {index!r}")

    @property
    def code(self) -> str:
        """Two-character code, rank then suit."""
        return RANK_CHARS[self.rank] + SUIT_CHARS[self.suit]

    @property
    def index(self) -> int:  # type: ignore[override]
        """Index 0..31 (``suit * 8 + rank``)."""
        return int(self.suit) * 8 + int(self.rank)

    @property
    def is_hejma(self) -> bool:
        """True for Hejma, the upper jack of leaves (``QS``)."""
        return self.suit == Suit.SPADES and self.rank == Rank.QUEEN

    def name(self, lang: Language = "en", pattern: Pattern = "czech") -> str:
        """The card's name in a language and card pattern.

        >>> Card.parse("AH").name(), Card.parse("AH").name("en", "french")
        ('ace of hearts', 'ace of hearts')
        >>> Card.parse("JC").name("cs"), Card.parse("7D").name("ru", "french")
        ('žaludský spodek', 'семёрка бубен')
        """
        return _card_name(self.suit, self.rank, lang, pattern)

    def __str__(self) -> str:
        return self.code


CARDS: tuple[Card, ...] = tuple(Card(Suit(i // 8), Rank(i % 8)) for i in range(32))


class Seat(IntEnum):
    """The four seats, clockwise. ``left`` is the next seat clockwise."""

    A = 0
    B = 1
    C = 2
    D = 3

    @property
    def code(self) -> str:
        """The seat letter."""
        return "ABCD"[self]

    @property
    def left(self) -> Seat:
        """The seat on this seat's left (next clockwise): ``Seat.D.left is Seat.A``."""
        return SEATS[(self + 1) & 3]

    @property
    def right(self) -> Seat:
        """The seat on this seat's right (previous clockwise)."""
        return SEATS[(self + 3) & 3]

    @classmethod
    def parse(cls, text: object) -> Seat:
        """Parse a seat letter (case-insensitive).

        >>> Seat.parse("b")
        <Seat.B: 1>
        """
        if isinstance(text, str) and len(text) == 1 and text.upper() in "ABCD":
            return SEATS["ABCD".index(text.upper())]
        raise ParseError(f"not a seat: {text!r}")

    @classmethod
    def of(cls, seat: object) -> Seat:
        """A seat argument of the API: a ``Seat``, a letter or an index 0-3.

        Records keep to letters (:meth:`parse`); code may pass any of the three.

        >>> Seat.of("b"), Seat.of(Seat.C), Seat.of(3)
        (<Seat.B: 1>, <Seat.C: 2>, <Seat.D: 3>)
        >>> Seat.of("E")
        Traceback (most recent call last):
        ...
        engine.errors.ParseError: not a seat: 'E' (give a Seat, a letter A-D or 0-3)
        """
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 4:
            return SEATS[seat]
        if isinstance(seat, str) and len(seat) == 1 and seat.upper() in "ABCD":
            return SEATS["ABCD".index(seat.upper())]
        raise ParseError(f"not a seat: {seat!r} (give a Seat, a letter A-D or 0-3)")


SEATS: tuple[Seat, ...] = (Seat.A, Seat.B, Seat.C, Seat.D)

# -- names --------------------------------------------------------------------
_SUIT_NAMES: dict[tuple[str, str], tuple[str, ...]] = {
    ("en", "french"): ("hearts", "spades", "diamonds", "clubs"),
    ("en", "czech"): ("hearts", "leaves", "bells", "acorns"),
    ("cs", "french"): ("srdce", "piky", "káry", "kříže"),
    ("cs", "czech"): ("srdce", "listy", "kule", "žaludy"),
    ("ru", "french"): ("червы", "пики", "бубны", "трефы"),
    ("ru", "czech"): ("червы", "листья", "бубенцы", "жёлуди"),
}
_RANK_NAMES: dict[tuple[str, str], tuple[str, ...]] = {
    ("en", "french"): ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    ("en", "czech"): ("seven", "eight", "nine", "ten", "lower jack", "upper jack", "king", "ace"),
    ("cs", "french"): ("sedma", "osma", "devítka", "desítka", "kluk", "dáma", "král", "eso"),
    ("cs", "czech"): ("sedma", "osma", "devítka", "desítka", "spodek", "svršek", "král", "eso"),
    ("ru", "french"): (
        "семёрка", "восьмёрка", "девятка", "десятка", "валет", "дама", "король", "туз",
    ),
    ("ru", "czech"): (
        "семёрка", "восьмёрка", "девятка", "десятка", "унтер", "обер", "король", "туз",
    ),
}  # fmt: skip
# Czech card names are "adjective noun"; the adjective agrees with the rank's gender.
_CS_GENDER = ("f", "f", "f", "f", "m", "m", "m", "n")
_CS_FRENCH_GENDER = ("f", "f", "f", "f", "m", "f", "m", "n")
_CS_ADJ: dict[str, tuple[str, ...]] = {
    "czech": ("srdcov", "zelen", "kulov", "žaludsk"),
    "french": ("srdcov", "pikov", "károv", "křížov"),
}
_CS_ENDING = {"m": "ý", "f": "á", "n": "é"}
_RU_GENITIVE: dict[str, tuple[str, ...]] = {
    "french": ("червей", "пик", "бубен", "треф"),
    "czech": ("червей", "листьев", "бубенцов", "желудей"),
}
_SEAT_WORD = {"en": "seat", "cs": "místo", "ru": "место"}


def _check(lang: str, pattern: str) -> None:
    if lang not in LANGUAGES:
        raise ParseError(f"not a language: {lang!r} (en, cs, ru)")
    if pattern not in PATTERNS:
        raise ParseError(f"not a card pattern: {pattern!r} (czech, french)")


def suit_name(suit: Suit, lang: Language = "en", pattern: Pattern = "czech") -> str:
    """A suit's name.

    >>> suit_name(Suit.CLUBS, "cs"), suit_name(Suit.CLUBS, "en", "french")
    ('žaludy', 'clubs')
    """
    _check(lang, pattern)
    return _SUIT_NAMES[lang, pattern][suit]


def rank_name(rank: Rank, lang: Language = "en", pattern: Pattern = "czech") -> str:
    """A rank's name.

    >>> rank_name(Rank.QUEEN, "cs"), rank_name(Rank.JACK, "ru", "french")
    ('svršek', 'валет')
    """
    _check(lang, pattern)
    return _RANK_NAMES[lang, pattern][rank]


def seat_name(seat: Seat, lang: Language = "en") -> str:
    """A seat's name: ``seat_name(Seat.B, "cs") == 'místo B'``."""
    _check(lang, "czech")
    return f"{_SEAT_WORD[lang]} {seat.code}"


def _card_name(suit: Suit, rank: Rank, lang: Language, pattern: Pattern) -> str:
    _check(lang, pattern)
    r = _RANK_NAMES[lang, pattern][rank]
    if lang == "en":
        return f"{r} of {_SUIT_NAMES[lang, pattern][suit]}"
    if lang == "ru":
        return f"{r} {_RU_GENITIVE[pattern][suit]}"
    gender = (_CS_GENDER if pattern == "czech" else _CS_FRENCH_GENDER)[rank]
    return f"{_CS_ADJ[pattern][suit]}{_CS_ENDING[gender]} {r}"
