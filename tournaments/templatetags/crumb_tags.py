"""Breadcrumbs of the director's and the referee's pages: tournament › round › … › here.

One trail for every page under a tournament, so that each of them leads back where the
director came from. The round links to its management page for those who run the tournament
and to its public table list for everyone else (who may not open the management page); a
crumb that is the page itself is shown as text.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import Round, Table, Tournament
from tournaments.permissions import can_direct
from tournaments.selectors import round_is_public

register = template.Library()


def crumb_trail(
    user: Any,
    tournament: Tournament,
    round: Round | None = None,
    table: Table | None = None,
    *,
    dashboard: bool = False,
) -> list[tuple[str, str]]:
    """(label, address) from the tournament down to ``table`` (the dashboard before it)."""
    directs = can_direct(user, tournament)
    trail = [(tournament.name, reverse("tournament-detail", args=[tournament.slug]))]
    if round is None:
        return trail
    args = [tournament.slug, round.number]
    label = f"{round.get_stage_display()} {round.number}"
    if directs:
        trail.append((_("Rounds and draws"), reverse("round-list", args=[tournament.slug])))
        trail.append((label, reverse("round-manage", args=args)))
    elif round_is_public(round):
        trail.append((label, reverse("round-draw", args=args)))
    else:
        trail.append((label, ""))
    if (dashboard or table is not None) and (directs or round_is_public(round)):
        trail.append((_("Round dashboard"), reverse("games:dashboard", args=args)))
    if table is not None:
        trail.append((str(table), reverse("games:table", args=[table.pk])))
    return trail


@register.inclusion_tag("_crumbs.html", takes_context=True)
def crumbs(
    context: template.Context,
    tournament: Tournament,
    round: Round | None = None,
    table: Table | None = None,
    here: str = "",
    dashboard: bool = False,
    teams: bool = False,
) -> dict[str, Any]:
    """``{% crumbs tournament round table here="Scoresheet" %}``: the trail, then ``here``
    (``teams=True``: a page under the tournament's teams, which come before it)."""
    request = context.get("request")
    path = getattr(request, "path", "")
    trail = crumb_trail(
        getattr(request, "user", None), tournament, round, table, dashboard=dashboard
    )
    if teams:
        trail.append((_("Teams"), reverse("team-list", args=[tournament.slug])))
    items = [(label, "" if url == path else url) for label, url in trail]
    if here:
        items.append((here, ""))
    return {"crumbs": items}
