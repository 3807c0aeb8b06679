"""The jargon rule (SM-18): forbidden card words and their substitutes (S10)."""

from __future__ import annotations

import pytest

from engine.smoke.jargon import TERMS, _forms, check_line, is_clean, suggest

ALL_FORMS = [(term, form) for term, _ in TERMS for form in _forms(term)[:2]]


@pytest.mark.parametrize(("term", "form"), ALL_FORMS)
@pytest.mark.parametrize("case", [str.lower, str.upper, str.title])
def test_every_term_singular_and_plural_in_any_case(term: str, form: str, case: object) -> None:
    written = case(form)  # type: ignore[operator]
    line = f"well, {written}! I say"
    findings = check_line(line)
    assert len(findings) == 1
    found = findings[0]
    assert found.term == term and found.word == written
    assert line[found.start : found.end] == written
    assert found.substitutes == dict(TERMS)[term] and found.suggestion


@pytest.mark.parametrize(("term", "form"), ALL_FORMS)
def test_a_term_inside_another_word_is_not_found(term: str, form: str) -> None:
    glued = form.replace(" ", "")
    assert check_line(f"x{glued}y and pre{glued} and {glued}ful") == []


@pytest.mark.parametrize(
    "line",
    [
        "heartless kingdom",
        "often acetone",
        "handle the scoreboard",
        "twofold sevenths",
        "playersome",
        "seventeen",
        "twenty-two",
    ],
)
def test_everyday_words_containing_terms_are_fine(line: str) -> None:
    assert is_clean(line)


def test_s10_hearts_costs_bleeders_is_fine() -> None:
    assert [f.term for f in check_line("I have hearts")] == ["hearts"]
    assert check_line("I have bleeders and a kack") == []


@pytest.mark.parametrize(
    "sub", [s for _, subs in TERMS for s in subs if s not in {"one above the wee one"}]
)
def test_substitutes_are_allowed(sub: str) -> None:
    assert [f.word for f in check_line(f"a {sub} here")] == []


def test_card_table_is_one_finding_with_its_own_substitutes() -> None:
    [finding] = check_line("Put it on the card table")
    assert finding.term == "card table" and finding.suggestion == "mesa"
    assert finding.as_dict() == {
        "word": "card table",
        "position": 14,
        "end": 24,
        "term": "card table",
        "substitutes": ["mesa", "felt", "slab", "board"],
        "suggestion": "mesa",
        "ambiguous": False,
    }


def test_number_words_are_flagged_as_ambiguous() -> None:
    findings = check_line("Draw two. The king.")
    assert [(f.word, f.ambiguous) for f in findings] == [("two", True), ("king", False)]


def test_suit_and_verb_forms() -> None:
    assert [f.term for f in check_line("wrong suit, he trumped it, scored")] == [
        "suit",
        "trump",
        "score",
    ]


def test_suggest_replaces_keeping_capitals() -> None:
    assert suggest("Hearts are trump, dealer!") == "Bleeders are smoke, distributor!"
    assert suggest("nice bleeders") == "nice bleeders"
