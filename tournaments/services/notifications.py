"""The tournament's notifications: the draw is out (each seated player's table and seat), and
the final classification. Run by Celery tasks queued on commit by the services where the
events happen; the email, its language and its opt-out are ``scwu.services.notifications``."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scwu.models import NotificationKind
from scwu.services.mail import site_reverse
from scwu.services.notifications import notify
from tournaments.models import Placing, Round, TableSeat, Tournament, TournamentStatus
from tournaments.results.services import results_recompute_if_stale
from tournaments.visibility import draw_is_public

DRAW_PUBLISHED_TASK = "people.notify_draw_published"
FINAL_CLASSIFICATION_TASK = "people.notify_final_classification"


def draw_published_notify(round_id: int) -> int:
    """Email every seated player with an account their table and seat; how many were sent."""
    round_ = Round.objects.select_related("tournament").filter(pk=round_id).first()
    if round_ is None or not draw_is_public(round_):
        return 0
    seats = TableSeat.objects.filter(
        table__round=round_, entry__player__user__isnull=False
    ).select_related("table", "entry__player__user")
    sent = 0
    for seat in seats:
        sent += notify(
            seat.entry.player.user,
            NotificationKind.DRAW_PUBLISHED,
            subject=_("Your table in %(tournament)s, round %(number)s"),
            subject_params={"tournament": round_.tournament.name, "number": round_.number},
            template="draw_published",
            context={
                "round": round_,
                "seat": seat,
                "table_url": site_reverse("table-short", seat.table_id),
            },
        )
    return sent


def final_classification_notify(tournament_id: int) -> int:
    """Email every player of a finished tournament its final classification and their place."""
    tournament = Tournament.objects.filter(
        pk=tournament_id, status=TournamentStatus.FINISHED
    ).first()
    if tournament is None:
        return 0
    results_recompute_if_stale(tournament_id)
    places = {p.entry_id: p.place for p in Placing.objects.filter(tournament=tournament)}
    sent = 0
    entries = tournament.entries.filter(player__user__isnull=False).select_related("player__user")
    for entry in entries:
        sent += notify(
            entry.player.user,
            NotificationKind.FINAL_CLASSIFICATION,
            subject=_("The final classification of %(tournament)s"),
            subject_params={"tournament": tournament.name},
            template="final_classification",
            context={
                "tournament": tournament,
                "place": places.get(entry.pk),
                "final_url": site_reverse("results-final", tournament.slug),
            },
        )
    return sent
