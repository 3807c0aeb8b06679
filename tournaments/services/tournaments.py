"""Tournaments: creation, editing of the format, and the status transitions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scwu.broker import task_send
from scwu.roles import AnyUser
from tournaments.lifecycle import Action, Context, require
from tournaments.lifecycle.tournament import status_action, transition_refusal
from tournaments.models import Tournament, TournamentStatus
from tournaments.permissions import require_director
from tournaments.results.services import results_changed, season_rankings_enqueue
from tournaments.selectors import series_team_defaults
from tournaments.services.changes import change_logged, refuse_unknown_fields
from tournaments.services.notifications import FINAL_CLASSIFICATION_TASK

FORMAT_FIELDS = (
    "season", "series", "category", "edition", "name", "start_date", "end_date", "venue",
    "theme", "head_referee", "format", "league_scoring", "league_points", "basic_rounds",
    "planned_field", "longer_word_rule", "prefer_tables_of", "has_semifinal", "final_size",
    "has_small_final", "small_final_size",
    "final_last_places_by_success", "sit_out_rule", "rank_order", "early_end",
    "tie_without_hejma", "tiebreaks", "allow_bots", "confirm_deal_entry",
    "team_mode", "team_size", "team_rule",
)  # fmt: skip
M2M_FIELDS = ("host_clubs", "directors", "line_judges")


def _unique_slug(name: str, edition: int, season_year: int) -> str:
    # The season's year once: "Walkthrough Open 2026" in 2026 is walkthrough-open-2026.
    named = slugify(name)
    year = str(season_year)
    base = (named if named.split("-")[-1] == year else slugify(f"{name}-{year}"))[:120]
    base = base or "tournament"
    slug, n = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


def _set_m2m(tournament: Tournament, values: dict[str, Iterable[Any] | None]) -> None:
    for name, items in values.items():
        if items is not None:
            getattr(tournament, name).set(items)


@transaction.atomic
def tournament_create(*, by: AnyUser | None, **fields: Any) -> Tournament:
    """Create a tournament in draft. The creator becomes one of its directors."""
    require_director(by)
    m2m = {name: fields.pop(name, None) for name in M2M_FIELDS}
    unknown = set(fields) - set(FORMAT_FIELDS) - {"slug"}
    if unknown:
        raise ValidationError({sorted(unknown)[0]: [_("Unknown field.")]}, code="unknown")
    if fields.get("series") is not None:
        # What the caller leaves out about teams follows the series (the API's omissions).
        for name, value in series_team_defaults(fields["series"]).items():
            fields.setdefault(name, value)
    tournament = Tournament(**fields)
    if not tournament.slug and tournament.name and fields.get("season") is not None:
        tournament.slug = _unique_slug(tournament.name, tournament.edition, fields["season"].year)
    tournament.full_clean()
    tournament.save()
    _set_m2m(tournament, m2m)
    if not m2m.get("directors") and by is not None and by.is_authenticated:
        tournament.directors.add(by)  # type: ignore[arg-type]
    return tournament


@transaction.atomic
def tournament_update(*, by: AnyUser | None, tournament: Tournament, **fields: Any) -> Tournament:
    require_director(by, tournament)
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    m2m = {name: fields.pop(name, None) for name in M2M_FIELDS}
    refuse_unknown_fields(fields, FORMAT_FIELDS)
    for name, value in fields.items():
        setattr(tournament, name, value)
    require(Action.EDIT_FORMAT, tournament, Context(by=by))
    tournament.full_clean()
    tournament.save()
    _set_m2m(tournament, m2m)
    # The format (cut, rank order, tie-breaks ...) shapes the results: a new results version
    # recomputes the placings and refreshes every page cached by version.
    results_changed(tournament.pk)
    return tournament


def tournament_reopen_audit(*, by: AnyUser | None, tournament: Tournament) -> None:
    """Reopening a finished tournament lets its results change again: logged."""
    change_logged(
        by=by,
        subject=tournament,
        message="Reopened the finished tournament for scorekeeping corrections.",
    )


@transaction.atomic
def tournament_status_set(*, by: AnyUser | None, tournament: Tournament, status: str) -> Tournament:
    """Move a tournament along draft -> registration -> running -> finished, or back
    (:mod:`tournaments.lifecycle.tournament` says which moves there are and when)."""
    require_director(by, tournament)
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    if status not in TournamentStatus.values:
        raise ValidationError({"status": [_("Unknown status.")]}, code="invalid")
    action = status_action(tournament.status, status)
    if action is None:
        raise transition_refusal(tournament, status).error()
    require(action, tournament, Context(by=by))
    tournament.status = status
    tournament.save(update_fields=["status"])
    if action == Action.REOPEN:
        tournament_reopen_audit(by=by, tournament=tournament)
    if action in (Action.FINISH, Action.REOPEN):
        # Finishing classifies a tournament without a final (by its basic rounds) and
        # reopening makes it provisional again: the placings and every page change, and
        # the season rankings, which count finished tournaments only.
        results_changed(tournament.pk)
        season_id = tournament.season_id
        transaction.on_commit(lambda: season_rankings_enqueue(season_id))
    if action == Action.FINISH:
        tournament_id = tournament.pk
        transaction.on_commit(lambda: task_send(FINAL_CLASSIFICATION_TASK, tournament_id))
    return tournament
