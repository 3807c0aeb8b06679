"""The shapes of the JSON a table's state travels in: to the table page, the API and the
round dashboard.

:func:`games.selectors.state_json` builds a :class:`TableState`; the API's output
serializers (:mod:`games.api.serializers`) declare the same fields for the OpenAPI schema,
and ``tests/games/test_state_contract.py`` checks that the two agree. Each name means one
thing: ``word_letters`` the word's letters, ``letter_count`` how many a seat holds,
``letter_awards`` the letters a deal gave.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from engine.ledger.ahead import AheadNode, NextView, SeatView


class LetterHistoryEntry(TypedDict):
    """One letter a seat holds, in the order it got them."""

    letter: str
    #: 1-based position of the letter in the word.
    number: int
    deal_number: int | None
    #: ``deal``, ``misdeal`` or ``ruling``.
    source: str
    #: The ruling's id, for a ruling's letter.
    ruling: int | None


class SeatSummary(SeatView):
    """A seat as the ledger gives it (what a table's summary keeps), without its player."""

    is_disqualified: bool
    place_shared: bool
    deals_played: int
    deals_lost: int
    history: list[LetterHistoryEntry]


class SeatJson(SeatSummary):
    player: str


class NextDealJson(NextView):
    number: int
    misdeals: int


class LetterAwardJson(TypedDict):
    seat: str
    letter: str
    source: str


class DealRulingJson(TypedDict):
    """A ruling as the deal log shows it."""

    id: int
    kind: str
    #: The kind and the penalty in the reader's language.
    kind_label: str
    offender: str
    penalty: str
    penalty_label: str
    reason: str
    in_force: bool


class DealJson(TypedDict):
    id: int | None
    number: int | None
    counted: bool
    issue: str | None
    dealer: str | None
    sitting_out: list[str]
    losers: list[str]
    recorded_losers: list[str]
    points: dict[str, int]
    misdeals: int
    #: Every letter the deal gave, in order: misdeals, losers, rulings.
    letter_awards: list[LetterAwardJson]
    placka: list[str]
    flags: list[str]
    renonc: list[dict[str, Any]]
    held: bool
    issue_message: str | None
    rulings: list[DealRulingJson]
    analysable: bool
    #: A referee's reason for recording the deal against the sit-out rule, else ``None``.
    correction: str | None


class AppealJson(TypedDict):
    id: int
    status: str
    #: The status in the reader's language.
    status_label: str
    grounds: str
    decision_reason: str


class RulingJson(DealRulingJson):
    """A ruling as the referees' list shows it."""

    deal: int
    deal_number: int | None
    intentional: bool
    referee: str | None
    ruled_at: str
    appeals: list[AppealJson]


class RefereeCallJson(TypedDict):
    called_at: str
    called_by: str | None
    acknowledged: bool
    acknowledged_at: str | None
    acknowledged_by: str | None


class HeldDealJson(TypedDict):
    number: int | None
    issue: str | None
    message: str | None


class WaivableMisdeal(TypedDict):
    """A misdeal whose letter a referee may still waive (labelled in the reader's language
    by :func:`games.selectors.waivable_labels`)."""

    #: The misdeal's row.
    id: int
    #: The deal it belongs to; ``None``: the deal being dealt.
    deal_number: int | None
    #: Its number within the deal.
    number: int
    dealer: str
    letter: str


class TableSummaryData(TypedDict):
    """What the live results page and the round dashboard show of a table's game that only
    its events decide, in no reader's language (``games.models.TableSummary.data``, built by
    :func:`games.summaries.summary_of`). The rest of a dashboard entry (the table's name, its
    players, the referee call, the rulings' rows and appeals) is read beside it."""

    status: str
    deals_played: int
    held_deals: list[HeldDealJson]
    seats: list[SeatSummary]
    #: The deal number of each ruling, by the ruling's id (a string: a JSON object's key).
    ruling_deals: dict[str, int | None]
    waivable: list[WaivableMisdeal]


class TableRef(TypedDict):
    id: int
    number: int
    name: str
    round: int


class TableState(TypedDict):
    table: TableRef
    game: int | None
    #: The word's label as the round shows it, e.g. ``"Herr FLICK"``.
    word: str
    #: The letters a seat collects, one per loss, e.g. ``["F", "L", "I", "C", "K"]``.
    word_letters: list[str]
    status: str
    finished: bool
    finish_reason: str | None
    placka_mode: str
    referee_called: bool
    referee_call: RefereeCallJson | None
    needs_referee: bool
    held_deals: list[HeldDealJson]
    seats: list[SeatJson]
    next_deal: NextDealJson | None
    deals: list[DealJson]
    remaining: list[str]
    rulings: list[RulingJson]
    ahead: NotRequired[AheadNode]


class DashboardEntry(TypedDict):
    """A table on the round dashboard: the parts of its state the dashboard shows."""

    table: TableRef
    status: str
    referee_called: bool
    referee_call: RefereeCallJson | None
    needs_referee: bool
    held_deals: list[HeldDealJson]
    deals_played: int
    seats: list[SeatJson]
    mecbol: list[str]
    placka: list[str]
    rulings: list[RulingJson]


class RoundRef(TypedDict):
    id: int
    number: int
    status: str


class RoundDashboard(TypedDict):
    round: RoundRef
    tables: list[DashboardEntry]
    #: Numbers of the tables calling a referee.
    calls: list[int]
    tables_left: list[int]
    finished: bool
