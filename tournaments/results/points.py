"""The federation's ranking-points tables (the players' and the teams'): set as a whole and
validated before storing.

A table with a gap (no points for place 2 but some for place 3), a negative value or
points that rise with the place is refused with the reason, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.roles import AnyUser, Role, has_role
from tournaments.models import Category, CategoryPoints, CategoryTeamPoints, Tournament
from tournaments.standings import InvalidPointsTableError, PointsTable

from .services import results_changed


def points_table_validate(category: Category, points: Mapping[int, int]) -> PointsTable:
    """The table as the maths uses it; ``ValidationError`` naming the problem otherwise."""
    try:
        return PointsTable(category.name, dict(points))
    except InvalidPointsTableError as exc:
        raise ValidationError(
            {"points": [_("This points table is refused: %(reason)s") % {"reason": exc}]},
            code="invalid_points_table",
        ) from exc


#: A category's table of points by place: the players' or the teams'.
PointsRow = TypeVar("PointsRow", CategoryPoints, CategoryTeamPoints)


def _table_set(
    by: AnyUser | None, category: Category, points: Mapping[int, int], model: type[PointsRow]
) -> list[PointsRow]:
    if not has_role(by, Role.ADMINISTRATOR):
        raise PermissionDenied(_("Only SCWU administrators set the ranking points."))
    table = points_table_validate(category, points)
    Category.objects.select_for_update(no_key=True).get(pk=category.pk)
    model.objects.filter(category=category).delete()
    rows = model.objects.bulk_create(
        model(category=category, place=place, points=value) for place, value in table.points.items()
    )
    for tournament_id in Tournament.objects.filter(category=category).values_list("pk", flat=True):
        results_changed(tournament_id)
    return rows


@transaction.atomic
def category_points_set(
    *, by: AnyUser | None, category: Category, points: Mapping[int, int]
) -> list[CategoryPoints]:
    """Replace a category's points table (SCWU administrators only)."""
    return _table_set(by, category, points, CategoryPoints)


@transaction.atomic
def category_team_points_set(
    *, by: AnyUser | None, category: Category, points: Mapping[int, int]
) -> list[CategoryTeamPoints]:
    """Replace a category's team points table (SCWU administrators only): the points a team
    earns by its place, which go to its club in the season's club ranking."""
    return _table_set(by, category, points, CategoryTeamPoints)
