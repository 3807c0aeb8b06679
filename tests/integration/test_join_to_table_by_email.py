"""From joining to one's table by email, in a real browser on real services: a newcomer signs
up, verifies the address from the email the worker sent through the SMTP server, claims their
registry player, a director confirms, the round's draw runs on the worker and is published, and
the draw's email (round, table and seat) leads the player to their table page."""

from __future__ import annotations

import re
from email.message import EmailMessage
from typing import Any

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from tests.browser.conftest import LISTEN_VIOLATIONS, browser, phones, sign_in
from tests.factories import EntryFactory, RoundFactory, TournamentFactory, UserFactory
from tests.integration.faults import wait_until
from tests.integration.mailbox import Mailbox
from tournaments.models import Round, RoundStatus, TableSeat, TournamentStatus
from tournaments.services.draw import round_draw_publish, round_draw_start

pytestmark = [pytest.mark.integration, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The browser fixtures live with the browser tests; imported here they serve this module too.
__all__ = ["browser", "phones"]

PASSWORD = "a-long-and-unusual-passphrase"
EMAIL = "bohous@example.org"
SUBMIT = "form.form button[type=submit]:not([form])"


def _text(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    assert body is not None, message
    return str(body.get_content())


def _path(text: str, pattern: str) -> str:
    """The path of the site's address matching ``pattern`` in an email: the worker writes the
    configured site address, the test's live server listens elsewhere."""
    found = re.search(rf"https?://[^/\s]+({pattern})", text)
    assert found, text
    return found.group(1)


def test_a_newcomer_joins_claims_their_player_and_opens_their_table_from_the_draw_email(
    live_server: Any, phones: Any, mailbox: Mailbox | None
) -> None:
    assert mailbox is not None, "EMAIL_URL names no SMTP server (.ci/run sets it)"
    cache.clear()  # the sign-up's rate limit counts in the shared cache
    base = live_server.url
    director = UserFactory(username="director36", password="pw-director-1", roles=["director"])
    tournament = TournamentFactory(status=TournamentStatus.RUNNING, name="Email Cup")
    tournament.directors.add(director)
    entries = [EntryFactory(tournament=tournament) for _ in range(8)]
    player = entries[0].player
    player.nickname = "Bohouš"
    player.save()
    round_ = RoundFactory(tournament=tournament, number=1)

    person = phones()
    person.add_init_script(f"({LISTEN_VIOLATIONS})()")
    person.goto(f"{base}/accounts/signup/")
    person.fill("input[name=username]", "bohous")
    person.fill("input[name=email]", EMAIL)
    person.fill("input[name=password1]", PASSWORD)
    person.fill("input[name=password2]", PASSWORD)
    person.click(SUBMIT)
    person.wait_for_url("**/accounts/confirm-email/")

    verification = _text(mailbox.wait_for(EMAIL))
    person.goto(base + _path(verification, r"/accounts/confirm-email/\S+"))
    person.click(SUBMIT)
    person.wait_for_url("**/accounts/login/")
    sign_in(person, base, "bohous", PASSWORD, f"/players/{player.pk}/")

    person.click("#claim-player")
    person.fill("textarea[name=message]", "I play in the Email Cup")
    person.click("form.form button[type=submit]")
    expect(person.locator("#pending-claim")).to_be_visible()

    desk = phones()
    sign_in(desk, base, "director36", "pw-director-1", "/people/claims/")
    desk.locator(".claim", has_text="Bohouš").locator("button[value=confirm]").click()
    expect(desk.locator(".messages")).to_contain_text("Bohouš")
    player.refresh_from_db()
    assert player.user is not None and player.user.username == "bohous"

    round_draw_start(by=director, round=round_, seed=36)
    wait_until(
        lambda: Round.objects.get(pk=round_.pk).status != RoundStatus.DRAWING,
        timeout=60,
        what="the draw job on the worker",
    )
    round_.refresh_from_db()
    assert round_.status == RoundStatus.DRAFT, round_.draw_error
    round_draw_publish(by=director, round=round_)
    seat = TableSeat.objects.select_related("table").get(table__round=round_, entry=entries[0])

    draw_email = mailbox.wait_for(EMAIL, subject="Email Cup, round 1")
    text = _text(draw_email)
    assert "The draw of round 1 of Email Cup is published." in text
    assert f"You play at table {seat.table.number}, seat {seat.position}." in text
    person.goto(base + _path(text, rf"/t/{seat.table_id}/"))
    person.wait_for_url(f"**/games/tables/{seat.table_id}/")
    expect(person.locator("main")).to_contain_text("Bohouš")
    assert person.evaluate("() => window.__violations") == []
