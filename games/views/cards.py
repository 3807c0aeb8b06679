"""The round dashboard's table cards, rendered once per table version and kind of viewer.

A card is the table's entry plus, for a viewer who may act there, its referee tools: a dozen
forms whose rendering costs more than everything else on the page (about 15 ms a table). What
a card shows depends only on the entry (its key changes with every write to the table), on
whether the viewer referees the table or is a party to it, and on the address the forms come
back to; so it is rendered once and kept in the cache, and a dashboard of fifty tables
renders only the tables written since. The one per-request part, the CSRF token, is kept out
of the cached card as :data:`_CSRF_SLOT` and put in for each request.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games.permissions import can_referee, is_party
from games.selectors import DashboardTable
from games.views.tools import dashboard_tools_state, referee_tools
from scwu.cache import kept_many

#: Stands for the request's CSRF token in a kept card (a card is shared, a token is not).
_CSRF_SLOT = "scwu-csrf-slot-9f3c1d7e"
#: Seconds a card stays cached (its key changes with every write to the table anyway).
CARD_SECONDS = 600


def _card(request: HttpRequest, item: DashboardTable, tools: bool, next_path: str) -> str:
    shown: dict[str, Any] = dict(item.entry)
    if tools:
        shown["tools"] = referee_tools(
            request, item.table, dashboard_tools_state(item), item.waivable, on_dashboard=True
        )
    context = {"item": shown, "next": next_path, "csrf_token": _CSRF_SLOT}
    return render_to_string("games/_dashboard_card.html", context)


def dashboard_cards(request: HttpRequest, items: list[DashboardTable]) -> list[SafeString]:
    """The cards of ``items`` as ``request``'s viewer sees them (see the module)."""
    user = request.user
    next_path = request.get_full_path()
    where = hashlib.blake2b(next_path.encode(), digest_size=6).hexdigest()
    views = []
    for item in items:
        referee = user.is_authenticated and can_referee(user, item.table)
        party = user.is_authenticated and is_party(user, item.table)
        key = f"dashboard-card:{item.key}:{referee:d}{party:d}:{where}"
        views.append((item, referee or party, key))
    cards = kept_many(
        [key for _item, _tools, key in views],
        lambda missing: [
            _card(request, views[index][0], views[index][1], next_path) for index in missing
        ],
        CARD_SECONDS,
    )
    # Only a card with a form asks for the token: a spectator's page sets no CSRF cookie, so
    # a shared cache may keep it (scwu.httpcache.public_page).
    token = get_token(request) if any(_CSRF_SLOT in card for card in cards) else ""
    return [mark_safe(card.replace(_CSRF_SLOT, token)) for card in cards]  # our own templates
