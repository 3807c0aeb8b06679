"""Every link a user can follow from the home page works, on the demo data.

Signed out and as each demo role, follow every site link (anchors) from ``/`` and answer each
page: nothing a page links to may answer 4xx or 5xx, since nobody should be shown a link they
cannot follow. Pages with an id in the address are sampled (a few per address shape), so the
crawl stays small while every kind of page is reached.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tests.crawl import crawl

pytestmark = pytest.mark.django_db


#: Signed out, then each demo role (the demo's one seeding serves them all).
ROLES = (None, "director", "referee", "captain", "player")


def test_every_link_from_the_home_page_answers_for_every_role() -> None:
    call_command("seed_demo", verbosity=0)
    for username in ROLES:
        client = Client()
        if username:
            client.force_login(get_user_model().objects.get(username=username))
        visited = crawl(client)
        assert visited.failures == [], username
        seen = set(visited.pages)
        # the crawl reached the pages a visitor needs, not just the home page
        assert len(seen) > 100, username
        assert any(path.startswith("/tournaments/") for path in seen), username
        assert any(path.startswith("/players/") for path in seen), username
