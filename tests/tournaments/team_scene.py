"""A small team scene shared by the team page, API and export tests: the results scene's
running tournament (one table of four: LUMIR, KAREL, ONDRA, PEPA at A-D) with teams of two,
"Vinohrady" (LUMIR, KAREL) of Royal SCC Vinohrady and "Bílá Hora" (ONDRA, PEPA) of
KK Bílá Hora, entered through the team service."""

from __future__ import annotations

from dataclasses import dataclass

from scwu.models import Club, Player
from tests.factories import ClubFactory, MembershipFactory
from tests.tournaments.results_setup import Scene, make_scene
from tournaments.models import Entry, Team, TeamMode, Tournament
from tournaments.services.teams import team_enter


@dataclass
class TeamScene:
    scene: Scene
    home: Club
    away: Club
    vinohrady: Team
    bila_hora: Team

    @property
    def tournament(self) -> Tournament:
        return Tournament.objects.get(pk=self.scene.setup.tournament.pk)

    @property
    def slug(self) -> str:
        return self.scene.slug

    def player(self, nickname: str) -> Player:
        return Player.objects.get(nickname=nickname)


def make_team_scene(mode: str = TeamMode.BESIDE, rule: str = "success_rate") -> TeamScene:
    scene = make_scene()
    tournament = scene.setup.tournament
    tournament.team_mode, tournament.team_size, tournament.team_rule = mode, 2, rule
    tournament.save(update_fields=["team_mode", "team_size", "team_rule"])
    entries = {e.player.nickname: e for e in Entry.objects.filter(tournament=tournament)}
    home = entries["LUMIR"].club
    assert home is not None
    away = ClubFactory(name="KK Bílá Hora", country=home.country)
    for nickname, club in (("LUMIR", home), ("KAREL", home), ("ONDRA", away), ("PEPA", away)):
        MembershipFactory(player=entries[nickname].player, club=club)
        entries[nickname].club = club
        entries[nickname].save(update_fields=["club"])
    director = scene.director

    def enter(club: Club, name: str, *nicknames: str) -> Team:
        members = [entries[n].player for n in nicknames]
        return team_enter(by=director, tournament=tournament, club=club, name=name, members=members)

    return TeamScene(
        scene,
        home,
        away,
        enter(home, "Vinohrady", "LUMIR", "KAREL"),
        enter(away, "Bílá Hora", "ONDRA", "PEPA"),
    )
