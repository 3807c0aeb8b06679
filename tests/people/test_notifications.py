"""Notifications by email: sent by tasks queued on commit where the event happens, in the
reader's language, each with a one-click unsubscribe link that needs no sign-in."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from games import services as game_services
from games.models import DealEntry
from scwu.models import NotificationKind, PersonSettings
from scwu.services import words
from scwu.services.notifications import person_settings_update
from tests.factories import CommissionMemberFactory, UserFactory
from tests.games.conftest import Setup, make_setup, make_table
from tournaments.models import Entry, EntryStatus
from tournaments.services.draw import round_draw_publish
from tournaments.services.notifications import draw_published_notify
from tournaments.services.tournaments import tournament_status_set

pytestmark = pytest.mark.django_db


def _with_email(user: Any, language: str = "en") -> Any:
    user.email = f"{user.username}@example.org"
    user.save()
    PersonSettings.objects.update_or_create(user=user, defaults={"language": language})
    return user


def _draft() -> Setup:
    """A draft draw of checked-in players, ready to publish."""
    s = make_setup(status="draft")
    Entry.objects.filter(tournament=s.tournament).update(status=EntryStatus.CHECKED_IN)
    return s


def _unsubscribe_path(message: mail.EmailMessage) -> str:
    found = re.search(r"https?://[^/\s]+(/people/unsubscribe/\S+/)", message.body)
    assert found is not None, message.body
    return found.group(1)


def test_publishing_the_draw_emails_each_seated_player_their_table_seat_and_link(
    sent: Any,
) -> None:
    s = _draft()
    player_user = _with_email(s.seated_user("C"))
    with sent():
        round_draw_publish(by=s.director, round=s.round)
    (message,) = mail.outbox
    assert message.to == [player_user.email]
    assert f"table {s.table.number}, seat C" in message.body
    assert f"/t/{s.table.pk}/" in message.body
    assert reverse("where-i-sit") in message.body
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_the_draw_email_is_in_the_readers_language(sent: Any) -> None:
    s = _draft()
    _with_email(s.seated_user("A"), "cs")
    _with_email(s.seated_user("B"), "ru")
    with sent():
        round_draw_publish(by=s.director, round=s.round)
    bodies = {m.to[0].split("@")[0]: m for m in mail.outbox}
    assert len(bodies) == 2
    czech = next(m for m in mail.outbox if "stůl" in m.body or "Stůl" in m.body)
    russian = next(m for m in mail.outbox if "стол" in m.body.lower())
    assert czech is not russian


def test_one_click_unsubscribe_without_signing_in_stops_that_notification(sent: Any) -> None:
    s = _draft()
    user = _with_email(s.seated_user("A"))
    with sent():
        round_draw_publish(by=s.director, round=s.round)
    path = _unsubscribe_path(mail.outbox[0])
    assert Client().get(path).status_code == 200  # the page asks; a prefetch changes nothing
    assert PersonSettings.objects.get(user=user).wants(NotificationKind.DRAW_PUBLISHED)
    assert Client().post(path).status_code == 200
    assert not PersonSettings.objects.get(user=user).wants(NotificationKind.DRAW_PUBLISHED)
    mail.outbox.clear()
    assert draw_published_notify(s.round.pk) == 0
    assert mail.outbox == []


def test_a_forged_unsubscribe_link_is_refused() -> None:
    response = Client().post(reverse("people-unsubscribe", args=["forged:token"]))
    assert response.status_code == 400


def test_the_settings_page_turns_a_notification_off_and_sets_the_language() -> None:
    user = _with_email(UserFactory())
    client = Client()
    client.force_login(user)
    wanted = [k for k in NotificationKind.values if k != NotificationKind.REFEREE_CALL]
    response = client.post(reverse("people-settings"), {"language": "ru", "wanted": wanted})
    assert response.status_code == 302
    found = PersonSettings.objects.get(user=user)
    assert found.language == "ru" and found.muted == [NotificationKind.REFEREE_CALL]


def test_a_referee_call_emails_the_referees_on_duty(sent: Any) -> None:
    s = make_setup()
    _with_email(s.head_referee)
    line_judge = _with_email(UserFactory())
    s.tournament.line_judges.add(line_judge)
    _with_email(s.outsider)
    with sent():
        game_services.game_referee_call(by=s.judge, table=s.table)
    assert sorted(m.to[0] for m in mail.outbox) == sorted([s.head_referee.email, line_judge.email])
    assert "calls the referee" in mail.outbox[0].subject


def test_a_proposed_word_emails_the_commission_but_not_its_proposer(sent: Any) -> None:
    proposer = _with_email(CommissionMemberFactory().user)
    reviewer = _with_email(CommissionMemberFactory().user)
    with sent():
        word = words.word_propose(by=proposer, label="", letters="MOURA", language="cs")
    assert [m.to for m in mail.outbox] == [[reviewer.email]]
    assert reverse("word-detail", args=[word.pk]) in mail.outbox[0].body


def test_an_appeal_decision_emails_its_parties(sent: Any) -> None:
    s = make_setup()
    seated = _with_email(s.seated_user("A"))
    s.lose("A")
    deal = DealEntry.objects.get(game__table=s.table, number=1)
    ruling = game_services.ruling_make(
        by=s.head_referee,
        table=s.table,
        deal=deal,
        kind="B",
        offender="A",
        penalty="loses_deal",
        reason="revoke",
    )
    appeal = game_services.appeal_file(by=seated, ruling=ruling, grounds="no renonc")
    with sent():
        game_services.appeal_decide(by=s.commission, appeal=appeal, overturn=False, reason="ok")
    assert seated.email in [m.to[0] for m in mail.outbox]
    assert "upheld" in next(m for m in mail.outbox if m.to[0] == seated.email).body


def test_finishing_the_tournament_emails_the_final_classification(sent: Any) -> None:
    s = make_setup()
    user = _with_email(s.seated_user("B"))
    s.round.status = "finished"
    s.round.save()
    with sent():
        tournament_status_set(by=s.director, tournament=s.tournament, status="finished")
    (message,) = mail.outbox
    assert message.to == [user.email]
    assert reverse("results-final", args=[s.tournament.slug]) in message.body


def test_nobody_without_an_email_address_or_who_turned_it_off_is_emailed(sent: Any) -> None:
    s = _draft()
    s.seated_user("A")  # no address
    muted = _with_email(s.seated_user("B"))
    person_settings_update(user=muted, language="en", muted=[NotificationKind.DRAW_PUBLISHED])
    with sent():
        round_draw_publish(by=s.director, round=s.round)
    assert mail.outbox == []


def test_a_second_table_of_the_round_is_not_announced_to_the_first_tables_players(
    sent: Any,
) -> None:
    s = _draft()
    other = make_table(s.round)
    Entry.objects.filter(tournament=s.tournament).update(status=EntryStatus.CHECKED_IN)
    first = _with_email(s.seated_user("A"))
    with sent():
        round_draw_publish(by=s.director, round=s.round)
    assert f"/t/{other.pk}/" not in mail.outbox[0].body
    assert mail.outbox[0].to == [first.email]
