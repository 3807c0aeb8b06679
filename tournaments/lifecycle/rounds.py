"""The life of a round: planned -> drawing -> draft -> published -> finished, and back.

A draft is drawn again or published; a planned or draft round with no game is deleted; a
``drawing`` round whose job failed or never ran is reset to planned; a finished round is
reopened (logged) while the tournament runs and no later round is drawn. The rules of the
cut for the final, the small final and the play-off live in :mod:`.cuts`; these are the
rules of the statuses.
"""

from __future__ import annotations

from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from games.models import GameStatus
from tournaments.lifecycle.base import Action, Context, Refusal, explains, rule
from tournaments.lifecycle.tournament import finished_refusal
from tournaments.models import Round, RoundStage, RoundStatus, Table, Tournament, TournamentStatus
from tournaments.results.loading import FINAL_STAGES
from tournaments.selectors import round_previous

#: Statuses of a round whose draw exists (drawn, in play or played).
DRAWN = (RoundStatus.DRAFT, RoundStatus.PUBLISHED, RoundStatus.FINISHED)
UNFINISHED = (RoundStatus.DRAWING, RoundStatus.DRAFT, RoundStatus.PUBLISHED)


def round_game_started(round: Round) -> bool:
    """Whether a game (scored by hand or online) has begun at one of the round's tables."""
    return (
        Table.objects.filter(round=round)
        .filter(Q(game__isnull=False) | Q(online_game__isnull=False))
        .exists()
    )


def round_before(round: Round) -> Round | None:
    """The round that must be finished before ``round`` is drawn: the one before it, but
    for a final or small final the one before both (they are played at the same time)."""
    previous = round_previous(round)
    if round.stage in FINAL_STAGES:
        while previous is not None and previous.stage in FINAL_STAGES:
            previous = round_previous(previous)
    return previous


def _not_running(round: Round, message: StrOrPromise) -> Refusal | None:
    if round.tournament.status == TournamentStatus.RUNNING:
        return None
    return finished_refusal(round.tournament, "round") or Refusal(
        "tournament_not_running", message, "round"
    )


@rule(Action.CREATE_ROUND)
def tournament_takes_rounds(subject: Tournament, context: Context) -> Refusal | None:
    if subject.status == TournamentStatus.FINISHED:
        return Refusal(
            "tournament_finished", _("A finished tournament takes no more rounds."), "tournament"
        )
    return None


@rule(Action.CREATE_PLAYOFF)
def playoff_after_the_rounds(subject: Tournament, context: Context) -> Refusal | None:
    """The play-off is seated and published at once: after every round so far is finished,
    and before any round planned to follow (which would otherwise be drawn while it plays)."""
    if subject.status != TournamentStatus.RUNNING:
        return finished_refusal(subject) or Refusal(
            "tournament_not_running",
            _("Start the tournament (status running) before a play-off."),
            "tournament",
        )
    rounds = subject.rounds.order_by("number")
    if not rounds.filter(stage=RoundStage.BASIC, status=RoundStatus.FINISHED).exists():
        return Refusal(
            "no_round_played",
            _("A play-off settles a tie at the cut after the basic rounds: none is finished yet."),
            "tournament",
            off_path=True,
        )
    unfinished = rounds.filter(status__in=UNFINISHED).first()
    if unfinished is not None and unfinished.stage == RoundStage.PLAYOFF:
        return Refusal(
            "playoff_pending",
            _("A play-off is already being played; finish it first."),
            "tournament",
        )
    if unfinished is not None:
        return Refusal(
            "previous_unfinished",
            _("Round %(n)d is not finished yet.") % {"n": unfinished.number},
            "tournament",
        )
    planned = rounds.filter(status=RoundStatus.PLANNED).first()
    if planned is not None:
        return Refusal(
            "round_planned",
            _(
                "Round %(n)d (%(stage)s) is planned: the play-off is played before it. "
                "Delete round %(n)d, settle the tie, then plan it again."
            )
            % {"n": planned.number, "stage": planned.get_stage_display()},
            "tournament",
        )
    return None


@rule(Action.DRAW, Action.DRAW_MANUAL)
def round_drawable(subject: Round, context: Context) -> Refusal | None:
    refused = _not_running(
        subject, _("Start the tournament (status running) before drawing a round.")
    )
    if refused is not None:
        return refused
    # A round still drawing may be drawn again: its job may have been lost with a worker or
    # the broker; the newer job replaces it (``round_draw_run`` skips a replaced one).
    if subject.status not in (RoundStatus.PLANNED, RoundStatus.DRAWING, RoundStatus.DRAFT):
        return Refusal(
            "drawn",
            _("This round is %(status)s; it cannot be drawn again.")
            % {"status": subject.get_status_display()},
            "round",
            off_path=True,
        )
    previous = round_before(subject)
    if previous is not None and previous.status != RoundStatus.FINISHED:
        return Refusal(
            "previous_unfinished",
            _("Round %(n)d is not finished yet.") % {"n": previous.number},
            "round",
        )
    return None


@rule(Action.PUBLISH)
def round_publishable(subject: Round, context: Context) -> Refusal | None:
    if subject.status != RoundStatus.DRAFT:
        return Refusal(
            "not_draft", _("Only a draft draw can be published."), "round", off_path=True
        )
    return _not_running(
        subject, _("Start the tournament (status running) before publishing a draw.")
    )


@rule(Action.FINISH_ROUND)
def round_finishable(subject: Round, context: Context) -> Refusal | None:
    if subject.status != RoundStatus.PUBLISHED:
        return Refusal(
            "not_published",
            _("Only a published round can be finished."),
            "round",
            off_path=True,
        )
    return finished_refusal(subject.tournament, "round")


@explains(Action.FINISH_ROUND)
def tables_left_unplayed(subject: Round, context: Context) -> str | None:
    """Finishing by hand ends the games as they stand: say which tables have no deal and
    which are still playing."""
    # Both kinds of table: scored by hand (its game's deals) or online (its game's status;
    # "finished" is the status both kinds share).
    finished = GameStatus.FINISHED
    tables = Table.objects.filter(round=subject).annotate(
        deals=Count("game__deals"),
        online=Count("online_game"),
        done=Count("game", filter=Q(game__status=finished))
        + Count("online_game", filter=Q(online_game__status=finished)),
    )
    empty: list[str] = []
    playing: list[str] = []
    for table in tables.order_by("number"):
        counts = table.__dict__
        if not counts["deals"] and not counts["online"]:
            empty.append(str(table.number))
        elif not counts["done"]:
            playing.append(str(table.number))
    said: list[StrOrPromise] = []
    if empty:
        said.append(
            _("Tables without a deal: %(tables)s.") % {"tables": ", ".join(empty)},
        )
    if playing:
        said.append(
            _("Tables still playing: %(tables)s.") % {"tables": ", ".join(playing)},
        )
    if not said:
        return None
    said.append(
        _(
            "Finishing the round ends their games as they stand: the standings count only "
            "the deals recorded. A director can reopen the round while the tournament runs."
        )
    )
    return " ".join(str(s) for s in said)


def _later_drawn(round: Round) -> Round | None:
    later = Round.objects.filter(
        tournament_id=round.tournament_id, number__gt=round.number, status__in=DRAWN
    )
    if round.stage in FINAL_STAGES:
        later = later.exclude(stage__in=FINAL_STAGES)  # played side by side
    return later.order_by("number").first()


@rule(Action.REOPEN_ROUND)
def round_reopenable(subject: Round, context: Context) -> Refusal | None:
    if subject.status != RoundStatus.FINISHED:
        return Refusal(
            "not_finished", _("Only a finished round can be reopened."), "round", off_path=True
        )
    if subject.tournament.status == TournamentStatus.FINISHED:
        return Refusal(
            "tournament_finished",
            _("The tournament is finished: reopen the tournament first."),
            "round",
        )
    later = _later_drawn(subject)
    if later is not None:
        return Refusal(
            "later_round_drawn",
            _(
                "Round %(n)d is drawn already: reopening this round would put two rounds "
                "in play. Delete round %(n)d's draft first, or correct the deals as they are."
            )
            % {"n": later.number},
            "round",
        )
    return None


@rule(Action.DELETE_ROUND)
def round_deletable(subject: Round, context: Context) -> Refusal | None:
    if subject.status not in (RoundStatus.PLANNED, RoundStatus.DRAFT):
        return Refusal(
            "round_in_play",
            _("Only a planned round or a draft draw can be deleted: this round is %(status)s.")
            % {"status": subject.get_status_display()},
            "round",
            off_path=True,
        )
    refused = finished_refusal(subject.tournament, "round")
    if refused is not None:
        return refused
    if round_game_started(subject):
        return Refusal(
            "game_started", _("A game of this round has begun: it cannot be deleted."), "round"
        )
    if subject.stage == RoundStage.FINAL:
        small = Round.objects.filter(
            tournament_id=subject.tournament_id, stage=RoundStage.SMALL_FINAL, status__in=DRAWN
        ).first()
        if small is not None:
            return Refusal(
                "small_final_drawn",
                _(
                    "The small final (round %(n)d) is drawn from this final's field: "
                    "delete it first."
                )
                % {"n": small.number},
                "round",
            )
    return None


@explains(Action.DELETE_ROUND)
def round_deleted(subject: Round, context: Context) -> str:
    if subject.status == RoundStatus.DRAFT:
        return str(_("Round %(n)d and its draft draw are deleted.") % {"n": subject.number})
    return str(_("Round %(n)d is deleted.") % {"n": subject.number})


@rule(Action.RESET_DRAW)
def draw_resettable(subject: Round, context: Context) -> Refusal | None:
    if subject.status != RoundStatus.DRAWING:
        return Refusal(
            "not_drawing", _("Only a round being drawn can be reset."), "round", off_path=True
        )
    return None
