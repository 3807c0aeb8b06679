"""The scorekeeping's notifications: a table calls the referee (to the referees on duty: the
tournament's head referee and its line judges), and an appeal is decided (to its parties).
Run by Celery tasks queued on commit; the email itself is ``scwu.services.notifications``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from games.models import Appeal, AppealStatus, TableGame
from scwu.models import NotificationKind
from scwu.services.mail import site_reverse
from scwu.services.notifications import notify

REFEREE_CALL_TASK = "people.notify_referee_call"
APPEAL_DECIDED_TASK = "people.notify_appeal_decided"


def referee_call_notify(game_id: int) -> int:
    """Email the referees on duty that a table called (unless the call is already over)."""
    game = (
        TableGame.objects.select_related("table__round__tournament")
        .filter(pk=game_id, referee_called_at__isnull=False)
        .first()
    )
    if game is None:
        return 0
    table = game.table
    tournament = table.round.tournament
    on_duty: dict[int, Any] = {u.pk: u for u in tournament.line_judges.all()}
    if tournament.head_referee is not None:
        on_duty[tournament.head_referee.pk] = tournament.head_referee
    on_duty.pop(game.referee_called_by_id or 0, None)
    context = {
        "table": table,
        "table_url": site_reverse("table-short", table.pk),
        "dashboard_url": site_reverse("games:dashboard", tournament.slug, table.round.number),
    }
    subject, subject_params = (
        _("Table %(number)s of %(tournament)s calls the referee"),
        {
            "number": table.number,
            "tournament": tournament.name,
        },
    )
    return sum(
        notify(
            user,
            NotificationKind.REFEREE_CALL,
            subject=subject,
            subject_params=subject_params,
            template="referee_call",
            context=context,
        )
        for user in on_duty.values()
    )


def appeal_decided_notify(appeal_id: int) -> int:
    """Email the parties of a decided appeal: who filed it, the referee who ruled and the
    players seated at the table."""
    appeal = (
        Appeal.objects.select_related("ruling__game__table__round__tournament")
        .filter(pk=appeal_id, decided_at__isnull=False)
        .first()
    )
    if appeal is None:
        return 0
    table = appeal.ruling.game.table
    parties = {u.pk: u for u in User.objects.filter(player__entries__seats__table=table).distinct()}
    for user in (appeal.filed_by, appeal.ruling.referee):
        if user is not None:
            parties[user.pk] = user
    context = {
        "table": table,
        "overturned": appeal.status == AppealStatus.OVERTURNED,
        "reason": appeal.decision_reason,
        "table_url": site_reverse("table-short", table.pk),
    }
    subject, subject_params = (
        _("The appeal at table %(number)s of %(tournament)s is decided"),
        {
            "number": table.number,
            "tournament": table.round.tournament.name,
        },
    )
    return sum(
        notify(
            user,
            NotificationKind.APPEAL_DECIDED,
            subject=subject,
            subject_params=subject_params,
            template="appeal_decided",
            context=context,
        )
        for user in parties.values()
    )
