"""The shapes of the standings documents: what the standings API and the JSON export send
(:func:`tournaments.exports.standings.standings_json`). The API's output serializers
(:mod:`tournaments.api.results`) declare the same fields, and
``tests/tournaments/test_standings_contract.py`` checks that the two agree."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class CutTie(TypedDict):
    player_ids: list[int]
    #: Places in the final left for the tied players.
    spots: int
    #: The place they share in the standings.
    place: int


class Cut(TypedDict):
    size: int
    qualified: list[int]
    needs_playoff: bool
    resolved_by_playoff: bool
    tie: CutTie | None


class RoundTally(TypedDict):
    """A player's figures in one round (per-round standings only)."""

    deals_played: int
    deals_lost: int
    success_rate: float | None
    #: Whether the player took a placka in the round.
    placka: bool
    penalty_points: int | None


class PlayerRow(TypedDict):
    """What every row of the standings and the classification starts with."""

    #: Shared places repeat; ``None`` for a player not placed.
    place: int | None
    is_shared: bool
    player_id: int
    nickname: str
    club: str | None
    country: str | None
    status: str


class StandingRow(PlayerRow):
    deals_played: int
    deals_lost: int
    #: Deals not lost / deals played, in per cent, one decimal.
    success_rate: float | None
    #: How many placky the player took.
    placky: int
    penalty_points: int | None
    in_cut: bool
    at_cut_tie: bool
    round: NotRequired[RoundTally]


class ClassificationRow(PlayerRow):
    stage: str
    #: Ranking points as shown, e.g. ``"8.7"``.
    points: str | None
    deals_played: int
    deals_lost: int
    success_rate: float | None
    placky: int


class ClassificationTable(TypedDict):
    is_complete: bool
    rows: list[ClassificationRow]


class StandingsDocument(TypedDict):
    tournament: str
    version: int
    round: int | None
    visible_rounds: list[int]
    includes_unreleased: bool
    precedence: list[str]
    cut: Cut | None
    small_cut: Cut | None
    standings: list[StandingRow]
    classification: ClassificationTable | None


class ClassificationDocument(TypedDict):
    """The classification API's document: the standings document's classification."""

    tournament: str
    version: int
    includes_unreleased: bool
    classification: ClassificationTable | None


class TeamMemberDocumentRow(TypedDict):
    """A team member's individual figures (the tournament figure, the final included)."""

    player_id: int
    nickname: str
    is_substitute: bool
    #: Whether the member's figures make the team's.
    counts: bool
    status: str
    place: int | None
    is_shared: bool
    deals_played: int
    deals_lost: int
    success_rate: float | None
    placky: int
    points: str | None


class TeamDocumentRow(TypedDict):
    place: int
    is_shared: bool
    team_id: int
    name: str
    #: The club's slug.
    club: str
    club_name: str
    deals_played: int
    deals_lost: int
    #: Deals not lost / deals played over the counted members, in per cent, one decimal.
    success_rate: float | None
    placky: int
    #: The counted members' ranking points, summed, as shown (``"8.7"``).
    member_points: str
    places_sum: int
    best_place: int | None
    #: The team's own ranking points (``None``: none awarded, or not classified yet).
    points: str | None
    members: list[TeamMemberDocumentRow]


class TeamClassificationDocument(TypedDict):
    """The team classification: the team API's document and the JSON export."""

    tournament: str
    version: int
    includes_unreleased: bool
    #: ``off``, ``team_event`` or ``beside``.
    mode: str
    #: The rule that ranks the teams.
    rule: str
    rule_description: str
    team_size: int
    is_live: bool
    is_provisional: bool
    teams: list[TeamDocumentRow]
