"""A league night: mark who is present and draw tonight's round, in one transaction.

Presence is the entries' check-in (checked in = here tonight), set for the whole field
each night through :func:`tournaments.services.entries.entry_check_in`. The round is an
ordinary basic round dated with the night (``Round.night``) and drawn by the ordinary
draw (:func:`tournaments.services.draw.round_draw_start`): its history is every earlier
round of the tournament, so the draw keeps repeats minimal over the season so far. The
director then reviews, publishes, prints the seat cards and scores it as any round.

Decisions where the issue is silent:

- One season seed: every night is drawn with the seed of the season's first draw (unless
  the director gives one), so while the same players come the nights follow an exact
  design (``RandomDraw.planned``).
- A second round the same night is asked for on purpose (``next_round``); otherwise a
  night that has a round is "already drawn" (a second click, a second director).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.models import PlayingWord
from scwu.roles import AnyUser
from tournaments.lifecycle import Action, Context, require
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    Tournament,
)
from tournaments.models.rounds import DrawMethod
from tournaments.pairing.errors import FieldSizeError
from tournaments.pairing.model import TablePolicy
from tournaments.pairing.sizes import table_sizes
from tournaments.permissions import require_director
from tournaments.services.draw import round_draw_start
from tournaments.services.draw_errors import pairing_error_message
from tournaments.services.entries import entry_check_in
from tournaments.services.rounds import round_create


def season_seed(tournament: Tournament) -> int | None:
    """The seed of the season's first draw (``None`` before any)."""
    return (
        tournament.rounds.exclude(draw_seed=None)
        .order_by("number")
        .values_list("draw_seed", flat=True)
        .first()
    )


def _assert_field(tournament: Tournament, present: list[Entry]) -> None:
    if len(present) < TablePolicy().min_size:
        raise ValidationError(
            {
                "present": [
                    _("At least four players must be present to draw a night; %(n)d are.")
                    % {"n": len(present)}
                ]
            },
            code="too_few",
        )
    try:
        table_sizes(len(present), TablePolicy(preferred=tournament.prefer_tables_of, max_size=6))
    except FieldSizeError as exc:
        raise ValidationError({"present": [pairing_error_message(exc)]}, code="field_size") from exc


@transaction.atomic
def attendance_set(*, by: AnyUser | None, tournament: Tournament, present: Collection[int]) -> int:
    """Check in exactly the entries ``present`` (ids) and nobody else; returns how many."""
    entries = Entry.objects.filter(tournament=tournament).exclude(status=EntryStatus.WITHDRAWN)
    count = 0
    for entry in entries.select_related("player"):
        here = entry.pk in present
        count += here
        if here != (entry.status == EntryStatus.CHECKED_IN):
            entry_check_in(by=by, entry=entry, checked_in=here)
    return count


@transaction.atomic
def league_night_draw(
    *,
    by: AnyUser | None,
    tournament: Tournament,
    night: dt.date,
    present: Collection[int],
    word: PlayingWord,
    next_round: bool = False,
    seed: int | None = None,
) -> Round:
    """Mark who is present tonight (entry ids), create tonight's round and start its draw."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    require_director(by, tournament)
    require(
        Action.DRAW_NIGHT,
        tournament,
        Context(by=by, extra={"night": night, "next_round": next_round}),
    )
    entries = Entry.objects.filter(tournament=tournament, pk__in=list(present))
    known = list(entries.exclude(status=EntryStatus.WITHDRAWN))
    if len(known) != len(set(present)):
        raise ValidationError(
            {"present": [_("Only this league's players who have not withdrawn can be present.")]},
            code="not_entrant",
        )
    _assert_field(tournament, known)
    attendance_set(by=by, tournament=tournament, present={e.pk for e in known})
    round_ = round_create(by=by, tournament=tournament, word=word, draw_method=DrawMethod.RANDOM)
    round_.night = night
    round_.save(update_fields=["night"])
    return round_draw_start(
        by=by, round=round_, seed=seed if seed is not None else season_seed(tournament)
    )
