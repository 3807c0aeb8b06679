"""Our pages under the real content security policy in headless Chromium: nothing blocked.

Every browser test runs under the policy; this one also listens for the browser's own
violation reports.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.browser.conftest import LISTEN_VIOLATIONS
from tests.games.conftest import make_setup

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

LISTEN = LISTEN_VIOLATIONS


@pytest.fixture
def strict_page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 412, "height": 915})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(f"({LISTEN})()")
    yield page
    context.close()


def _violations(page: Any) -> list[str]:
    page.wait_for_load_state("networkidle")
    return list(page.evaluate("() => window.__violations"))


def test_public_pages_and_swagger_ui_run_without_violations(
    live_server: Any, strict_page: Any
) -> None:
    for path in ["/", "/players/", "/tournaments/", "/accounts/login/"]:
        strict_page.goto(live_server.url + path)
        assert _violations(strict_page) == [], path
    strict_page.goto(live_server.url + "/api/docs/")
    strict_page.wait_for_selector(".swagger-ui .info")  # the start-up script ran
    assert _violations(strict_page) == []


def test_line_judge_table_page_runs_its_script_under_the_policy(
    live_server: Any, strict_page: Any
) -> None:
    setup = make_setup()
    judge: User = setup.judge
    judge.set_password("pw-judge-1")
    judge.save()
    strict_page.goto(f"{live_server.url}/accounts/login/?next=/games/tables/{setup.table.pk}/")
    strict_page.fill("input[name=login]", judge.username)
    strict_page.fill("input[name=password]", "pw-judge-1")
    strict_page.click("form.form button[type=submit]")
    strict_page.wait_for_selector("#seats button.seat[data-seat=C]")
    strict_page.on("dialog", lambda dialog: dialog.accept())
    strict_page.click("#seats button.seat[data-seat=C]")  # the static script records a deal
    strict_page.locator("#deal-log li").first.wait_for()
    assert _violations(strict_page) == []
