"""Post-deal analysis of an online game's finished deal, as the analysis job stored it
(:mod:`games.analysis`), for those who may see it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _

from engine import Ruleset
from games.analysis import analysis_seat, analysis_stored
from games.online import replay
from games.online.models import OnlineGame, OnlineStatus
from games.online.selectors import online_game_visible, online_seat_of
from scwu.roles import AnyUser


def online_deal_analysis_get(
    *, game_id: int, number: int, seat: str | None, user: AnyUser
) -> dict[str, Any]:
    """The analysis of the ``number``-th finished deal of an online game: 404 if none, or
    if ``user`` may not see the game (a held round's table); while the game runs, only a
    seat's own player sees that seat's."""
    row = OnlineGame.objects.select_related("table__round__tournament").filter(pk=game_id).first()
    if row is None or not online_game_visible(row, user):
        raise Http404(_("No such online game."))
    game = replay.game_peek(row)
    if not 1 <= number <= len(game.records):
        raise Http404(_("This deal is not finished."))
    shown = analysis_seat(
        seat=seat,
        loser=game.results[number - 1].loser[0].code,
        running=row.status != OnlineStatus.FINISHED,
        own_seat=online_seat_of(row, user),
    )
    return {
        **analysis_stored(dict(game.records[number - 1]), Ruleset.from_json(row.ruleset), shown),
        "deal": {"number": number, "online_game": row.pk},
    }


def online_deal_records() -> Iterator[tuple[dict[str, Any], Ruleset]]:
    """Every finished deal of every online game, with the ruleset it was played by."""
    for row in OnlineGame.objects.order_by("pk").iterator(chunk_size=100):
        ruleset = Ruleset.from_json(row.ruleset)
        for record in replay.game_peek(row).records:
            yield dict(record), ruleset
