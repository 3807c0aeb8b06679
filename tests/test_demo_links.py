"""Every link a user can follow from the home page works, on the demo data.

Signed out and as each demo role, follow every site link (anchors) from ``/`` and answer each
page: nothing a page links to may answer 4xx or 5xx, since nobody should be shown a link they
cannot follow. Pages with an id in the address are sampled (a few per address shape), so the
crawl stays small while every kind of page is reached.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db

#: Addresses not followed: the admin (Django's own), sign-out, the language switch and files.
SKIPPED = ("/admin/", "/accounts/logout", "/i18n/", "/static/", "/media/")
#: Pages visited per address shape (the address with its numbers blanked).
PER_SHAPE = 3
MAX_PAGES = 1500


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs += [value for name, value in attrs if name == "href" and value]


def _shape(path: str) -> str:
    return re.sub(r"\d+", "N", path.split("?")[0])


def crawl(client: Client) -> tuple[set[str], list[tuple[int, str, str]]]:
    """Pages visited, and (status, page, the page that linked to it) for each failure."""
    seen: set[str] = set()
    shapes: dict[str, int] = {}
    todo: list[tuple[str, str]] = [("/", "")]
    failures: list[tuple[int, str, str]] = []
    while todo and len(seen) < MAX_PAGES:
        path, parent = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        response = client.get(path)
        if response.status_code >= 400:
            failures.append((response.status_code, path, parent))
            continue
        if response.status_code in (301, 302):
            todo.append((response["Location"], path))
            continue
        if "text/html" not in response.get("Content-Type", ""):
            continue
        parser = _Links()
        parser.feed(response.content.decode())
        for href in parser.hrefs:
            link = href.split("#")[0]
            if not link.startswith("/") or link.startswith("//") or link in seen:
                continue
            if any(part in link for part in SKIPPED):
                continue
            shape = _shape(link)
            if shapes.get(shape, 0) >= PER_SHAPE:
                continue
            shapes[shape] = shapes.get(shape, 0) + 1
            todo.append((link, path))
    return seen, failures


#: Signed out, then each demo role (the demo's one seeding serves them all).
ROLES = (None, "director", "referee", "captain", "player")


def test_every_link_from_the_home_page_answers_for_every_role() -> None:
    call_command("seed_demo", verbosity=0)
    for username in ROLES:
        client = Client()
        if username:
            client.force_login(get_user_model().objects.get(username=username))
        seen, failures = crawl(client)
        assert failures == [], username
        # the crawl reached the pages a visitor needs, not just the home page
        assert len(seen) > 100, username
        assert any(path.startswith("/tournaments/") for path in seen), username
        assert any(path.startswith("/players/") for path in seen), username
