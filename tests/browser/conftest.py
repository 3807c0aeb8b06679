"""Headless Chromium (Debian's package) driven by Playwright against pytest-django's live server.

Playwright must never download a browser here: we point it at /usr/bin/chromium.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

# Playwright's sync API runs an event loop in the test thread; Django then refuses ORM calls
# from that thread unless told that this test-only use is fine.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        pytest.fail(
            "Debian's chromium is not installed (apt-get install chromium); .ci/run installs it"
        )
    return path


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
        )
        yield instance
        instance.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    # Playwright evaluates string predicates (wait_for_function) with eval, which our content
    # security policy forbids; tests/security/test_csp_browser.py checks the policy unbypassed.
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 412, "height": 915}, bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "/tests/browser/" in str(item.path):
            item.add_marker(pytest.mark.browser)
