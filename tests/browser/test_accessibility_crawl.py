"""Every kind of page passes axe-core's WCAG 2.1 A and AA rules, on a phone, in every language.

On the demo federation, for the public and for a director, a referee, a line judge, a captain
and a player: the test client finds every page reachable by links from the home page (two per
address shape, the URL pattern, so every kind of page is reached and the run stays bounded),
then Chromium opens each at 390x844 under the site's real CSP in English, Czech and Russian
and axe-core checks it. Any violation fails the test, listed with its rule, impact, page and
element. Marked ``axe``: ``make test`` leaves it out, ``.ci/run`` runs it once.

While developing, narrow it: ``AXE_ROLES=public,director AXE_LANGUAGES=en`` (``AXE_LIST=1`` lists
the pages as they are opened).
"""

from __future__ import annotations

import json
import os
import re
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import Resolver404, resolve

from tests.browser.conftest import PHONE, use_language
from tests.crawl import crawl
from tournaments.models import Round, RoundStatus, Tournament

pytestmark = [pytest.mark.axe, pytest.mark.django_db(transaction=True)]

#: Who looks: the public (signed out) and a demo account per role; the line judge is made here.
ROLES = {
    "public": None,
    "director": "director",
    "referee": "referee",
    "line judge": "line-judge",
    "captain": "captain",
    "player": "player",
}
LANGUAGES = ("en", "cs", "ru")
#: Pages opened per address shape (URL pattern) and role, in the first language. The other
#: languages change the words, not the controls: there each shape is opened once, by the first
#: role that reaches it, which keeps the whole run within a few minutes.
PER_SHAPE = 2
#: What axe checks: WCAG 2.0 and 2.1, levels A and AA.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}

#: Links not followed: they change state, leave the pages for files or the API, or switch the
#: language (the crawl sets it itself).
NOT_FOLLOWED = re.compile(
    r"/(logout|delete|confirm|erase|api|admin|i18n)(/|$)|\.(csv|xlsx|json|scn|pdf|ics|txt|zip)$"
)

#: The phone's folded menu, unfolded (axe-core passes over what is hidden): once per role.
MENU = "/ (menu open)"
#: Pages no link leads to, opened as the public: what a wrong address answers.
UNLINKED = ("/no-such-page/",)

#: Known violations, each with who is fixing it; empty when the site passes. Keyed by rule and
#: URL pattern (Django's route).
ALLOWED: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class Finding:
    rule: str
    impact: str
    page: str
    target: str
    help: str


def _wanted(variable: str, known: Any) -> list[str]:
    asked = os.environ.get(variable, "")
    chosen = [name.strip() for name in asked.split(",") if name.strip()] or list(known)
    unknown = set(chosen) - set(known)
    assert not unknown, f"{variable}: unknown {sorted(unknown)}"
    return chosen


def route_of(path: str) -> str:
    """The address's shape: its URL pattern (ids and slugs blanked), or the path itself."""
    try:
        return resolve(path.split("?")[0]).route
    except Resolver404:
        return path


def _skipped(path: str) -> bool:
    return bool(NOT_FOLLOWED.search(path.split("?")[0]))


def _is_html(body: bytes) -> bool:
    return body.lstrip()[:15].lower() == b"<!doctype html>"


def _demo_line_judge() -> None:
    """The demo has no line judge: one judges the tables of the running tournament's rounds."""
    user = get_user_model().objects.create_user("line-judge", password="scwu-demo")
    running = Tournament.objects.get(slug="mistrovstvi-cr-2026")
    for round_ in Round.objects.filter(tournament=running).exclude(status=RoundStatus.FINISHED):
        round_.tables.update(line_judge=user)


def _client(username: str | None) -> Client:
    client = Client()
    if username:
        client.force_login(get_user_model().objects.get(username=username))
    return client


def _pages(client: Client) -> list[str]:
    found = crawl(client, ("/",), per_shape=PER_SHAPE, shape_of=route_of, skip=_skipped)
    return [path for path, body in found.pages.items() if _is_html(body)]


def _look(page: Any, base: str, path: str) -> list[dict[str, Any]]:
    """Open ``path`` and run axe-core on it (``MENU``: the home page with its menu unfolded)."""
    if path == MENU:
        page.goto(base + "/")
        page.click("label.nav-toggle-label")
    else:
        page.goto(base + path)
    return list(page.evaluate(f"axe.run({json.dumps(AXE_OPTIONS)})")["violations"])


def test_every_page_passes_axe_for_every_role_in_every_language(
    live_server: Any, browser: Any
) -> None:
    call_command("seed_demo", verbosity=0)
    _demo_line_judge()
    roles, languages = _wanted("AXE_ROLES", ROLES), _wanted("AXE_LANGUAGES", LANGUAGES)
    started = time.monotonic()
    findings: dict[Finding, set[str]] = defaultdict(set)
    checked = 0
    translated: dict[str, set[str]] = defaultdict(set)  # the shapes opened in each language
    for role in roles:
        client = _client(ROLES[role])
        paths = [*_pages(client), MENU, *(UNLINKED if ROLES[role] is None else ())]
        context = browser.new_context(viewport=PHONE)
        session = client.cookies.get(settings.SESSION_COOKIE_NAME)
        if session is not None:
            context.add_cookies(
                [{"name": session.key, "value": session.value, "url": live_server.url}]
            )
        # axe-core comes with every page as an init script: the page's CSP does not apply to
        # it (nor to evaluate), and it is not sent over again for each page.
        context.add_init_script(AXE_SCRIPT)
        page = context.new_page()
        page.set_default_timeout(30_000)
        try:
            for number, language in enumerate(languages):
                use_language(page, live_server.url, language)
                for path in paths:
                    if number > 0:
                        if route_of(path) in translated[language]:
                            continue
                        translated[language].add(route_of(path))
                    if os.environ.get("AXE_LIST"):
                        print(f"  {role}/{language} {path}")
                    for violation in _look(page, live_server.url, path):
                        for node in violation["nodes"]:
                            finding = Finding(
                                violation["id"],
                                violation.get("impact") or "",
                                path,
                                " ".join(str(part) for part in node["target"]),
                                violation["help"],
                            )
                            findings[finding].add(f"{role}/{language}")
                    checked += 1
        finally:
            context.close()
    allowed = {f: seen for f, seen in findings.items() if (f.rule, route_of(f.page)) in ALLOWED}
    failing = {f: seen for f, seen in findings.items() if f not in allowed}
    print(
        f"\naxe: {checked} pages checked, {len(failing)} violations"
        + (f" ({len(allowed)} allowed for now)" if allowed else "")
        + f" in {time.monotonic() - started:.0f} s"
    )
    report = [
        f"{f.rule} ({f.impact}) {f.page} {f.target!r}: {f.help} [{', '.join(sorted(seen))}]"
        for f, seen in sorted(failing.items(), key=lambda item: (item[0].rule, item[0].page))
    ]
    for line in report:
        print("  " + line)
    assert not report, f"{len(report)} accessibility violations:\n" + "\n".join(report)
