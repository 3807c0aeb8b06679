"""The director's and the commission's forms as a new user meets them (Czech, English, Russian),
under the real CSP."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import LISTEN_VIOLATIONS, sign_in, use_language
from tests.factories import (
    CommissionMemberFactory,
    MembershipFactory,
    PlayingWordFactory,
    RoundFactory,
    SeasonFactory,
    SeriesFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import Tournament, TournamentStatus

pytestmark = pytest.mark.django_db(transaction=True)


def test_director_forms_in_czech(live_server: Any, page: Any) -> None:
    dana = UserFactory(username="dana", password="pw-dana-123", roles=["director"])
    UserFactory(username="judge1", first_name="Jana", last_name="Nováková")
    UserFactory(username="judge2", first_name="Petr", last_name="Svoboda")
    SeasonFactory(year=2026)
    SeriesFactory(name="Classic", slug="classic")
    page.add_init_script(script=f"({LISTEN_VIOLATIONS})()")
    use_language(page, live_server.url, "cs")
    sign_in(page, live_server.url, "dana", "pw-dana-123", "/tournaments/new/")

    judges = page.locator("#id_line_judges")  # tick boxes of real names, not a multi-select
    assert page.locator("select[name=line_judges]").count() == 0
    assert "Jana Nováková (judge1)" in judges.inner_text()
    page.fill(".pick-list:has(#id_line_judges) .pick-filter", "novak")  # no accents needed
    assert page.locator("label:has-text('Petr Svoboda')").first.is_hidden()
    page.check("label:has-text('Jana Nováková') >> nth=0 >> input")
    page.select_option("select[name=season]", label="2026")
    page.select_option("select[name=series]", label="Classic")
    page.fill("input[name=name]", "Walkthrough Open 2026")
    page.fill("input[name=start_date]", "2026-04-04")
    page.fill("input[name=end_date]", "2026-04-04")
    page.click("form.form button[type=submit]")
    page.wait_for_selector("h1:has-text('Walkthrough Open 2026')")
    created = Tournament.objects.get(name="Walkthrough Open 2026")
    assert created.slug == "walkthrough-open-2026"  # the year once
    assert [u.username for u in created.line_judges.all()] == ["judge1"]

    # A tournament in registration with a detectives theme: the word picker keeps to it, and
    # the round page offers the start button instead of a draw that would be refused.
    open_ = TournamentFactory(theme="detectives", status=TournamentStatus.REGISTRATION)
    open_.directors.add(dana)
    PlayingWordFactory(label="Herr FLICK", letters="FLICK", theme="Detectives")
    PlayingWordFactory(label="KOČKA", letters="KOCKA", theme="Animals")
    page.goto(f"{live_server.url}/tournaments/{open_.slug}/rounds/")
    options = page.locator("#round-create select[name=word] option:not([value=''])")
    assert options.count() == 1 and "FLICK" in options.inner_text()
    assert "čeština" in options.inner_text()  # the language by name, in the page's language
    RoundFactory(tournament=open_, number=1, word=PlayingWordFactory(theme="Detectives"))
    page.goto(f"{live_server.url}/tournaments/{open_.slug}/rounds/1/manage/")
    assert page.locator("#draw-form").count() == 0
    page.click("#draw-not-started button[value=running]")
    page.wait_for_selector("#draw-form")  # back on the same page, now ready to draw
    assert page.evaluate("window.__violations") == []


def test_registration_desk_and_word_propose_in_english(live_server: Any, page: Any) -> None:
    UserFactory(username="dana", password="pw-dana-123", roles=["director"])
    tournament = TournamentFactory(status=TournamentStatus.REGISTRATION)
    tournament.directors.add(UserFactory._meta.model.objects.get(username="dana"))
    MembershipFactory(player__nickname="Bóža")
    PlayingWordFactory(label="Herr FLICK", letters="FLICK", theme="Detectives")
    sign_in(
        page, live_server.url, "dana", "pw-dana-123", f"/tournaments/{tournament.slug}/entries/"
    )

    page.fill("input[name=q]", "boza")
    page.click("form.search button")
    page.locator("form.found button").first.click()
    page.wait_for_selector(".entry-row[data-player='Bóža']")
    assert "registered already" in page.inner_text("#search-none")

    page.goto(f"{live_server.url}/words/propose/")
    page.fill("input[name=label]", "Lieutenant Columbo")
    page.fill("input[name=letters]", "KOJAK")
    page.select_option("select[name=language]", "en")
    page.fill("input[name=theme]", "detectives")
    page.click("form.form button[type=submit]")
    assert "do not appear in the label" in page.inner_text(".errorlist")
    page.check("input[name=confirm_letters]")
    page.click("form.form button[type=submit]")
    page.wait_for_selector("h1:has-text('Lieutenant Columbo')")
    facts = page.inner_text("dl.facts")
    assert "English" in facts and "Detectives" in facts  # by name; the known theme's spelling


def test_commission_quorum_and_names_in_russian(live_server: Any, page: Any, settings: Any) -> None:
    settings.SCWU_WORD_REVIEW_QUORUM = 3
    proposer = UserFactory(username="pavel", first_name="Pavel", last_name="Kočí")
    member = CommissionMemberFactory(
        user=UserFactory(username="c1", first_name="Olga", last_name="Petrova", password="pw-c1-1")
    )
    CommissionMemberFactory()
    CommissionMemberFactory()
    word = PlayingWordFactory(
        label="TONDA", letters="TONDA", status="proposed", proposed_by=proposer
    )
    word.reviews.create(member=member, verdict="approve")
    use_language(page, live_server.url, "ru")

    page.goto(f"{live_server.url}/words/?status=proposed")
    assert "1 из 3 одобрений" in page.inner_text("table.table")
    assert "3" in page.inner_text("#quorum-rule")
    page.click("a:has-text('TONDA')")
    assert "1 из 3 одобрений" in page.inner_text("#quorum-progress")
    assert "Pavel Kočí (pavel)" in page.inner_text("#word-proposer")
    assert "Olga Petrova (c1)" in page.inner_text("section.card")

    use_language(page, live_server.url, "cs")
    page.reload()
    assert "1 z 3 schválení" in page.inner_text("#quorum-progress")
