"""Tournaments: creation, editing of the format, and the status transitions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scwu.roles import AnyUser
from tournaments.models import Tournament, TournamentStatus
from tournaments.permissions import require_director

# draft -> registration -> running -> finished; registration may be closed again (back to draft).
TRANSITIONS: dict[str, tuple[str, ...]] = {
    TournamentStatus.DRAFT: (TournamentStatus.REGISTRATION,),
    TournamentStatus.REGISTRATION: (TournamentStatus.DRAFT, TournamentStatus.RUNNING),
    TournamentStatus.RUNNING: (TournamentStatus.FINISHED,),
    TournamentStatus.FINISHED: (),
}

FORMAT_FIELDS = (
    "season", "series", "category", "edition", "name", "start_date", "end_date", "venue",
    "theme", "head_referee", "basic_rounds", "planned_field", "longer_word_rule",
    "prefer_tables_of", "has_semifinal", "final_size", "has_small_final", "small_final_size",
    "final_last_places_by_success", "sit_out_rule", "rank_order", "early_end",
    "tie_without_hejma", "tiebreaks", "allow_bots",
)  # fmt: skip
M2M_FIELDS = ("host_clubs", "directors", "line_judges")


def _unique_slug(name: str, edition: int, season_year: int) -> str:
    base = slugify(f"{name}-{season_year}")[:120] or "tournament"
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
    for name, value in fields.items():
        if name not in FORMAT_FIELDS:
            raise ValidationError({name: [_("This field cannot be changed here.")]}, code="unknown")
        setattr(tournament, name, value)
    if tournament.status == TournamentStatus.FINISHED:
        raise ValidationError(
            {"status": [_("A finished tournament cannot be changed.")]}, code="finished"
        )
    tournament.full_clean()
    tournament.save()
    _set_m2m(tournament, m2m)
    return tournament


@transaction.atomic
def tournament_status_set(*, by: AnyUser | None, tournament: Tournament, status: str) -> Tournament:
    """Move a tournament along draft -> registration -> running -> finished."""
    require_director(by, tournament)
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    if status not in TournamentStatus.values:
        raise ValidationError({"status": [_("Unknown status.")]}, code="invalid")
    if status not in TRANSITIONS[tournament.status]:
        raise ValidationError(
            {
                "status": [
                    _("A tournament that is %(now)s cannot become %(new)s.")
                    % {
                        "now": tournament.get_status_display(),
                        "new": TournamentStatus(status).label,
                    }
                ]
            },
            code="transition",
        )
    if status == TournamentStatus.FINISHED:
        unfinished = tournament.rounds.filter(status__in=["drawing", "draft", "published"]).exists()
        if unfinished:
            raise ValidationError(
                {"status": [_("Every round must be finished before the tournament is.")]},
                code="rounds_unfinished",
            )
    tournament.status = status
    tournament.save(update_fields=["status"])
    if status == TournamentStatus.FINISHED:
        # The season rankings count finished tournaments only: finishing one changes them.
        from tournaments.results.services import season_rankings_enqueue

        season_id = tournament.season_id
        transaction.on_commit(lambda: season_rankings_enqueue(season_id))
    return tournament
