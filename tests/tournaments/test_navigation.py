"""The director's way around: breadcrumbs back from every management page, publishing a draw
back to the round, print-all scoresheets, appeals by tournament, the newcomer clash at the
desk, forms shown only to who may send them, "Me" in the menu and the error pages."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse
from django.utils import translation
from django.views.defaults import server_error

from games import services as game_services
from games.models import Appeal, AppealStatus, DealEntry
from scwu.models import PlayingWord
from scwu.services.bans import ban_impose
from tests.factories import (
    ClubFactory,
    CommissionMemberFactory,
    MembershipFactory,
    PlayerFactory,
    PlayingWordFactory,
    UserFactory,
)
from tests.games.conftest import Setup, make_round, make_setup, make_table, make_tournament
from tournaments.models import Entry, EntryStatus, RoundStatus, Tournament

pytestmark = pytest.mark.django_db


def _signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _crumbs(html: str) -> list[tuple[str, str]]:
    """(address or "", label) of each crumb of the page's breadcrumbs."""
    nav = re.search(r'<nav class="crumbs[^"]*"[^>]*>(.*?)</nav>', html, re.S)
    assert nav is not None, "no breadcrumbs"
    return [
        (href or "", re.sub(r"<[^>]+>", "", label).strip())
        for href, label in re.findall(
            r'<li>(?:<a href="([^"]*)">)?(?:<span[^>]*>)?(.*?)(?:</span>|</a>)</li>', nav[1]
        )
    ]


def _appeal(s: Setup) -> Appeal:
    s.lose("B", "C")
    deal = DealEntry.objects.get(game__table=s.table, number=1)
    ruling = game_services.ruling_make(
        by=s.head_referee,
        table=s.table,
        deal=deal,
        kind="A",
        offender="C",
        intentional=False,
        penalty="extra_letter",
        reason="peeked",
    )
    return game_services.appeal_file(by=s.director, ruling=ruling, grounds="unfair")


# Breadcrumbs and the way back.


def test_every_management_page_leads_back_to_its_tournament_and_round() -> None:
    s = make_setup()
    t, n = s.tournament.slug, s.round.number
    director = _signed_in(s.director)
    home = reverse("tournament-detail", args=[t])
    manage = reverse("round-manage", args=[t, n])
    dashboard = reverse("games:dashboard", args=[t, n])
    table = reverse("games:table", args=[s.table.pk])
    pages = {
        reverse("round-list", args=[t]): [home],
        reverse("tournament-edit", args=[t]): [home],
        reverse("tournament-invitations", args=[t]): [home],
        reverse("tournament-entries", args=[t]): [home],
        manage: [home, reverse("round-list", args=[t])],
        reverse("round-draw", args=[t, n]): [home, manage],
        reverse("round-cards", args=[t, n]): [home, manage],
        dashboard: [home, manage],
        reverse("games:round-scoresheets", args=[t, n]): [home, manage, dashboard],
        reverse("games:scoresheet", args=[s.table.pk]): [home, manage, dashboard, table],
        reverse("games:audit", args=[s.table.pk]): [home, manage, dashboard, table],
        reverse("games:paper", args=[s.table.pk]): [home, manage, table],
        reverse("games:tournament-appeals", args=[t]): [home],
    }
    for url, trail in pages.items():
        response = director.get(url)
        assert response.status_code == 200, url
        links = [href for href, _label in _crumbs(response.content.decode()) if href]
        for step in trail:
            assert step in links, (url, step, links)
        assert url not in links  # the page itself is the last crumb, not a link


def test_the_league_night_leads_back_to_its_league() -> None:
    league = make_tournament(format="league")
    director = UserFactory()
    league.directors.add(director)
    html = _signed_in(director).get(reverse("league-night", args=[league.slug])).content.decode()
    assert (reverse("tournament-detail", args=[league.slug]), league.name) in _crumbs(html)


def test_the_public_trail_leads_to_the_table_list_not_the_management_page() -> None:
    s = make_setup()
    html = Client().get(reverse("games:dashboard", args=[s.tournament.slug, 1])).content.decode()
    links = [href for href, _label in _crumbs(html)]
    assert reverse("round-draw", args=[s.tournament.slug, 1]) in links
    assert reverse("round-manage", args=[s.tournament.slug, 1]) not in links


def test_the_confirm_page_names_the_tournament_and_round() -> None:
    s = make_setup()
    url = reverse("round-delete", args=[s.tournament.slug, s.round.number])
    html = _signed_in(s.director).post(url, {}).content.decode()
    assert 'id="confirm"' in html  # deleting a round asks first
    links = [href for href, _label in _crumbs(html)]
    assert reverse("round-manage", args=[s.tournament.slug, s.round.number]) in links


def test_publishing_a_draw_returns_to_the_round_with_the_table_list_linked() -> None:
    s = make_setup()
    s.round.status = RoundStatus.DRAFT
    s.round.save()
    Entry.objects.filter(tournament=s.tournament).update(status=EntryStatus.CHECKED_IN)
    director = _signed_in(s.director)
    url = reverse("round-publish", args=[s.tournament.slug, s.round.number])
    response = director.post(url)
    manage = reverse("round-manage", args=[s.tournament.slug, s.round.number])
    assert response.status_code == 302 and response["Location"] == manage
    page = director.get(manage).content.decode()
    table_list = reverse("round-draw", args=[s.tournament.slug, s.round.number])
    assert f'<a href="{table_list}" id="published-table-list">' in page
    assert 'id="print-all-links"' in page


# Print all scoresheets.


def test_print_all_lists_every_tables_scoresheet_from_one_template() -> None:
    s = make_setup()
    make_table(s.round)
    make_table(s.round)
    url = reverse("games:round-scoresheets", args=[s.tournament.slug, s.round.number])
    html = Client().get(url).content.decode()
    assert html.count('class="print-page scoresheet-page"') == 3
    assert html.count('class="table scoresheet"') == 3
    for table in s.round.tables.all():
        assert f'data-table="{table.number}"' in html
    for page in (
        reverse("round-manage", args=[s.tournament.slug, s.round.number]),
        reverse("games:dashboard", args=[s.tournament.slug, s.round.number]),
    ):
        assert url in _signed_in(s.director).get(page).content.decode()


def test_print_all_of_a_held_round_is_not_public() -> None:
    s = make_setup()
    s.round.status = RoundStatus.DRAFT
    s.round.save()
    url = reverse("games:round-scoresheets", args=[s.tournament.slug, s.round.number])
    assert Client().get(url).status_code == 404
    assert _signed_in(s.director).get(url).status_code == 200


# Appeals by tournament.


def test_appeals_page_of_a_tournament_shows_only_its_appeals() -> None:
    ours, theirs = make_setup(), make_setup()
    mine, other = _appeal(ours), _appeal(theirs)
    html = Client().get(reverse("games:tournament-appeals", args=[ours.tournament.slug]))
    page = html.content.decode()
    assert f'id="appeal-{mine.pk}"' in page and f'id="appeal-{other.pk}"' not in page
    overview = Client().get(reverse("games:appeals")).content.decode()
    assert f'id="appeal-{mine.pk}"' in overview and f'id="appeal-{other.pk}"' in overview
    asked = Client().get(reverse("games:appeals"), {"tournament": theirs.tournament.slug})
    assert asked["Location"] == reverse("games:tournament-appeals", args=[theirs.tournament.slug])
    detail_url = reverse("tournament-detail", args=[ours.tournament.slug])
    detail = _signed_in(ours.director).get(detail_url)
    appeals_url = reverse("games:tournament-appeals", args=[ours.tournament.slug])
    assert appeals_url in detail.content.decode()
    dashboard = Client().get(reverse("games:dashboard", args=[ours.tournament.slug, 1]))
    assert appeals_url in dashboard.content.decode()


def test_deciding_an_appeal_under_another_tournament_is_refused() -> None:
    ours, theirs = make_setup(), make_setup()
    appeal = _appeal(ours)
    commission = _signed_in(ours.commission)
    wrong = reverse("games:appeal-decide", args=[theirs.tournament.slug, appeal.pk])
    decision = {"decision": "uphold", "reason": "the referee was right"}
    assert commission.post(wrong, decision).status_code == 404
    appeal.refresh_from_db()
    assert appeal.status == AppealStatus.PENDING
    right = reverse("games:appeal-decide", args=[ours.tournament.slug, appeal.pk])
    response = commission.post(right, decision)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:tournament-appeals", args=[ours.tournament.slug])
    appeal.refresh_from_db()
    assert appeal.status == AppealStatus.UPHELD


def test_the_decided_list_names_tournament_round_and_table() -> None:
    ours, theirs = make_setup(), make_setup()
    for s in (ours, theirs):
        appeal = _appeal(s)
        game_services.appeal_decide(
            by=s.commission, appeal=appeal, overturn=False, reason="the referee was right"
        )
    html = Client().get(reverse("games:appeals")).content.decode()
    rows = re.findall(r"<tr data-appeal=.*?</tr>", html, re.S)
    assert len(rows) == 2
    for s in (ours, theirs):
        [row] = [r for r in rows if s.tournament.name in r]
        assert f"{s.round.get_stage_display()} {s.round.number}" in row and "Table 1" in row


# The newcomer clash at the registration desk.


def test_a_newcomer_clash_offers_to_enter_the_registered_player() -> None:
    tournament = make_tournament(status="registration")
    director = UserFactory()
    tournament.directors.add(director)
    club = ClubFactory(name="SCC Brno")
    zuzka = PlayerFactory(nickname="Zuzka")
    MembershipFactory(player=zuzka, club=club)
    desk = _signed_in(director)
    url = reverse("entry-newcomer", args=[tournament.slug])
    response = desk.post(url, {"nickname": "ZUZKA"})
    page = response.content.decode()
    assert response.status_code == 400 and "is taken" in page
    assert 'id="newcomer-clash"' in page and "Enter Zuzka (SCC Brno)" in page
    form = re.search(r'<form[^>]*id="newcomer-clash".*?</form>', page, re.S)
    assert form is not None
    action = re.search(r'action="([^"]+)"', form[0])
    assert action is not None and action[1] == reverse("tournament-entries", args=[tournament.slug])
    player = re.search(r'name="player" value="(\d+)"', form[0])
    assert player is not None and int(player[1]) == zuzka.pk
    # The button does what "Register" on a found player does: the entry services enter her.
    assert desk.post(action[1], {"player": player[1]}).status_code == 302
    assert Entry.objects.filter(tournament=tournament, player=zuzka).exists()
    # Entered now: the desk no longer offers her.
    again = desk.post(url, {"nickname": "Zuzka"}).content.decode()
    assert 'id="newcomer-clash"' not in again


def test_no_offer_for_a_clash_with_a_banned_player() -> None:
    tournament: Tournament = make_tournament(status="registration")
    director = UserFactory()
    tournament.directors.add(director)
    banned = PlayerFactory(nickname="Hejma")
    ban_impose(by=None, player=banned, reason="cheating", authorised=True)
    page = _signed_in(director).post(
        reverse("entry-newcomer", args=[tournament.slug]), {"nickname": "hejma"}
    )
    assert 'id="newcomer-clash"' not in page.content.decode()


# Forms shown only to who may send them.


def test_the_proposer_sees_no_review_form_but_why() -> None:
    proposer = CommissionMemberFactory().user
    other = CommissionMemberFactory().user
    CommissionMemberFactory.create_batch(4)  # the quorum stays within reach after one review
    word: PlayingWord = PlayingWordFactory(status="proposed", proposed_by=proposer)
    url = reverse("word-detail", args=[word.pk])
    page = _signed_in(proposer).get(url).content.decode()
    assert "Submit review" not in page and 'action="/words/' not in page
    assert 'id="review-refused"' in page and "You proposed this word" in page
    member = _signed_in(other)
    assert "Submit review" in member.get(url).content.decode()
    member.post(reverse("word-review", args=[word.pk]), {"verdict": "approve"})
    page = member.get(url).content.decode()
    assert "Submit review" not in page and "You have already reviewed this word" in page
    public = Client().get(url).content.decode()
    assert "Submit review" not in public and 'id="review-refused"' not in public


# "Me" in the menu.


def test_me_in_the_menu_links_to_the_own_profile() -> None:
    user = UserFactory()
    player = PlayerFactory(nickname="Bóža", user=user)
    page = _signed_in(user).get(reverse("home")).content.decode()
    me = re.search(r'<a href="([^"]+)" id="nav-me"', page)
    assert me is not None and me[1] == reverse("player-detail", args=[player.pk])
    assert reverse("where-i-sit") in page
    unlinked = _signed_in(UserFactory()).get(reverse("home")).content.decode()
    assert 'id="nav-me"' not in unlinked


# Error pages.


@pytest.mark.parametrize(
    ("language", "title"), [("en", "Page not found"), ("cs", "Stránka nenalezena"),
                            ("ru", "Страница не найдена")],
)  # fmt: skip
def test_404_is_in_the_sites_layout_and_language(language: str, title: str) -> None:
    client = Client(headers={"accept-language": language})
    response = client.get("/tournaments/no-such-cup/rounds/1/manage/x/")
    assert response.status_code == 404
    page = response.content.decode()
    assert title in page and 'class="site-header"' in page and 'id="go-home"' in page
    assert f'lang="{language}"' in page


@override_settings(DEBUG=False)
def test_500_renders_without_a_request() -> None:
    with translation.override("cs"):
        response = server_error(RequestFactory().get("/"))
    page = response.content.decode()
    assert response.status_code == 500 and 'id="go-home"' in page and 'lang="cs"' in page
    assert "<script" not in page and "style=" not in page


def test_403_leads_home() -> None:
    s = make_setup()
    response = _signed_in(s.outsider).get(reverse("round-list", args=[s.tournament.slug]))
    assert response.status_code == 403
    assert reverse("home") in response.content.decode()


def test_rounds_of_another_round_number_are_not_found_in_layout() -> None:
    s = make_setup()
    make_round(s.tournament)
    response = Client().get(f"/tournaments/{s.tournament.slug}/rounds/99/")
    assert response.status_code == 404 and 'class="site-header"' in response.content.decode()


def test_a_commission_member_party_to_an_appeal_sees_why_not_a_form() -> None:
    s = make_setup()
    appeal = _appeal(s)
    CommissionMemberFactory(user=s.head_referee)  # the referee who ruled sits on the commission
    url = reverse("games:tournament-appeals", args=[s.tournament.slug])
    page = _signed_in(s.head_referee).get(url).content.decode()
    assert f'id="decide-{appeal.pk}"' not in page
    assert f'id="decide-refused-{appeal.pk}"' in page and "A party to this appeal" in page
    assert f'id="decide-{appeal.pk}"' in _signed_in(s.commission).get(url).content.decode()


def test_a_finished_tournament_offers_no_round_form_but_says_why() -> None:
    s = make_setup()
    s.tournament.status = "finished"
    s.tournament.save()
    page = _signed_in(s.director).get(reverse("round-list", args=[s.tournament.slug]))
    html = page.content.decode()
    assert 'id="round-create"' not in html and 'id="round-create-refused"' in html
    assert "takes no more rounds" in html


def test_a_banned_player_is_not_offered_to_register_but_told_why() -> None:
    tournament = make_tournament(status="registration")
    user = UserFactory()
    player = PlayerFactory(user=user)
    url = reverse("tournament-detail", args=[tournament.slug])
    assert reverse("entry-register", args=[tournament.slug]) in (
        _signed_in(user).get(url).content.decode()
    )
    ban_impose(by=None, player=player, reason="marked cards", authorised=True)
    html = _signed_in(user).get(url).content.decode()
    assert reverse("entry-register", args=[tournament.slug]) not in html
    assert 'id="self-register-refused"' in html


def test_the_desk_lists_a_banned_player_with_the_reason_not_a_register_button() -> None:
    tournament = make_tournament(status="registration")
    director = UserFactory()
    tournament.directors.add(director)
    banned = PlayerFactory(nickname="Cheater")
    PlayerFactory(nickname="Cheerful")
    ban_impose(by=None, player=banned, reason="marked cards", authorised=True)
    url = reverse("tournament-entries", args=[tournament.slug])
    html = _signed_in(director).get(url, {"q": "che"}).content.decode()
    assert f'name="player" value="{banned.pk}"' not in html
    assert "marked cards" in html and "data-refused" in html
    assert html.count('<form method="post" class="entry-row found">') == 1


def test_on_the_day_the_clash_button_checks_in_as_the_newcomer_form_asked() -> None:
    tournament = make_tournament(status="registration")
    director = UserFactory()
    tournament.directors.add(director)
    zuzka = PlayerFactory(nickname="Zuzka")
    desk = _signed_in(director)
    url = reverse("entry-newcomer", args=[tournament.slug])
    page = desk.post(url, {"nickname": "Zuzka", "check_in": "on"}).content.decode()
    form = re.search(r'<form[^>]*id="newcomer-clash".*?</form>', page, re.S)
    assert form is not None and 'name="check_in" value="1"' in form[0]
    desk.post(reverse("tournament-entries", args=[tournament.slug]),
              {"player": zuzka.pk, "check_in": "1"})  # fmt: skip
    assert Entry.objects.get(tournament=tournament, player=zuzka).status == EntryStatus.CHECKED_IN
    page = desk.post(url, {"nickname": "ZUZKA"}).content.decode()
    assert 'id="newcomer-clash"' not in page  # entered now
