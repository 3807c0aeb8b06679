"""Cards, suits, ranks, seats: codes in parse/format pairs, names, typed errors."""

from __future__ import annotations

import pytest

from engine.cards import (
    CODES,
    LANGUAGES,
    PATTERNS,
    Card,
    Rank,
    Seat,
    Suit,
    format_cards,
    parse_cards,
    rank_name,
    seat_name,
    suit_name,
)
from engine.errors import ParseError


def test_every_card_code_round_trips() -> None:
    assert len(set(CODES)) == 32
    for i, code in enumerate(CODES):
        card = Card.parse(code)
        assert card.code == code and card.index == i and Card.from_index(i) == card


def test_hejma_is_the_upper_jack_of_leaves() -> None:
    assert [c.code for c in map(Card.from_index, range(32)) if c.is_hejma] == ["QS"]
    assert Card.parse("QS").name("cs") == "zelený svršek"
    assert Card.parse("QS").name("en", "french") == "queen of spades"
    assert Card.parse("QS").name("en") == "upper jack of leaves"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("pattern", PATTERNS)
def test_names_are_distinct_in_every_language_and_pattern(lang: str, pattern: str) -> None:
    names = {Card.from_index(i).name(lang, pattern) for i in range(32)}  # type: ignore[arg-type]
    assert len(names) == 32
    assert len({suit_name(s, lang, pattern) for s in Suit}) == 4  # type: ignore[arg-type]
    assert len({rank_name(r, lang, pattern) for r in Rank}) == 8  # type: ignore[arg-type]


def test_czech_and_french_pattern_names() -> None:
    assert [suit_name(s, "cs") for s in Suit] == ["srdce", "listy", "kule", "žaludy"]
    assert [suit_name(s, "en", "french") for s in Suit] == ["hearts", "spades", "diamonds", "clubs"]
    assert rank_name(Rank.JACK, "cs") == "spodek" and rank_name(Rank.QUEEN, "cs") == "svršek"
    assert rank_name(Rank.JACK, "en", "french") == "jack"
    assert rank_name(Rank.QUEEN, "en", "french") == "queen"
    assert Card.parse("AH").name("ru", "french") == "туз червей"
    assert seat_name(Seat.C, "ru") == "место C"


@pytest.mark.parametrize("bad", ["", "QX", "1H", "QSS", "qs ", None, 13, "XX"])
def test_bad_card_codes_raise_a_value_error(bad: object) -> None:
    if bad == "qs ":
        assert Card.parse(bad).code == "QS"  # case and spaces are forgiven
        return
    with pytest.raises(ParseError) as info:
        Card.parse(bad)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)


def test_ten_may_be_written_10() -> None:
    assert Card.parse("10H").code == "TH" and Rank.parse("10") is Rank.TEN


def test_seats_go_clockwise() -> None:
    assert [s.left for s in Seat] == [Seat.B, Seat.C, Seat.D, Seat.A]
    assert [s.right for s in Seat] == [Seat.D, Seat.A, Seat.B, Seat.C]
    with pytest.raises(ParseError):
        Seat.parse("E")
    with pytest.raises(ParseError):
        Suit.parse("X")
    with pytest.raises(ParseError):
        seat_name(Seat.A, "de")  # type: ignore[arg-type]


def test_card_lists_parse_and_format_in_pairs() -> None:
    codes = ["QS", "AH", "7C"]
    assert format_cards(parse_cards(codes)) == codes
    with pytest.raises(ParseError):
        parse_cards("QS")
