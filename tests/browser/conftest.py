"""Headless Chromium (Debian's package) driven by Playwright against pytest-django's live server.

Playwright must never download a browser here: we point it at /usr/bin/chromium.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

# Playwright's sync API runs an event loop in the test thread; Django then refuses ORM calls
# from that thread unless told that this test-only use is fine.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# Requests a service worker makes show up in the context's routes (Playwright's offline
# emulation does not reach them: tests cut them with ``cut_network``).
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

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
        reason = (
            "Debian's chromium is not installed (apt-get install chromium); .ci/run installs it"
        )
        # On a developer's machine with only Python and pip, make test still passes and says
        # why the browser tests did not run; CI (CI set) must run them, so there it fails.
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return path


#: The one Chromium of the process: its driver, its browser, and how many fixtures hold it.
_SHARED: dict[str, Any] = {"holders": 0}


@contextmanager
def _shared_browser() -> Iterator[object]:
    """One Playwright for the whole process: modules elsewhere (the integration suite's) import
    ``browser`` and so hold a session fixture of their own, and a second sync Playwright
    started while the first runs refuses to start ("Sync API inside the asyncio loop")."""
    if not _SHARED["holders"]:
        from playwright.sync_api import sync_playwright

        driver = sync_playwright()
        _SHARED["driver"] = driver
        _SHARED["browser"] = driver.start().chromium.launch(
            executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
        )
    _SHARED["holders"] += 1
    try:
        yield _SHARED["browser"]
    finally:
        _SHARED["holders"] -= 1
        if not _SHARED["holders"]:
            _SHARED.pop("browser").close()
            _SHARED.pop("driver").__exit__()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    with _shared_browser() as instance:
        yield instance


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    # Under the site's real content security policy: wait with locators (expect), never with
    # string predicates (wait_for_function evaluates them with eval, which the policy forbids).
    context = browser.new_context(viewport={"width": 412, "height": 915})  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _serving_threads() -> list[threading.Thread]:
    return [
        thread
        for thread in threading.enumerate()
        if getattr(getattr(thread, "_target", None), "__name__", "") == "process_request_thread"
    ]


@pytest.fixture(autouse=True)
def _live_server_idle_before_flush() -> Iterator[None]:
    """Let the live server finish what the closed pages left in flight before the database is
    emptied: on in-memory SQLite its request threads share the test's connection, and a flush
    racing a late request fails the test ("couldn't be flushed").

    Autouse fixtures of this file are set up after pytest-django's database fixture, so this
    teardown runs after the pages' contexts closed and before the flush."""
    yield
    deadline = time.monotonic() + 10
    while _serving_threads() and time.monotonic() < deadline:
        time.sleep(0.05)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "/tests/browser/" in str(item.path):
            item.add_marker(pytest.mark.browser)


#: An init script (not subject to the page's policy) that collects the page's CSP violations
#: in ``window.__violations``.
LISTEN_VIOLATIONS = """() => {
  window.__violations = [];
  document.addEventListener("securitypolicyviolation",
    e => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
}"""

#: A judge's phone: the match-day tests (marked ``matchday``) run at this size.
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phones(browser: object) -> Iterator[Callable[[], Any]]:
    """Open a new phone-sized page (its own cookies: one person each) under the real CSP."""
    contexts: list[Any] = []

    def open_page() -> Any:
        context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page

    yield open_page
    for context in contexts:
        context.close()


def sign_in(page: Any, base_url: str, username: str, password: str, next_url: str) -> None:
    """Sign in on the login page and land on ``next_url``."""
    page.goto(f"{base_url}/accounts/login/?next={next_url}")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", password)
    page.click("form.form button[type=submit]")
    page.wait_for_url(f"**{next_url.split('?')[0]}*")


def cut_network(page: Any, cut: bool) -> None:
    """Cut (or restore) the network of the page's browser context, service workers included:
    Playwright's offline emulation covers the page, a route aborts what a worker fetches."""
    context = page.context
    if cut:
        context.set_offline(True)
        context.route("**/*", _disconnected)
    else:
        context.unroute("**/*", _disconnected)
        context.set_offline(False)


def _disconnected(route: Any) -> None:
    route.abort("internetdisconnected")


def use_language(page: Any, base_url: str, code: str) -> None:
    """Show the site in ``code`` (as the language switch does: Django's language cookie)."""
    page.context.add_cookies([{"name": "django_language", "value": code, "url": base_url}])
