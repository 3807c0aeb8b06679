"""A league's nights: tonight's round is drawn once, the next round of the same night only
when asked for on purpose and after tonight's rounds are finished, nights in date order.

:data:`Action.DRAW_NIGHT` takes the tournament with ``Context.extra``: ``night`` (a date)
and ``next_round`` (whether another round of a night already drawn is meant).
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Max
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from tournaments.lifecycle.base import Action, Context, Refusal, rule
from tournaments.models import RoundStatus, Tournament, TournamentFormat, TournamentStatus


def _date(night: dt.date) -> str:
    return formats.date_format(night, "SHORT_DATE_FORMAT")


@rule(Action.DRAW_NIGHT)
def league_running(subject: Tournament, context: Context) -> Refusal | None:
    if subject.format != TournamentFormat.LEAGUE:
        return Refusal("not_league", _("This tournament is not a league."), "tournament")
    if subject.status != TournamentStatus.RUNNING:
        return Refusal(
            "not_running",
            _("Start the league (status running) before drawing a night."),
            "tournament",
        )
    return None


@rule(Action.DRAW_NIGHT)
def night_in_order(subject: Tournament, context: Context) -> Refusal | None:
    night: dt.date = context.extra["night"]
    next_round = bool(context.extra.get("next_round"))
    rounds = subject.rounds.exclude(night=None)
    latest = rounds.aggregate(m=Max("night"))["m"]
    if latest is not None and night < latest:
        return Refusal(
            "night_order",
            _("The night of %(date)s is drawn already: nights go in date order.")
            % {"date": _date(latest)},
            "night",
        )
    tonight = list(rounds.filter(night=night).order_by("number"))
    if tonight and not next_round:
        return Refusal(
            "night_drawn",
            _(
                "The night of %(date)s is already drawn (round %(n)d). To play another "
                "round tonight, draw the next round."
            )
            % {"date": _date(night), "n": tonight[-1].number},
            "night",
        )
    if next_round and not tonight:
        return Refusal(
            "night_not_drawn",
            _("Nothing is drawn on %(date)s yet: draw the night first.") % {"date": _date(night)},
            "night",
        )
    unfinished = [r for r in tonight if r.status != RoundStatus.FINISHED]
    if unfinished:
        return Refusal(
            "previous_unfinished",
            _("Round %(n)d of tonight is not finished yet.") % {"n": unfinished[0].number},
            "night",
        )
    return None
