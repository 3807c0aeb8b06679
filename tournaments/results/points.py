"""The federation's ranking-points tables: set as a whole and validated before storing.

A table with a gap (no points for place 2 but some for place 3), a negative value or
points that rise with the place is refused with the reason, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.roles import AnyUser, Role, has_role
from tournaments.models import Category, CategoryPoints, Tournament
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


@transaction.atomic
def category_points_set(
    *, by: AnyUser | None, category: Category, points: Mapping[int, int]
) -> list[CategoryPoints]:
    """Replace a category's points table (SCWU administrators only)."""
    if not has_role(by, Role.ADMINISTRATOR):
        raise PermissionDenied(_("Only SCWU administrators set the ranking points."))
    table = points_table_validate(category, points)
    Category.objects.select_for_update(no_key=True).get(pk=category.pk)
    CategoryPoints.objects.filter(category=category).delete()
    rows = CategoryPoints.objects.bulk_create(
        CategoryPoints(category=category, place=place, points=value)
        for place, value in table.points.items()
    )
    for tournament_id in Tournament.objects.filter(category=category).values_list("pk", flat=True):
        results_changed(tournament_id)
    return rows
