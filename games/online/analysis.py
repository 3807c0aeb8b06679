"""Post-deal analysis of an online game's finished deal (the engine's report, cached by
:func:`games.analysis.record_analyse`)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _

from engine import Ruleset
from games.analysis import record_analyse
from games.online import replay
from games.online.models import OnlineGame


def online_deal_analysis_get(*, game_id: int, number: int, seat: str | None) -> dict[str, Any]:
    """The analysis of the ``number``-th finished deal of an online game (404 if none)."""
    row = OnlineGame.objects.filter(pk=game_id).first()
    if row is None:
        raise Http404(_("No such online game."))
    records = replay.game_peek(row).records
    if not 1 <= number <= len(records):
        raise Http404(_("This deal is not finished."))
    return {
        **record_analyse(dict(records[number - 1]), Ruleset.from_json(row.ruleset), seat),
        "deal": {"number": number, "online_game": row.pk},
    }
