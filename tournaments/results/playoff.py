"""The play-off at the cut: a game that settles a tie across the line to the final.

``playoff_create`` seats the players tied at the cut at one table of a new PLAYOFF round
(published at once, so the table can be scored) with the last basic round's word; the
results then read the play-off's game to order the tied players (see :mod:`.compute`).

Decisions where the rules are silent:

- A game needs four seats. With two or three tied players the table is filled with the
  players ranked just below the tie (then just above it when the field is that small);
  their own result in the play-off counts for nothing: not in the order of the tie, not
  in their tournament figures, and the play-off is no "meeting" for later draws.
- At most six tied players fit one table; a larger tie is refused with the reason, and
  the director seats it by hand (a PLAYOFF round with a manual draw).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.models import PlayingWord
from scwu.roles import AnyUser
from tournaments.models import Round, RoundStage, RoundStatus, Tournament
from tournaments.models.rounds import DrawMethod
from tournaments.permissions import require_director
from tournaments.services.rounds import round_create
from tournaments.standings import Standings

from .selectors import tournament_results

TABLE_MIN = 4
TABLE_MAX = 6


def playoff_seating(standings: Standings) -> tuple[list[int], list[int]]:
    """Player ids to seat: the tied players, and the fillers up to four (see the module)."""
    cut = standings.cut
    if cut is None or cut.tie is None:
        raise ValidationError(
            {"tournament": [_("Nobody ties at the cut: no play-off is needed.")]},
            code="no_tie",
        )
    tied = list(cut.tie.player_ids)
    if len(tied) > TABLE_MAX:
        raise ValidationError(
            {
                "tournament": [
                    _(
                        "%(n)d players tie at the cut, more than one table seats: create a "
                        "play-off round and seat them by hand."
                    )
                    % {"n": len(tied)}
                ]
            },
            code="tie_too_large",
        )
    order = [row.player_id for row in standings.rows if row.status.can_qualify]
    first = min(order.index(p) for p in tied)
    below = [p for p in order[first:] if p not in tied]
    above = [p for p in reversed(order[:first])]
    fillers = (below + above)[: max(0, TABLE_MIN - len(tied))]
    if len(tied) + len(fillers) < TABLE_MIN:
        raise ValidationError(
            {"tournament": [_("The field is too small to seat a play-off table of four.")]},
            code="field_too_small",
        )
    return tied, fillers


@transaction.atomic
def playoff_create(
    *, by: AnyUser | None, tournament: Tournament, word: PlayingWord | None = None
) -> Round:
    """Create and publish a PLAYOFF round seating the players tied at the cut (one action
    of the director: the round, its one table and its publication).

    ``word`` defaults to the word of the last basic round. Directors only. The seats go
    through the draw services, which know a play-off's field (``playoff_field``).
    """
    from tournaments.services.draw import playoff_field, round_draw_manual, round_draw_publish

    require_director(by, tournament)
    pending = Round.objects.filter(tournament=tournament, stage=RoundStage.PLAYOFF).exclude(
        status=RoundStatus.FINISHED
    )
    if pending.exists():
        raise ValidationError(
            {"tournament": [_("A play-off is already being played; finish it first.")]},
            code="playoff_pending",
        )
    results = tournament_results(tournament, include_unreleased=True)
    playoff_seating(results.standings)  # refuses before anything is written
    if word is None:
        last_basic = (
            Round.objects.filter(tournament=tournament, stage=RoundStage.BASIC)
            .select_related("word")
            .order_by("-number")
            .first()
        )
        if last_basic is None:
            raise ValidationError(
                {"word": [_("Choose the play-off's playing word.")]}, code="required"
            )
        word = last_basic.word
    round_ = round_create(
        by=by,
        tournament=tournament,
        word=word,
        stage=RoundStage.PLAYOFF,
        draw_method=DrawMethod.MANUAL,
    )
    tied, fillers = playoff_field(round_)
    round_draw_manual(by=by, round=round_, tables=[tied + fillers])
    round_ = round_draw_publish(by=by, round=round_)
    round_.draw_report = {**round_.draw_report, "playoff_for": tied, "fillers": fillers}
    round_.save(update_fields=["draw_report"])
    return round_
