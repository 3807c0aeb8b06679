"""The declared policy: who may use each write endpoint, with a valid request for it.

A valid request matters: several views check their input before the service checks the
user, so an empty body would be refused with a 400 for everyone and prove nothing.
Variants (``name#variant``) state the object-level rules: a line judge writes only at their own
table; a captain registers only their own club's players.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from tests.security.world import (
    ADMINISTRATOR,
    ANONYMOUS,
    CAPTAIN,
    COMMISSION,
    DIRECTOR,
    LINE_JUDGE,
    OTHER_DIRECTOR,
    PLAYER,
    REFEREE,
    ROLES,
    World,
)


def _open_season() -> int:
    """The current season: a past one is closed to roster changes."""
    return timezone.localdate().year


Args = Callable[[World], dict[str, Any]]

SIGNED_IN = frozenset(ROLES) - {ANONYMOUS}
EVERYONE = frozenset(ROLES)
ADMIN_ONLY = frozenset({ADMINISTRATOR})
# The tournament's own directors; an unassigned director may not run it.
RUNS_TOURNAMENT = frozenset({DIRECTOR, ADMINISTRATOR})
# Any director may create a tournament or a player.
ANY_DIRECTOR = frozenset({DIRECTOR, OTHER_DIRECTOR, ADMINISTRATOR})
SCORES_TABLE = frozenset({LINE_JUDGE, REFEREE, DIRECTOR, ADMINISTRATOR})
REFEREES_TABLE = frozenset({REFEREE, DIRECTOR, ADMINISTRATOR})
KEEPS_SMOKE = frozenset({PLAYER, REFEREE, DIRECTOR, OTHER_DIRECTOR, ADMINISTRATOR})


@dataclass(frozen=True)
class Rule:
    allowed: frozenset[str]
    kwargs: Args = lambda w: {}
    data: Args = lambda w: {}
    #: only "anonymous is refused" is asserted (the endpoint needs objects the world lacks)
    login_only: bool = False
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _table(w: World) -> dict[str, Any]:
    return {"table_id": w.table.pk}


def _other_table(w: World) -> dict[str, Any]:
    return {"table_id": w.other_table.pk}


def _running(w: World) -> dict[str, Any]:
    return {"slug": w.running.slug}


def _round_page(w: World) -> dict[str, Any]:
    return {"slug": w.running.slug, "number": w.round.number}


def _round(w: World) -> dict[str, Any]:
    return {"pk": w.round.pk}


def _registering(w: World) -> dict[str, Any]:
    return {"slug": w.registering.slug}


def _entry_page(w: World) -> dict[str, Any]:
    return {"slug": w.registering.slug, "pk": w.entry.pk}


def _entry(w: World) -> dict[str, Any]:
    return {"pk": w.entry.pk}


def _team(w: World) -> dict[str, Any]:
    return {"pk": w.extra["team"].pk}


def _team_page(w: World) -> dict[str, Any]:
    return {"slug": w.registering.slug, "pk": w.extra["team"].pk}


# A club's teams: the tournament's directors and the club's captain.
MANAGES_TEAMS = frozenset({CAPTAIN, DIRECTOR, ADMINISTRATOR})


def _smoke(w: World) -> dict[str, Any]:
    return {"pk": w.smoke.pk}


def _member(w: World) -> dict[str, Any]:
    return {"player": w.club_member.pk}


def _outsider(w: World) -> dict[str, Any]:
    return {"player": w.outsider.pk}


def _word(w: World) -> dict[str, Any]:
    return {"word": w.extra["word"].pk}


def _seats(w: World) -> list[int]:
    return list(w.table.seats.order_by("position").values_list("entry_id", flat=True))


POLICY: dict[str, Rule] = {
    # Federation API.
    "api:api-bans": Rule(ADMIN_ONLY, data=lambda w: {"player": w.outsider.pk, "reason": "cheat"}),
    "api:api-player-create": Rule(ANY_DIRECTOR, data=lambda w: {"nickname": "Newcomer"}),
    "api:api-word-propose": Rule(SIGNED_IN, data=lambda w: {"letters": "KOCKA", "language": "cs"}),
    "api:api-word-retire": Rule(
        frozenset({COMMISSION, ADMINISTRATOR}), kwargs=lambda w: {"pk": w.extra["word"].pk}
    ),
    "api:api-word-review": Rule(
        frozenset({COMMISSION}),
        kwargs=lambda w: {"pk": w.extra["word"].pk},
        data=lambda w: {"verdict": "approve"},
    ),
    # People: claims, invitations, settings, privacy.
    "api:api-claim": Rule(SIGNED_IN, data=lambda w: {"nickname": "Api Claimer"}),
    "people-claim": Rule(SIGNED_IN, data=lambda w: {"nickname": "Page Claimer"}),
    "people-claim-withdraw": Rule(SIGNED_IN, kwargs=lambda w: {"pk": 0}, login_only=True),
    "people-claim-decide": Rule(SIGNED_IN, kwargs=lambda w: {"pk": 0}, login_only=True),
    "people-settings": Rule(SIGNED_IN, data=lambda w: {"language": "cs"}),
    "people-unsubscribe": Rule(EVERYONE, kwargs=lambda w: {"token": "forged"}),
    "invitation-accept": Rule(SIGNED_IN, kwargs=lambda w: {"token": "made-up"}, login_only=True),
    "commission-invite": Rule(ADMIN_ONLY, data=lambda w: {"email": "new@example.org"}),
    "people-erase": Rule(SIGNED_IN, data=lambda w: {"confirm": "on"}),
    "tournament-invitations": Rule(
        RUNS_TOURNAMENT,
        kwargs=_running,
        data=lambda w: {"email": "judge@example.org", "role": "line_judge"},
    ),
    # Federation pages.
    "word-propose": Rule(SIGNED_IN, data=lambda w: {"letters": "KOCKA", "language": "cs"}),
    "word-review": Rule(
        frozenset({COMMISSION}),
        kwargs=lambda w: {"pk": w.extra["word"].pk},
        data=lambda w: {"verdict": "approve"},
    ),
    # Clubs and the registration desk (match day): a captain's own club, a tournament's director.
    "api:api-club-roster": Rule(
        frozenset({CAPTAIN, ADMINISTRATOR}),
        kwargs=lambda w: {"slug": w.club.slug},
        data=lambda w: {"season": _open_season(), "players": [w.club_member.pk]},
    ),
    "club-roster": Rule(
        frozenset({CAPTAIN, ADMINISTRATOR}),
        kwargs=lambda w: {"slug": w.club.slug},
        data=lambda w: {"season": _open_season(), "players": [w.club_member.pk]},
    ),
    "tournaments-api:entry-newcomer": Rule(
        RUNS_TOURNAMENT, kwargs=_registering, data=lambda w: {"nickname": "Newcomer"}
    ),
    "entry-newcomer": Rule(
        RUNS_TOURNAMENT, kwargs=_registering, data=lambda w: {"nickname": "Newcomer"}
    ),
    # Tournaments API.
    "tournaments-api:tournament-create": Rule(
        ANY_DIRECTOR,
        data=lambda w: {
            "name": "New Cup",
            "season": w.running.season.year,
            "series": w.running.series.slug,
            "start_date": "2026-06-01",
            "end_date": "2026-06-01",
        },
    ),
    "tournaments-api:season-create": Rule(ANY_DIRECTOR, data=lambda w: {"year": 2035}),
    "tournaments-api:season-update": Rule(
        ANY_DIRECTOR, kwargs=lambda w: {"year": w.running.season.year}, data=lambda w: {"name": "R"}
    ),
    "tournaments-api:series-create": Rule(ANY_DIRECTOR, data=lambda w: {"name": "New Series"}),
    "tournaments-api:series-update": Rule(
        ANY_DIRECTOR, kwargs=lambda w: {"slug": w.running.series.slug}, data=lambda w: {"name": "R"}
    ),
    "tournaments-api:tournament-update": Rule(
        RUNS_TOURNAMENT, kwargs=_running, data=lambda w: {"venue": "Brno"}
    ),
    "tournaments-api:tournament-status": Rule(
        RUNS_TOURNAMENT, kwargs=_running, data=lambda w: {"status": "finished"}
    ),
    "tournaments-api:entry-register": Rule(
        frozenset({CAPTAIN, DIRECTOR, ADMINISTRATOR}), kwargs=_registering, data=_member
    ),
    "tournaments-api:entry-register#other-club": Rule(
        RUNS_TOURNAMENT, kwargs=_registering, data=_outsider
    ),
    "tournaments-api:entry-check-in": Rule(RUNS_TOURNAMENT, kwargs=_entry),
    "tournaments-api:entry-withdraw": Rule(RUNS_TOURNAMENT, kwargs=_entry),
    "tournaments-api:entry-substitute": Rule(RUNS_TOURNAMENT, kwargs=_entry, data=_member),
    "tournaments-api:tournament-teams": Rule(
        MANAGES_TEAMS,
        kwargs=_registering,
        data=lambda w: {"club": w.club.slug, "name": "New team", "members": [w.club_member.pk]},
    ),
    "tournaments-api:team-update": Rule(
        MANAGES_TEAMS, kwargs=_team, data=lambda w: {"name": "Renamed"}
    ),
    "tournaments-api:team-withdraw": Rule(MANAGES_TEAMS, kwargs=_team),
    "tournaments-api:round-create": Rule(RUNS_TOURNAMENT, kwargs=_running, data=_word),
    "tournaments-api:round-word": Rule(RUNS_TOURNAMENT, kwargs=_round, data=_word),
    "tournaments-api:round-update": Rule(
        RUNS_TOURNAMENT, kwargs=_round, data=lambda w: {"placka_mode": "elimination"}
    ),
    "tournaments-api:playoff": Rule(RUNS_TOURNAMENT, kwargs=_running),
    "tournaments-api:round-draw": Rule(RUNS_TOURNAMENT, kwargs=_round),
    "tournaments-api:round-manual": Rule(
        RUNS_TOURNAMENT, kwargs=_round, data=lambda w: {"tables": [_seats(w)]}
    ),
    "tournaments-api:round-swap": Rule(
        RUNS_TOURNAMENT,
        kwargs=_round,
        data=lambda w: {"seat": w.table.seats.first().pk, "entry": _seats(w)[1]},  # type: ignore[union-attr]
    ),
    "tournaments-api:round-publish": Rule(RUNS_TOURNAMENT, kwargs=_round),
    "tournaments-api:round-finish": Rule(RUNS_TOURNAMENT, kwargs=_round),
    "tournaments-api:round-reopen": Rule(RUNS_TOURNAMENT, kwargs=_round),
    "tournaments-api:round-delete": Rule(RUNS_TOURNAMENT, kwargs=_round),
    "tournaments-api:round-draw-reset": Rule(RUNS_TOURNAMENT, kwargs=_round),
    # Tournament pages.
    "tournament-create": Rule(ANY_DIRECTOR),
    "tournament-edit": Rule(RUNS_TOURNAMENT, kwargs=_running),
    # Seasons and series: any director (the federation's calendar is not one tournament's).
    "season-create": Rule(ANY_DIRECTOR, data=lambda w: {"year": 2035, "name": "2035"}),
    "season-edit": Rule(
        ANY_DIRECTOR,
        kwargs=lambda w: {"year": w.running.season.year},
        data=lambda w: {"year": w.running.season.year, "name": "Renamed"},
    ),
    "series-create": Rule(ANY_DIRECTOR, data=lambda w: {"name": "New Series"}),
    "series-edit": Rule(
        ANY_DIRECTOR,
        kwargs=lambda w: {"slug": w.running.series.slug},
        data=lambda w: {"name": "Renamed", "slug": w.running.series.slug},
    ),
    "tournament-status": Rule(RUNS_TOURNAMENT, kwargs=_running, data=lambda w: {"status": "x"}),
    "tournament-entries": Rule(RUNS_TOURNAMENT, kwargs=_registering, data=_member),
    "entry-register": Rule(
        frozenset({CAPTAIN, DIRECTOR, ADMINISTRATOR}), kwargs=_registering, data=_member
    ),
    "entry-register#other-club": Rule(RUNS_TOURNAMENT, kwargs=_registering, data=_outsider),
    "entry-check-in": Rule(RUNS_TOURNAMENT, kwargs=_entry_page),
    "entry-withdraw": Rule(RUNS_TOURNAMENT, kwargs=_entry_page),
    "entry-substitute": Rule(RUNS_TOURNAMENT, kwargs=_entry_page, data=_member),
    "team-enter": Rule(
        MANAGES_TEAMS,
        kwargs=_registering,
        data=lambda w: {"club": w.club.pk, "name": "New team", "members": [w.club_member.pk]},
    ),
    "team-change": Rule(
        MANAGES_TEAMS,
        kwargs=_team_page,
        data=lambda w: {"name": "Renamed", "members": [w.club_member.pk]},
    ),
    "team-withdraw": Rule(MANAGES_TEAMS, kwargs=_team_page),
    "round-list": Rule(RUNS_TOURNAMENT, kwargs=_running),
    "round-draw-start": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    "round-draw-manual": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    "round-swap": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    "round-format": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    "playoff-create": Rule(RUNS_TOURNAMENT, kwargs=_running),
    "league-night": Rule(RUNS_TOURNAMENT, kwargs=_running),
    "round-table-kind": Rule(
        RUNS_TOURNAMENT, kwargs=_round_page, data=lambda w: {"table": w.table.pk, "kind": "online"}
    ),
    "round-publish": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    "round-finish": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    "round-reopen": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    "round-delete": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    "round-draw-reset": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    "round-results-release": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    "round-results-hold": Rule(RUNS_TOURNAMENT, kwargs=_round_page),
    # Scorekeeping API.
    "games-api:deal-record": Rule(
        SCORES_TABLE, kwargs=_table, data=lambda w: {"number": 2, "losers": ["C"]}
    ),
    "games-api:deal-record#other-table": Rule(
        REFEREES_TABLE, kwargs=_other_table, data=lambda w: {"number": 2, "losers": ["C"]}
    ),
    "games-api:deal-undo": Rule(SCORES_TABLE, kwargs=_table),
    "games-api:deal-undo#other-table": Rule(REFEREES_TABLE, kwargs=_other_table),
    "games-api:misdeal-record": Rule(SCORES_TABLE, kwargs=_table),
    "games-api:misdeal-undo": Rule(SCORES_TABLE, kwargs=_table),
    "games-api:referee-call": Rule(SCORES_TABLE, kwargs=_table),
    "games-api:referee-acknowledge": Rule(REFEREES_TABLE, kwargs=_table),
    "games-api:paper-enter": Rule(
        SCORES_TABLE,
        kwargs=_table,
        data=lambda w: {"first_number": 2, "rows": [{"losers": ["C"]}]},
    ),
    "games-api:ruling-make": Rule(
        REFEREES_TABLE,
        kwargs=_table,
        data=lambda w: {
            "deal": w.deal.pk,
            "kind": "other",
            "offender": "D",
            "penalty": "extra_letter",
            "reason": "slow play",
        },
    ),
    "games-api:deal-correct": Rule(
        REFEREES_TABLE,
        kwargs=lambda w: {"deal_id": w.deal.pk},
        data=lambda w: {"losers": ["D"], "reason": "wrong seat"},
    ),
    "games-api:misdeal-waive": Rule(REFEREES_TABLE, kwargs=lambda w: {"misdeal_id": w.misdeal.pk}),
    "games-api:appeal-file": Rule(
        frozenset({PLAYER, DIRECTOR}),
        kwargs=lambda w: {"ruling_id": w.ruling.pk},
        data=lambda w: {"grounds": "I did not peek"},
    ),
    "games-api:appeal-decide": Rule(
        frozenset({COMMISSION}),
        kwargs=lambda w: {"appeal_id": w.appeal_id},
        data=lambda w: {"overturn": False, "reason": "upheld"},
    ),
    # Scorekeeping pages.
    "games:paper": Rule(SCORES_TABLE, kwargs=_table),
    "games:paper#other-table": Rule(REFEREES_TABLE, kwargs=_other_table),
    "games:ruling": Rule(
        REFEREES_TABLE,
        kwargs=_table,
        data=lambda w: {
            "ruling-deal_number": 1,
            "ruling-kind": "other",
            "ruling-offender": "D",
            "ruling-penalty": "extra_letter",
            "ruling-reason": "slow play",
        },
    ),
    "games:correction": Rule(
        REFEREES_TABLE,
        kwargs=_table,
        data=lambda w: {
            "correction-deal_number": 1,
            "correction-losers": ["D"],
            "correction-reason": "wrong seat",
        },
    ),
    "games:waiver": Rule(REFEREES_TABLE, kwargs=_table, data=lambda w: {"waiver-misdeal": 1}),
    "games:appeal": Rule(
        frozenset({PLAYER, DIRECTOR}),
        kwargs=_table,
        data=lambda w: {"appeal-ruling": w.ruling.pk, "appeal-grounds": "I did not peek"},
    ),
    "games:referee-call": Rule(SCORES_TABLE, kwargs=_table, data=lambda w: {"action": "call"}),
    "games:referee-call#acknowledge": Rule(
        REFEREES_TABLE, kwargs=_table, data=lambda w: {"action": "acknowledge"}
    ),
    "games:appeal-decide": Rule(
        frozenset({COMMISSION}),
        kwargs=lambda w: {"slug": w.running.slug, "appeal_id": w.appeal_id},
        data=lambda w: {"decision": "uphold", "reason": "the referee was right"},
    ),
    # Smoke.
    "smoke-api:session-list": Rule(
        SIGNED_IN,
        data=lambda w: {
            "name": "Saturday",
            "participants": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cyril"}],
            "first_dealer": "Ann",
        },
    ),
    "smoke-api:hand-record": Rule(
        KEEPS_SMOKE,
        kwargs=_smoke,
        data=lambda w: {"stayed": ["Bob", "Cyril"], "tricks": {"Bob": 3, "Cyril": 2}},
    ),
    "smoke-api:hand-undo": Rule(KEEPS_SMOKE, kwargs=_smoke),
    # A pure check of a word list: writes nothing, open to all.
    "smoke-api:jargon": Rule(EVERYONE, data=lambda w: {"line": "kouř"}),
    "smoke-session-create": Rule(SIGNED_IN),
    "smoke-hand-record": Rule(KEEPS_SMOKE, kwargs=_smoke),
    "smoke-hand-undo": Rule(KEEPS_SMOKE, kwargs=_smoke),
    # Online tables: the world has no online game.
    "online:practice": Rule(SIGNED_IN),
    "online:join": Rule(SIGNED_IN, kwargs=lambda w: {"game_id": 1}, login_only=True),
    "online:decide": Rule(SIGNED_IN, kwargs=lambda w: {"game_id": 1}, login_only=True),
    "online:table-start": Rule(SIGNED_IN, kwargs=_table, login_only=True),
    # Play again: one of the practice game's own players; the world has none.
    "online:again": Rule(SIGNED_IN, kwargs=lambda w: {"game_id": 1}, login_only=True),
    # Leave: one of the practice game's own players; the world has none.
    "online:leave": Rule(SIGNED_IN, kwargs=lambda w: {"game_id": 1}, login_only=True),
}


def matrix_size() -> dict[str, int]:
    """The declared matrix: rules (endpoints and their object-level variants) x roles."""
    from tests.security.endpoints import write_endpoints

    found = {e.name for e in write_endpoints()}
    rules = [key for key in POLICY if key.split("#")[0] in found]
    return {
        "endpoints": len({key.split("#")[0] for key in rules}),
        "rules": len(rules),
        "roles": len(ROLES),
        "cells": sum(1 if POLICY[key].login_only else len(ROLES) for key in rules),
    }
