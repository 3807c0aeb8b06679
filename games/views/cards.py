"""The round dashboard's tables, rendered once per version of the round and kind of viewer.

A table's card is its entry plus, for a viewer who may act there, its referee tools: a dozen
forms whose rendering costs more than everything else on the page (about 15 ms a table).
What a card shows depends only on the entry (its key changes with every write to the table),
on whether the viewer referees the table or is a party to it, and on the address the forms
come back to; so each card is rendered once and kept. The tables' part of the page (the
cards, the tables still playing and the rulings) is kept too, under the keys of all its
cards: a reload with nothing written since is one cache read and no rendering per table, and
after a deal only that table's card is rendered again. The one per-request part, the CSRF
token, is kept out as :data:`_CSRF_SLOT` and put in for each request (every masked token of
the session's secret is valid, so one token serves all the page's forms).
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games import selectors
from games.permissions import can_referee_in, party_at
from games.views.tools import dashboard_tools_state, referee_tools
from scwu.cache import kept_many
from tournaments.models import Round, Table

#: Stands for the request's CSRF token in a kept card (a card is shared, a token is not).
_CSRF_SLOT = "scwu-csrf-slot-9f3c1d7e"
#: Seconds a card or the tables' part stays cached (their keys change with every write anyway).
CARD_SECONDS = 600
#: The templates' line breaks and indentation: a card's forms are mostly blank lines.
_BLANKS = re.compile(r"[ \t]*\n\s*")


def _compact(html: str) -> str:
    """``html`` with each run of blank lines and indentation made one line break: the same page
    for a browser (the cards hold no preformatted text), a tenth smaller."""
    return _BLANKS.sub("\n", html)


def _card(request: HttpRequest, item: selectors.DashboardTable, tools: bool, next_path: str) -> str:
    shown: dict[str, Any] = dict(item.entry)
    if tools:
        shown["tools"] = referee_tools(
            request, item.table, dashboard_tools_state(item), item.waivable, on_dashboard=True
        )
    context = {"item": shown, "next": next_path, "csrf_token": _CSRF_SLOT}
    return _compact(render_to_string("games/_dashboard_card.html", context))


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def dashboard_tables_html(
    request: HttpRequest, round: Round, keyed: list[tuple[Table, str]]
) -> SafeString:
    """The tables' part of ``round``'s dashboard as ``request``'s viewer sees it, from the
    ``keyed`` tables (:func:`games.selectors.round_table_keys`; see the module)."""
    next_path = request.get_full_path()
    where = _digest(next_path)
    referee = can_referee_in(request.user, round.tournament)
    party_at_table = party_at(request.user, round)
    views = []
    for table, key in keyed:
        party = party_at_table(table.pk)
        views.append((referee or party, f"dashboard-card:{key}:{referee:d}{party:d}:{where}"))
    # The part shows the round's word and its address besides the cards.
    shape = (round.pk, round.number, round.tournament.slug, round.word.label, get_language())
    part_key = "dashboard-tables:" + _digest(repr((shape, next_path, [key for _, key in views])))
    html = cache.get(part_key)
    if html is None:
        html = _tables_part(request, round, keyed, views, next_path)
        cache.set(part_key, html, CARD_SECONDS)
    # Only a card with a form asks for the token: a spectator's page sets no CSRF cookie, so
    # a shared cache may keep it (scwu.httpcache.public_page).
    token = get_token(request) if _CSRF_SLOT in html else ""
    return mark_safe(html.replace(_CSRF_SLOT, token))  # our own templates


def _tables_part(
    request: HttpRequest,
    round: Round,
    keyed: list[tuple[Table, str]],
    views: list[tuple[bool, str]],
    next_path: str,
) -> str:
    items = selectors.dashboard_tables_of(keyed)
    cards = kept_many(
        [key for _tools, key in views],
        lambda missing: [_card(request, items[i], views[i][0], next_path) for i in missing],
        CARD_SECONDS,
    )
    context = {
        "round": round,
        "dashboard": selectors.dashboard_of(round, [item.entry for item in items]),
        "cards": mark_safe("".join(cards)),  # our own templates
    }
    # Not compacted again: the cards are (scanning them all again cost 5 ms a render).
    return render_to_string("games/_dashboard_tables.html", context)
