"""Reads of tournaments, entries and rounds, shared by pages, the API and the draw manager."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Max, Prefetch, Q, QuerySet

from scwu.models import Club, Player
from scwu.models.players import nickname_key
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundStatus,
    Series,
    Table,
    TableSeat,
    Team,
    TeamMember,
    TeamMode,
    Tournament,
    TournamentStatus,
)


def round_is_finished(round: Round) -> bool:
    """Whether every table of ``round`` has finished its game.

    The games app (scorekeeping) marks a round finished when its last table completes the
    word (``tournaments.services.rounds.round_finish``); until then this is the status.
    """
    return round.status == RoundStatus.FINISHED


def round_previous(round: Round) -> Round | None:
    return (
        Round.objects.filter(tournament_id=round.tournament_id, number__lt=round.number)
        .order_by("-number")
        .first()
    )


def tournament_list(*, season: int | None = None, status: str = "") -> QuerySet[Tournament]:
    qs = Tournament.objects.select_related("season", "series").annotate(
        entry_count=Count("entries", filter=~Q(entries__status=EntryStatus.WITHDRAWN))
    )
    if season is not None:
        qs = qs.filter(season__year=season)
    if status:
        qs = qs.filter(status=status)
    return qs


def entry_list(tournament: Tournament) -> QuerySet[Entry]:
    return (
        Entry.objects.filter(tournament=tournament)
        .select_related("player", "club", "club__country", "replaces__player")
        .order_by("player__nickname_key")
    )


def entry_filtered(
    entries: QuerySet[Entry], *, name: str = "", club: int | None = None, status: str = ""
) -> QuerySet[Entry]:
    """The entries the desk's filter keeps: a name (nickname or real name, no case, no
    diacritics, as the registry's search), a club, a status."""
    if name:
        key = nickname_key(name)
        entries = entries.filter(
            Q(player__search_key__contains=key)
            | Q(player__nickname_key__contains=key)
            | Q(player__real_name__icontains=name)
        )
    if club is not None:
        entries = entries.filter(club_id=club)
    if status:
        entries = entries.filter(status=status)
    return entries


def entry_drawable_list(tournament: Tournament) -> QuerySet[Entry]:
    """Who is seated by a draw: checked in and not withdrawn (substitutes included)."""
    return entry_list(tournament).filter(status=EntryStatus.CHECKED_IN)


def round_tables(round: Round) -> QuerySet[Table]:
    seats = TableSeat.objects.select_related("entry__player", "entry__club__country").order_by(
        "position"
    )
    return round.tables.prefetch_related(Prefetch("seats", queryset=seats)).order_by("number")


def round_list(tournament: Tournament, *, public: bool = False) -> QuerySet[Round]:
    qs = Round.objects.filter(tournament=tournament).select_related("word").order_by("number")
    if public:
        qs = qs.filter(status__in=[RoundStatus.PUBLISHED, RoundStatus.FINISHED])
    return qs


def round_is_public(round: Round) -> bool:
    return round.status in (RoundStatus.PUBLISHED, RoundStatus.FINISHED)


def captain_players(user: object, tournament: Tournament) -> QuerySet[Player]:
    """The players a captain may register: current members of the clubs they captain."""
    player = getattr(user, "player", None)
    if player is None:
        return Player.objects.none()
    return (
        Player.objects.filter(
            memberships__club__captain=player,
            memberships__end__isnull=True,
        )
        .exclude(entries__tournament=tournament)
        .distinct()
        .order_by("nickname_key")
    )


def team_list(tournament: Tournament) -> QuerySet[Team]:
    """The tournament's teams in their order, with their clubs and members."""
    return (
        Team.objects.filter(tournament=tournament)
        .select_related("club", "club__country", "tournament")
        .prefetch_related(
            Prefetch("members", TeamMember.objects.select_related("entry__player", "entry"))
        )
    )


def club_team_history(club: Club) -> QuerySet[Team]:
    """A club's teams in every tournament, the latest first, each with its placing (as the
    results recompute last wrote it) and its members."""
    return (
        Team.objects.filter(club=club)
        .select_related("tournament", "tournament__season", "placing")
        .prefetch_related(Prefetch("members", TeamMember.objects.select_related("entry__player")))
        .order_by("-tournament__start_date", "tournament__name", "name")
    )


def team_pool(tournament: Tournament, club: Club) -> QuerySet[Player]:
    """The players ``club`` may field in ``tournament``'s teams: its members on the tournament's
    first day, or its elite roster of the season where the series takes members from it. The
    one statement of that rule: the team service checks each player against it and the team
    form offers it."""
    if tournament.series.teams_from_elite_roster:
        return Player.objects.filter(
            elite_rosters__club=club, elite_rosters__season=tournament.season.year
        ).distinct()
    day = tournament.start_date
    return Player.objects.filter(
        Q(memberships__end__isnull=True) | Q(memberships__end__gte=day),
        memberships__club=club,
        memberships__start__lte=day,
    ).distinct()


def team_candidates(
    tournament: Tournament, club: Club, team: Team | None = None
) -> QuerySet[Player]:
    """The players the team form offers for ``club``: its pool (:func:`team_pool`) less those
    in another team of the tournament."""
    others = TeamMember.objects.filter(team__tournament=tournament)
    if team is not None:
        others = others.exclude(team=team)
    return (
        team_pool(tournament, club)
        .exclude(pk__in=others.values("entry__player"))
        .order_by("nickname_key")
    )


def home_overview(*, upcoming: int = 5, latest: int = 5) -> dict[str, list[Tournament]]:
    """What the home page shows at a glance: what is played now, what comes next, latest results.

    Running tournaments carry ``live_rounds`` (their public rounds still in play); held-back
    rounds never show here, as everywhere public.
    """
    live = Prefetch(
        "rounds",
        queryset=Round.objects.filter(status=RoundStatus.PUBLISHED).order_by("number"),
        to_attr="live_rounds",
    )
    base = Tournament.objects.select_related("season", "series")
    return {
        "running": list(
            base.filter(status=TournamentStatus.RUNNING)
            .prefetch_related(live)
            .order_by("start_date", "name")
        ),
        "upcoming": list(
            base.filter(status=TournamentStatus.REGISTRATION).order_by("start_date", "name")[
                :upcoming
            ]
        ),
        "latest": list(
            base.filter(status=TournamentStatus.FINISHED).order_by("-end_date", "name")[:latest]
        ),
    }


#: What a new edition takes from the series' latest one: its format and its usual words (the
#: word theme; the models keep no other notion of a series' words).
SERIES_CARRIED_FIELDS = (
    "category", "theme", "venue", "format", "league_scoring", "league_points", "basic_rounds",
    "planned_field", "longer_word_rule", "prefer_tables_of", "has_semifinal", "final_size",
    "has_small_final", "small_final_size", "sit_out_rule", "rank_order", "early_end",
    "tie_without_hejma", "confirm_deal_entry", "team_mode", "team_size",
)  # fmt: skip


def series_defaults(series: Series) -> dict[str, Any]:
    """A new tournament's starting values in ``series``: the next edition (the highest so far
    plus one), the series' ranking-points table (its default category, else the latest
    edition's) and the rest of the latest edition's format, host clubs included."""
    editions = Tournament.objects.filter(series=series)
    highest = editions.aggregate(highest=Max("edition"))["highest"]
    defaults: dict[str, Any] = {"edition": (highest or 0) + 1}
    latest = editions.order_by("-edition", "-start_date", "-pk").first()
    if latest is not None:
        for name in SERIES_CARRIED_FIELDS:
            value = getattr(latest, f"{name}_id" if name == "category" else name)
            defaults[name] = list(value) if isinstance(value, list) else value
        defaults["host_clubs"] = list(latest.host_clubs.values_list("pk", flat=True))
    if series.default_category_id is not None:
        defaults["category"] = series.default_category_id
    # The series owns its teams' rule; a team event's first edition has teams from the start
    # (a later edition carries its latest edition's choice).
    teams = series_team_defaults(series)
    defaults["team_rule"] = teams["team_rule"]
    if latest is None:
        defaults.update(teams)
    return defaults


def series_team_defaults(series: Series) -> dict[str, Any]:
    """What a tournament of ``series`` takes about teams unless told otherwise: the series'
    team rule, and in a team event series (``is_team_event``) teams as the headline."""
    defaults: dict[str, Any] = {"team_rule": series.team_rule}
    if series.is_team_event:
        defaults["team_mode"] = TeamMode.TEAM_EVENT.value
    return defaults
