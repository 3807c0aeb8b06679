"""The cuts: where the basic rounds decide who plays the final and the small final.

A tie at a cut has one way on, the play-off (``Action.CREATE_PLAYOFF``, the same action
for every cut, the final's first). A stage whose field is decided by a cut (the final, the
small final) cannot be created, drawn, drawn by hand or published while the rounds that
decide its field are unfinished or its cut is tied, and its draw seats exactly the players
through its cut (:func:`stage_field`). A semi-final waits for the basic rounds too.

The cuts themselves are the results' (``tournaments.results``: computed from the deals,
settled by the play-off's game); this module says what they allow now.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import (
    Round,
    RoundStage,
    RoundStatus,
    TableSeat,
    Tournament,
    TournamentStatus,
)
from tournaments.results.playoff import Cut, PlayoffProblem, cut_boundaries, playoff_seating
from tournaments.results.selectors import TournamentResults, tournament_results
from tournaments.visibility import PUBLIC_DRAW

from .base import Action, Context, Refusal, rule

#: The stages whose field a cut decides, and the cuts each needs settled.
CUT_STAGES: dict[str, tuple[Cut, ...]] = {
    RoundStage.FINAL: (Cut.FINAL,),
    RoundStage.SMALL_FINAL: (Cut.FINAL, Cut.SMALL_FINAL),
}
#: Stages that wait for the basic rounds (which decide their field) to finish.
DECIDED_STAGES = (RoundStage.FINAL, RoundStage.SMALL_FINAL, RoundStage.SEMIFINAL)


def _cut_name(cut: Cut) -> str:
    return _("the final's cut") if cut == Cut.FINAL else _("the small final's cut")


def _results(tournament: Tournament) -> TournamentResults:
    # The directors' view: the cuts are decided by every round played, held ones included.
    return tournament_results(tournament, include_unreleased=True)


def _names(results: TournamentResults, player_ids: tuple[int, ...]) -> str:
    return ", ".join(
        results.entries[p].nickname if p in results.entries else str(p) for p in player_ids
    )


def basic_rounds_refusal(tournament: Tournament) -> Refusal | None:
    """The basic rounds decide the cuts: at least one played, none still open."""
    statuses = list(
        Round.objects.filter(tournament=tournament, stage=RoundStage.BASIC)
        .order_by("number")
        .values_list("number", "status")
    )
    open_rounds = [number for number, status in statuses if status != RoundStatus.FINISHED]
    played = [status for _n, status in statuses if status in PUBLIC_DRAW]
    if not played:
        return Refusal(
            "no_rounds_played",
            _("No basic round has been played yet: the basic rounds decide the cut."),
        )
    if open_rounds:
        return Refusal(
            "basic_unfinished",
            _("Round %(n)d is not finished yet: the basic rounds decide the cut.")
            % {"n": open_rounds[0]},
        )
    return None


def cut_tied_refusal(tournament: Tournament, cuts: tuple[Cut, ...]) -> Refusal | None:
    """The first of ``cuts`` tied now, as a refusal pointing to the play-off."""
    results = _results(tournament)
    for cut, boundary in cut_boundaries(results.standings):
        if cut in cuts and boundary.tie is not None:
            return Refusal(
                "cut_tied",
                _("%(players)s tie at %(cut)s (place %(place)d): the play-off settles it first.")
                % {
                    "players": _names(results, boundary.tie.player_ids),
                    "cut": _cut_name(cut),
                    "place": boundary.tie.place,
                },
            )
    return None


def stage_field(tournament: Tournament, stage: str) -> list[int]:
    """Entry ids of the players through the cut of ``stage`` (final or small final), best
    first: the field its draw seats, exactly. Ask :func:`stage_refusal` first."""
    results = _results(tournament)
    standings = results.standings
    final = set(standings.cut.qualified) if standings.cut is not None else set()
    through = final
    if stage == RoundStage.SMALL_FINAL:
        small = standings.small_cut
        through = (set(small.qualified) if small is not None else set()) - final
    return [
        results.entries[row.player_id].entry_id
        for row in standings.rows
        if row.player_id in through
    ]


def stage_refusal(tournament: Tournament, stage: str) -> Refusal | None:
    """Why a stage decided by the basic rounds cannot have its field now, or ``None``."""
    if stage == RoundStage.SMALL_FINAL and not tournament.has_small_final:
        return Refusal(
            "no_small_final",
            _("This tournament's format has no small final: turn it on in the format first."),
        )
    if stage == RoundStage.SEMIFINAL and not tournament.has_semifinal:
        return Refusal(
            "no_semifinal",
            _("This tournament's format has no semi-final: turn it on in the format first."),
        )
    if stage not in DECIDED_STAGES or tournament.status == TournamentStatus.FINISHED:
        return None
    found = basic_rounds_refusal(tournament)
    if found is None and stage in CUT_STAGES:
        found = cut_tied_refusal(tournament, CUT_STAGES[stage])
    return found


def playoff_refusal(tournament: Tournament) -> Refusal | None:
    """Why no play-off can be seated now, as far as the cuts say (a play-off still being
    played, or a later round planned, is the statuses' rule: ``.rounds``). A tie too large
    for one table is seated by hand, so it is not refused here but by
    :func:`playoff_table_refusal`."""
    if tournament.status == TournamentStatus.FINISHED:
        return None  # the statuses' rule says so (``.rounds``)
    found = basic_rounds_refusal(tournament)
    if found is not None:
        return found
    results = _results(tournament)
    seating = playoff_seating(results.standings)
    if seating.problem == PlayoffProblem.NO_TIE:
        has_small = results.standings.small_cut is not None
        return Refusal(
            "no_tie",
            _("Nobody ties at the final's cut nor at the small final's cut: no play-off is needed.")
            if has_small
            else _("Nobody ties at the final's cut: no play-off is needed."),
        )
    if seating.problem == PlayoffProblem.FIELD_TOO_SMALL:
        return Refusal(
            "field_too_small", _("The field is too small to seat a play-off table of four.")
        )
    return None


def playoff_table_refusal(tournament: Tournament) -> Refusal | None:
    """A play-off of one table, seated by the site: the tie must fit one table."""
    seating = playoff_seating(_results(tournament).standings)
    if seating.problem == PlayoffProblem.TIE_TOO_LARGE and seating.cut is not None:
        return Refusal(
            "tie_too_large",
            _(
                "%(n)d players tie at %(cut)s, more than one table seats: create a play-off "
                "round and seat them by hand."
            )
            % {"n": len(seating.tied), "cut": _cut_name(seating.cut)},
        )
    return None


@rule(Action.CREATE_PLAYOFF)
def _playoff_may_be_created(tournament: Tournament, context: Context) -> Refusal | None:
    return playoff_refusal(tournament) or playoff_table_refusal(tournament)


@rule(Action.CREATE_ROUND)
def _stage_may_be_created(tournament: Tournament, context: Context) -> Refusal | None:
    if context.stage == RoundStage.PLAYOFF:
        return playoff_refusal(tournament)
    return stage_refusal(tournament, context.stage)


def _seated(round: Round) -> list[int]:
    return list(TableSeat.objects.filter(table__round=round).values_list("entry_id", flat=True))


def _field_refusal(round: Round, seated: list[int], code: str) -> Refusal | None:
    field = stage_field(round.tournament, round.stage)
    if sorted(seated) == sorted(field):
        return None
    results = _results(round.tournament)
    player_of = {info.entry_id: pid for pid, info in results.entries.items()}
    names = _names(results, tuple(player_of[pk] for pk in field if pk in player_of))
    if code == "field_changed":
        return Refusal(
            code,
            _("The standings changed since this draw: draw it again to seat %(players)s.")
            % {"players": names},
        )
    return Refusal(
        code,
        _("This round seats exactly the players through its cut (%(n)d): %(players)s.")
        % {"n": len(field), "players": names},
        field="tables",
    )


@rule(Action.DRAW, Action.DRAW_MANUAL)
def _stage_may_be_drawn(round: Round, context: Context) -> Refusal | None:
    if round.stage == RoundStage.PLAYOFF:
        return playoff_refusal(round.tournament)
    found = stage_refusal(round.tournament, round.stage)
    if found is not None or round.stage not in CUT_STAGES:
        return found
    tables: Any = context.extra.get("tables")
    if tables is not None:
        return _field_refusal(round, [pk for table in tables for pk in table], "not_qualified")
    return None


@rule(Action.PUBLISH)
def _stage_may_be_published(round: Round, context: Context) -> Refusal | None:
    if round.stage not in CUT_STAGES:
        return None
    return stage_refusal(round.tournament, round.stage) or _field_refusal(
        round, _seated(round), "field_changed"
    )
