"""The rules that rank teams: a closed list, owned here (models, forms, API and pages derive).

The maths that applies them lives in :mod:`tournaments.standings.teams`.
"""

from __future__ import annotations

from enum import StrEnum


class TeamRule(StrEnum):
    """How a team's members' results make the team's standing (a series or tournament setting)."""

    #: The federation's default: deals not lost over deals played, summed over the members.
    SUCCESS_RATE = "success_rate"
    #: The sum of the members' ranking points (more is better).
    RANKING_POINTS = "ranking_points"
    #: The sum of the members' places (fewer is better).
    PLACES = "places"


DEFAULT_TEAM_RULE = TeamRule.SUCCESS_RATE
