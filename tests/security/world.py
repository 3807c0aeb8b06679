"""One small federation with a user for every role, for the permission matrix and CSRF tests.

Object-level rules need a second object of each kind: a second table whose line judge is
somebody else, and a player of another club than the captain's.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User

from games import services as game_services
from games.models import DealEntry, MisdealEntry, Ruling
from games.smoke import services as smoke_services
from games.smoke.models import SmokeSession
from scwu.models import Club, Player
from tests.factories import (
    ClubFactory,
    CommissionMemberFactory,
    MembershipFactory,
    PlayerFactory,
    PlayingWordFactory,
    UserFactory,
)
from tests.games.conftest import make_round, make_table, make_tournament
from tournaments.models import (
    Entry,
    Round,
    Table,
    Team,
    TeamMember,
    Tournament,
    TournamentStatus,
)

ANONYMOUS = "anonymous"
PLAIN = "plain user"
PLAYER = "player"
CAPTAIN = "captain"
LINE_JUDGE = "line judge"
REFEREE = "referee"
DIRECTOR = "director (assigned)"
OTHER_DIRECTOR = "director (not assigned)"
COMMISSION = "commission member"
ADMINISTRATOR = "administrator"

ROLES = (
    ANONYMOUS,
    PLAIN,
    PLAYER,
    CAPTAIN,
    LINE_JUDGE,
    REFEREE,
    DIRECTOR,
    OTHER_DIRECTOR,
    COMMISSION,
    ADMINISTRATOR,
)


@dataclass
class World:
    users: dict[str, User | None]
    club: Club  # the captain's club
    club_member: Player  # a member of the captain's club, not yet entered
    outsider: Player  # a member of another club, not yet entered
    registering: Tournament  # open for registration
    running: Tournament  # under way: a published round, two tables, a game
    round: Round
    table: Table  # the line judge's table
    other_table: Table  # someone else's table
    entry: Entry  # an entry of the registering tournament (not the player's)
    deal: DealEntry
    ruling: Ruling
    misdeal: MisdealEntry
    appeal_id: int
    smoke: SmokeSession  # kept by the player
    extra: dict[str, Any] = field(default_factory=dict)


def _user(name: str, *groups: str) -> User:
    return UserFactory(username=name, roles=list(groups))


def build_world() -> World:
    users: dict[str, User | None] = {
        ANONYMOUS: None,
        PLAIN: _user("plain"),
        PLAYER: _user("player"),
        CAPTAIN: _user("captain"),
        LINE_JUDGE: _user("line-judge"),
        REFEREE: _user("referee", "referee"),
        DIRECTOR: _user("director", "director"),
        OTHER_DIRECTOR: _user("other-director", "director"),
        COMMISSION: _user("commission"),
        ADMINISTRATOR: _user("administrator", "administrator"),
    }
    CommissionMemberFactory(user=users[COMMISSION])
    club, other_club = ClubFactory(), ClubFactory()
    captain = PlayerFactory(user=users[CAPTAIN])
    MembershipFactory(player=captain, club=club)
    club.captain = captain
    club.save()
    club_member = MembershipFactory(club=club).player
    outsider = MembershipFactory(club=other_club).player
    own = PlayerFactory(user=users[PLAYER])
    MembershipFactory(player=own, club=other_club)

    registering = make_tournament(status=TournamentStatus.REGISTRATION)
    running = make_tournament(status=TournamentStatus.RUNNING, head_referee=users[REFEREE])
    for t in (registering, running):
        t.directors.add(users[DIRECTOR])
    entry = Entry.objects.create(tournament=registering, player=outsider)
    # A team of the captain's club in the registering tournament (its own member).
    team = Team.objects.create(tournament=registering, club=club, name="World team")
    teammate = MembershipFactory(club=club).player
    TeamMember.objects.create(
        team=team, entry=Entry.objects.create(tournament=registering, player=teammate, club=club)
    )
    round_ = make_round(running)
    table = make_table(round_, line_judge=users[LINE_JUDGE])
    other_judge = _user("other-judge")
    other_table = make_table(round_, line_judge=other_judge)
    # The player sits at the line judge's table: a party to its rulings.
    seat = table.seats.get(position="A")
    seat.entry.player.user = None
    seat.entry.player.save()
    seat.entry.player = own
    seat.entry.save()

    judge = users[LINE_JUDGE]
    game_services.deal_record(by=judge, table=table, losers=["B"])
    game_services.deal_record(by=other_judge, table=other_table, losers=["B"])
    deal = DealEntry.objects.get(game__table=table, number=1)
    misdeal = game_services.misdeal_record(by=judge, table=table)
    ruling = game_services.ruling_make(
        by=users[REFEREE],
        table=table,
        deal=deal,
        kind="A",
        offender="C",
        intentional=False,
        penalty="extra_letter",
        reason="peeked",
    )
    appeal = game_services.appeal_file(by=users[PLAYER], ruling=ruling, grounds="unfair")
    smoke = smoke_services.smoke_session_create(
        by=users[PLAYER],
        name="Friday smoke",
        participants=["Ann", "Bob", "Cyril"],
        first_dealer="Ann",
    )
    return World(
        users=users,
        club=club,
        club_member=club_member,
        outsider=outsider,
        registering=registering,
        running=running,
        round=round_,
        table=table,
        other_table=other_table,
        entry=entry,
        deal=deal,
        ruling=ruling,
        misdeal=misdeal,
        appeal_id=appeal.pk,
        smoke=smoke,
        extra={"word": PlayingWordFactory(), "date": dt.date.today(), "team": team},
    )
