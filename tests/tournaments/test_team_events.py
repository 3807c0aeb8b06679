"""The season's two team competitions, end to end, against a worked example computed by hand.

A Team Championship (six clubs' teams of three, a team event) is run by its director at the
pages and a World Series (thirty players, five clubs' teams of three beside the individual
classification) by its director and the clubs' captains at the API, each from the new
tournament to its finish. Then the team standings, the team classification and the season's
club ranking must be the figures worked out below, under each of the three team rules; the
same example ranks the teams in a different order under each rule. The site first draws the
basic round itself, and that draft must seat no two teammates at one table; the director then
enters the example's seats as a manual draw in its place (the figures depend on who sits
where). The teams read the same everywhere: the team classification's API, its JSON and CSV
files, the teams page, each team's page, each club's page, the live, final and projector
pages; and the season's club ranking reads the same at the API, on its page and in its CSV.

The worked example
==================

Rules as the federation plays them (``engine/RULES.md``): a deal's loser takes the next letter
of the word and deals the next deal; at a table of five the dealer sits the deal out (seat A
deals the first); a basic round's game ends at the first completed word (the placka). The
basic rounds rank by success rate (deals not lost / deals played), then fewer placky, then
more deals played; a tie left shares the place. The best four go to the final: whoever
completes the word first there takes 4th place, the three left are placed by their success
rate in the final. Everyone else follows in the order of the basic round. Shared places split
the points of the places they cover. Words: KOTE in the basic round, MYS in the final.

Team Championship (clubs: BH KK Bílá Hora, LG Los Gatos, VI Royal SCC Vinohrady, SM SCC
Smíchov, LI KK Líšeň, PC Plzeň Cats; each player's club is the first word of the nickname)

Table 1 (five) A Gato Diego, B Smich Karel, C Plzen Radek, D Lisen Nora, E Hora Adam;
deals lost by B C B C B D B; sitting out (the dealer) A B C B C B D::

    A sits out deal 1              6 played, 0 lost
    B sits out deals 2, 4, 6       4 played, 4 lost, placka
    C sits out deals 3, 5          5 played, 2 lost
    D sits out deal 7              6 played, 1 lost
    E never                        7 played, 0 lost

Table 2 (five) A Smich Lida, B Plzen Sona, C Hora Bara, D Gato Elena, E Vino Hana;
deals lost by B A B C B C D B; sitting out A B A B C B C D::

    A deals 1, 3: 6 played, 1 lost;  B deals 2, 4, 6: 5 played, 4 lost, placka;
    C deals 5, 7: 6 played, 2 lost;  D deal 8: 7 played, 1 lost;  E: 8 played, 0 lost

Table 3 (four, 10 deals) A Plzen Tomas 4 lost (placka), B Lisen Otto 3, C Hora Cyril 2,
D Vino Ivan 1: deals lost by B B B C C D A A A A.
Table 4 (four, 9 deals) A Gato Felix 4 lost (placka), B Lisen Petr 3, C Vino Jana 2, D Smich
Milan 0: deals lost by B B B C C A A A A.

Basic round, then the final of the first four (MYS; lost by Vino Hana, Smich Milan, Hora Adam,
Smich Milan, Vino Hana, Vino Hana: Vino Hana completes it, 6 deals), the classification and
the ranking points (Team Championship players: 60 45 36 30 25 21 18 15 12 10 8 6 5 4 3 2 1 for
places 1-17, 0 after)::

    basic          rate     final          place  points   with the final
    Smich Milan    9/9      4/6 (2 lost)     3      36      15 played, 2 lost
    Vino Hana      8/8      3/6 placka       4      30      14 played, 3 lost, 1 placka
    Hora Adam      7/7      5/6              2      45      13 played, 1 lost
    Gato Diego     6/6      6/6              1      60      12 played, 0 lost
    Vino Ivan      9/10 .900                 5      25
    Gato Elena     6/7  .857                 6      21
    Lisen Nora     5/6  .833 (6 played)      7=     16.5    (18 + 15) / 2
    Smich Lida     5/6  .833 (6 played)      7=     16.5
    Hora Cyril     8/10 .800                 9      12
    Vino Jana      7/9  .778                10      10
    Lisen Otto     7/10 .700                11       8
    Lisen Petr     6/9  .667 (9 played)     12       6
    Hora Bara      4/6  .667 (6 played)     13       5
    Plzen Radek    3/5  .600                14       4
    Plzen Tomas    6/10 .600 placka         15       3
    Gato Felix     5/9  .556 placka         16       2
    Plzen Sona     1/5  .200 placka         17       1
    Smich Karel    0/4  placka              18       0

The teams (each club's three players; deals over every round a member played, the final
included)::

    team  played      lost      rate          placky best places       members' points
    BH    13+6+10=29  1+2+2=5   24/29 .8276   0      2    2+13+9=24    45+5+12=62
    LG    12+7+9=28   0+1+4=5   23/28 .8214   1      1    1+6+16=23    60+21+2=83
    VI    14+10+9=33  3+1+2=6   27/33 .8182   1      4    4+5+10=19    30+25+10=65
    SM    4+6+15=25   4+1+2=7   18/25 .72     1      3    18+7+3=28    0+16.5+36=52.5
    LI    6+10+9=25   1+3+3=7   18/25 .72     0      7    7+11+12=30   16.5+8+6=30.5
    PC    5+5+10=20   2+4+4=10  10/20 .5      2      14   14+17+15=46  4+1+3=8

By success rate: 24/29 > 23/28 (24·28 = 672 > 23·29 = 667) > 27/33 (23·33 = 759 > 27·28 = 756)
> 18/25 = 18/25 (SM before LI by the best member's place, 3rd against 7th, although LI has
fewer placky) > 1/2: BH LG VI SM LI PC. By the members' points: LG 83, VI 65, BH 62, SM 52.5,
LI 30.5, PC 8. By the sum of places: VI 19, LG 23, BH 24, SM 28, LI 30, PC 46. Team points
(Team Championship teams): 100 70 50 35 20 10.

Live, after the basic round (places are the basic round's; no points before the
classification): BH 7+6+10=23 played, 0+2+2=4 lost (19/23), best 3rd, places 3+13+9=25;
LG 6+7+9=22, 0+1+4=5 (17/22), 1 placka, 4th, 4+6+16=26; VI 8+10+9=27, 0+1+2=3 (24/27), 2nd,
2+5+10=17; SM 4+6+9=19, 4+1+0=5 (14/19), 1 placka, 1st, 18+7+1=26; LI 25, 7 (18/25), 7th, 30;
PC 20, 10, 2 placky, 14th, 46. By success rate VI BH LG SM LI PC; by places VI 17, BH 25,
SM 26 and LG 26 (SM's best member 1st, LG's 4th), LI 30, PC 46.

World Series (the same clubs' teams but Plzeň's, the same players; fifteen players without a
club: Solo ...)

Table 1 (five) Vino Hana, Solo Alfa, Lisen Nora, Hora Adam, Gato Diego: as Team Championship
table 1 (6/6, 0/4 placka, 3/5, 5/6, 7/7). Table 2 (five) Solo Bravo, Solo Charlie, Lisen Otto,
Solo Delta, Solo Echo: as its table 2 (5/6, 1/5 placka, 4/6, 6/7, 8/8). Tables of four, deals
lost by seat A (4, placka), B, C, D::

    3  Lisen Petr, Gato Elena, Smich Karel, Hora Bara      4 2 1 1   8 deals  BBCDAAAA
    4  Solo Foxtrot, Solo Golf, Vino Ivan, Solo Hotel      4 3 2 0   9 deals  BBBCCAAAA
    5  Vino Jana, Smich Lida, Solo India, Solo Juliet      4 3 2 1  10 deals  BBBCCDAAAA
    6  Solo Kilo, Solo Lima, Solo Mike, Smich Milan        4 3 2 2  11 deals  BBBCCDDAAAA
    7  Solo November, Gato Felix, Hora Cyril, Solo Oscar   4 3 3 2  12 deals  BBBCCCDDAAAA

Final of Solo Hotel (9/9), Solo Echo (8/8), Gato Diego (7/7), Vino Hana (6/6), lost by Solo
Echo, Solo Hotel, Gato Diego, Solo Hotel, Solo Echo, Solo Echo (World Series players' points:
200 150 120 100 80 70 60 50 40 30 25 20 15 10 5 for places 1-15, 0 after)::

    1 Vino Hana 6/6 in the final 200 (12 played, 0 lost)    2 Gato Diego 5/6 150 (13, 1)
    3 Solo Hotel 4/6 120                                     4 Solo Echo placka 100
    5 Solo Juliet 9/10 80        6= Smich Karel, Hora Bara 7/8: (70 + 60) / 2 = 65
    8 Solo Delta 6/7 50          9 Solo Oscar 10/12 40 (= 5/6, more deals played)
    10= Hora Adam, Solo Bravo 5/6 (6 played): (30 + 25) / 2 = 27.5
    12= Solo Mike, Smich Milan 9/11: (20 + 15) / 2 = 17.5
    14 Solo India 8/10 10        15 Vino Ivan 7/9 5
    16= Gato Felix, Hora Cyril 9/12 0     18 Gato Elena 6/8 (.75, fewer deals) 0
    19 Solo Lima 8/11   20 Smich Lida 7/10   21 Solo Golf 6/9   22 Lisen Otto 4/6
    23 Solo November 8/12 placka   24 Solo Kilo 7/11 placka   25 Lisen Nora 3/5
    26 Vino Jana 6/10 placka   27 Solo Foxtrot   28 Lisen Petr   29 Solo Charlie   30 Solo Alfa

    team  played       lost      rate          placky best places       members' points
    VI    12+9+10=31   0+2+4=6   25/31 .8065   1      1    1+15+26=42   200+5+0=205
    BH    6+8+12=26    1+1+3=5   21/26 .8077   0      6    10+6+16=32   27.5+65+0=92.5
    LG    13+8+12=33   1+2+3=6   27/33 .8182   0      2    2+18+16=36   150+0+0=150
    LI    5+6+8=19     2+2+4=8   11/19 .5789   1      22   25+22+28=75  0
    SM    8+10+11=29   1+3+2=6   23/29 .7931   0      6    6+20+12=38   65+0+17.5=82.5

By success rate: LG 27/33 > BH 21/26 (27·26 = 702 > 21·33 = 693) > VI 25/31 (21·31 = 651 >
25·26 = 650) > SM 23/29 > LI. By points: VI 205, LG 150, BH 92.5, SM 82.5, LI 0. By places:
BH 32, LG 36, SM 38, VI 42, LI 75. Team points (World Series teams): 60 40 25 15 5.

Live, after the basic round: VI 6+9+10=25 played, 0+2+4=6 lost (19/25), 1 placka, best 4th,
4+15+26=45; BH as classified (26, 5, 6th, 32); LG 7+8+12=27, 0+2+3=5 (22/27), 3rd,
3+18+16=37; LI as classified; SM as classified (29, 6, 6th, 38). By success rate LG (22·26 =
572 > 21·27 = 567) BH SM VI LI; by places BH 32, LG 37, SM 38, VI 45, LI 75.

The season's club ranking: each club's players' points in both events and its teams' points
(Team Championship + World Series) under each rule::

    club  players' points   success rate      ranking points     places
    BH    62+92.5 = 154.5   +100+40 = 294.5   +50+25 = 229.5     +50+60 = 264.5
    LG    83+150 = 233      +70+60 = 363      +100+40 = 373      +70+40 = 343
    VI    65+205 = 270      +50+25 = 345      +70+60 = 400       +100+15 = 385
    SM    52.5+82.5 = 135   +35+15 = 185      +35+15 = 185       +35+25 = 195
    LI    30.5+0 = 30.5     +20+5 = 55.5      +20+5 = 55.5       +20+5 = 55.5
    PC    8                 +10 = 18          +10 = 18           +10 = 18
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from rest_framework.test import APIClient

from tests.tournaments.team_events_setup import (
    ApiRun,
    ClubSpec,
    EventSpec,
    Federation,
    PagesRun,
    federation_make,
)

pytestmark = pytest.mark.django_db(transaction=True)

CLUBS = (
    ClubSpec("BH", "KK Bílá Hora", "kk-bila-hora", "Bílá Hora",
             ("Hora Adam", "Hora Bara", "Hora Cyril")),
    ClubSpec("LG", "Los Gatos", "los-gatos", "Los Gatos",
             ("Gato Diego", "Gato Elena", "Gato Felix")),
    ClubSpec("VI", "Royal SCC Vinohrady", "royal-scc-vinohrady", "Vinohrady",
             ("Vino Hana", "Vino Ivan", "Vino Jana")),
    ClubSpec("SM", "SCC Smíchov", "scc-smichov", "Smíchov",
             ("Smich Karel", "Smich Lida", "Smich Milan")),
    ClubSpec("LI", "KK Líšeň", "kk-lisen", "Líšeň",
             ("Lisen Nora", "Lisen Otto", "Lisen Petr")),
    ClubSpec("PC", "Plzeň Cats", "plzen-cats", "Plzeň",
             ("Plzen Radek", "Plzen Sona", "Plzen Tomas")),
)  # fmt: skip
SOLOISTS = tuple(
    f"Solo {name}"
    for name in (
        "Alfa", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India",
        "Juliet", "Kilo", "Lima", "Mike", "November", "Oscar",
    )
)  # fmt: skip

TC_CATEGORY, WS_CATEGORY = "Team Championship", "World Series"
POINTS = {
    TC_CATEGORY: (
        dict(enumerate((60, 45, 36, 30, 25, 21, 18, 15, 12, 10, 8, 6, 5, 4, 3, 2, 1), start=1)),
        dict(enumerate((100, 70, 50, 35, 20, 10), start=1)),
    ),
    WS_CATEGORY: (
        dict(enumerate((200, 150, 120, 100, 80, 70, 60, 50, 40, 30, 25, 20, 15, 10, 5), start=1)),
        dict(enumerate((60, 40, 25, 15, 5), start=1)),
    ),
}
SERIES = {"Team Championship": (TC_CATEGORY, True), "World Series": (WS_CATEGORY, False)}

TEAM_CHAMPIONSHIP = EventSpec(
    name="IX. Team Championship",
    series="Team Championship",
    category=TC_CATEGORY,
    team_mode="team_event",
    tables=(
        (("Gato Diego", "Smich Karel", "Plzen Radek", "Lisen Nora", "Hora Adam"), "BCBCBDB"),
        (("Smich Lida", "Plzen Sona", "Hora Bara", "Gato Elena", "Vino Hana"), "BABCBCDB"),
        (("Plzen Tomas", "Lisen Otto", "Hora Cyril", "Vino Ivan"), "BBBCCDAAAA"),
        (("Gato Felix", "Lisen Petr", "Vino Jana", "Smich Milan"), "BBBCCAAAA"),
    ),
    final_losers=(
        "Vino Hana",
        "Smich Milan",
        "Hora Adam",
        "Smich Milan",
        "Vino Hana",
        "Vino Hana",
    ),
    teams=("BH", "LG", "VI", "SM", "LI", "PC"),
)
WORLD_SERIES = EventSpec(
    name="World Series",
    series="World Series",
    category=WS_CATEGORY,
    team_mode="beside",
    tables=(
        (("Vino Hana", "Solo Alfa", "Lisen Nora", "Hora Adam", "Gato Diego"), "BCBCBDB"),
        (("Solo Bravo", "Solo Charlie", "Lisen Otto", "Solo Delta", "Solo Echo"), "BABCBCDB"),
        (("Lisen Petr", "Gato Elena", "Smich Karel", "Hora Bara"), "BBCDAAAA"),
        (("Solo Foxtrot", "Solo Golf", "Vino Ivan", "Solo Hotel"), "BBBCCAAAA"),
        (("Vino Jana", "Smich Lida", "Solo India", "Solo Juliet"), "BBBCCDAAAA"),
        (("Solo Kilo", "Solo Lima", "Solo Mike", "Smich Milan"), "BBBCCDDAAAA"),
        (("Solo November", "Gato Felix", "Hora Cyril", "Solo Oscar"), "BBBCCCDDAAAA"),
    ),
    final_losers=(
        "Solo Echo",
        "Solo Hotel",
        "Gato Diego",
        "Solo Hotel",
        "Solo Echo",
        "Solo Echo",
    ),
    teams=("BH", "LG", "VI", "SM", "LI"),
)

# -- the expected figures, from the worked example above ------------------------------------

#: Each player's place and points in the individual classification.
TC_PLACES = {
    "Gato Diego": (1, "60"), "Hora Adam": (2, "45"), "Smich Milan": (3, "36"),
    "Vino Hana": (4, "30"), "Vino Ivan": (5, "25"), "Gato Elena": (6, "21"),
    "Lisen Nora": (7, "16.5"), "Smich Lida": (7, "16.5"), "Hora Cyril": (9, "12"),
    "Vino Jana": (10, "10"), "Lisen Otto": (11, "8"), "Lisen Petr": (12, "6"),
    "Hora Bara": (13, "5"), "Plzen Radek": (14, "4"), "Plzen Tomas": (15, "3"),
    "Gato Felix": (16, "2"), "Plzen Sona": (17, "1"), "Smich Karel": (18, "0"),
}  # fmt: skip
WS_PLACES = {
    "Vino Hana": (1, "200"), "Gato Diego": (2, "150"), "Solo Hotel": (3, "120"),
    "Solo Echo": (4, "100"), "Solo Juliet": (5, "80"), "Smich Karel": (6, "65"),
    "Hora Bara": (6, "65"), "Solo Delta": (8, "50"), "Solo Oscar": (9, "40"),
    "Hora Adam": (10, "27.5"), "Solo Bravo": (10, "27.5"), "Solo Mike": (12, "17.5"),
    "Smich Milan": (12, "17.5"), "Solo India": (14, "10"), "Vino Ivan": (15, "5"),
    "Gato Felix": (16, "0"), "Hora Cyril": (16, "0"), "Gato Elena": (18, "0"),
    "Solo Lima": (19, "0"), "Smich Lida": (20, "0"), "Solo Golf": (21, "0"),
    "Lisen Otto": (22, "0"), "Solo November": (23, "0"), "Solo Kilo": (24, "0"),
    "Lisen Nora": (25, "0"), "Vino Jana": (26, "0"), "Solo Foxtrot": (27, "0"),
    "Lisen Petr": (28, "0"), "Solo Charlie": (29, "0"), "Solo Alfa": (30, "0"),
}  # fmt: skip

RULES = ("success_rate", "ranking_points", "places")
#: A team's figures: deals played, deals lost, placky, best member's place, sum of places.
Figures = tuple[int, int, int, int, int]

#: After the basic round (before the final), by club: the live team standings' figures, and
#: their order under the rules that need no ranking points (none are awarded before the
#: classification).
TC_LIVE: dict[str, Figures] = {
    "BH": (23, 4, 0, 3, 25), "LG": (22, 5, 1, 4, 26), "VI": (27, 3, 0, 2, 17),
    "SM": (19, 5, 1, 1, 26), "LI": (25, 7, 0, 7, 30), "PC": (20, 10, 2, 14, 46),
}  # fmt: skip
TC_LIVE_ORDER = {
    # VI 24/27, BH 19/23, LG 17/22, SM 14/19, LI 18/25, PC 10/20
    "success_rate": ("VI", "BH", "LG", "SM", "LI", "PC"),
    # VI 17, BH 25, SM and LG 26 (SM's best member 1st, LG's 4th), LI 30, PC 46
    "places": ("VI", "BH", "SM", "LG", "LI", "PC"),
}
WS_LIVE: dict[str, Figures] = {
    "VI": (25, 6, 1, 4, 45), "BH": (26, 5, 0, 6, 32), "LG": (27, 5, 0, 3, 37),
    "LI": (19, 8, 1, 22, 75), "SM": (29, 6, 0, 6, 38),
}  # fmt: skip
WS_LIVE_ORDER = {
    # LG 22/27, BH 21/26, SM 23/29, VI 19/25, LI 11/19
    "success_rate": ("LG", "BH", "SM", "VI", "LI"),
    "places": ("BH", "LG", "SM", "VI", "LI"),
}

#: The classified teams by club: figures and the members' ranking points summed.
TC_TEAMS: dict[str, tuple[Figures, str]] = {
    "BH": ((29, 5, 0, 2, 24), "62"), "LG": ((28, 5, 1, 1, 23), "83"),
    "VI": ((33, 6, 1, 4, 19), "65"), "SM": ((25, 7, 1, 3, 28), "52.5"),
    "LI": ((25, 7, 0, 7, 30), "30.5"), "PC": ((20, 10, 2, 14, 46), "8"),
}  # fmt: skip
TC_ORDER = {
    "success_rate": ("BH", "LG", "VI", "SM", "LI", "PC"),
    "ranking_points": ("LG", "VI", "BH", "SM", "LI", "PC"),
    "places": ("VI", "LG", "BH", "SM", "LI", "PC"),
}
WS_TEAMS: dict[str, tuple[Figures, str]] = {
    "VI": ((31, 6, 1, 1, 42), "205"), "BH": ((26, 5, 0, 6, 32), "92.5"),
    "LG": ((33, 6, 0, 2, 36), "150"), "LI": ((19, 8, 1, 22, 75), "0"),
    "SM": ((29, 6, 0, 6, 38), "82.5"),
}  # fmt: skip
WS_ORDER = {
    "success_rate": ("LG", "BH", "VI", "SM", "LI"),
    "ranking_points": ("VI", "LG", "BH", "SM", "LI"),
    "places": ("BH", "LG", "SM", "VI", "LI"),
}
#: The season's club ranking, best first: the clubs' points.
CLUB_RANKING = {
    "success_rate": {"LG": "363", "VI": "345", "BH": "294.5", "SM": "185", "LI": "55.5",
                     "PC": "18"},
    "ranking_points": {"VI": "400", "LG": "373", "BH": "229.5", "SM": "185", "LI": "55.5",
                       "PC": "18"},
    "places": {"VI": "385", "LG": "343", "BH": "264.5", "SM": "195", "LI": "55.5",
               "PC": "18"},
}  # fmt: skip


def _federation() -> Federation:
    return federation_make(CLUBS, SOLOISTS, POINTS, SERIES, basic_word="KOTE", final_word="MYS")


def _exact(expected: dict[str, tuple[int, str]]) -> dict[str, tuple[int, Decimal]]:
    return {name: (place, Decimal(points)) for name, (place, points) in expected.items()}


def _client(run: ApiRun | PagesRun) -> Any:
    return run.api if isinstance(run, ApiRun) else run.client


def _classification(run: ApiRun | PagesRun) -> dict[str, tuple[int, Decimal]]:
    document = _client(run).get(f"/api/tournaments/{run.slug}/classification/").json()
    rows = document["classification"]["rows"]
    return {row["nickname"]: (row["place"], Decimal(row["points"])) for row in rows}


CLUB = {club.key: club for club in CLUBS}
CLUB_OF_SLUG = {club.slug: club.key for club in CLUBS}
CLUB_OF_NAME = {club.name: club.key for club in CLUBS}


def _team_rows(run: ApiRun | PagesRun) -> list[dict[str, Any]]:
    """The team classification's rows as the API serves them, best first."""
    answer = _client(run).get(f"/api/tournaments/{run.slug}/teams/classification/")
    assert answer.status_code == 200, answer.content[:500]
    return list(answer.json()["teams"])


def _figures(row: dict[str, Any]) -> Figures:
    return (
        row["deals_played"],
        row["deals_lost"],
        row["placky"],
        row["best_place"],
        row["places_sum"],
    )


def _enter_teams_at_the_pages(run: PagesRun) -> None:
    """The director enters every club's team through the team form."""
    for key in run.spec.teams:
        club = CLUB[key]
        members = [run.fed.players[name].pk for name in club.members]
        response = run.client.post(
            f"/tournaments/{run.slug}/teams/new/",
            {"club": run.fed.clubs[key].pk, "name": club.team, "members": members},
        )
        assert response.status_code == 302, response.content.decode()[:3000]


def _enter_teams_at_the_api(run: ApiRun) -> None:
    """Each club's captain enters the club's team."""
    for key in run.spec.teams:
        club = CLUB[key]
        captain = APIClient()
        captain.force_authenticate(run.fed.captains[key])
        body = {
            "club": club.slug,
            "name": club.team,
            "members": [run.fed.players[name].pk for name in club.members],
        }
        answer = captain.post(f"/api/tournaments/{run.slug}/teams/", body, format="json")
        assert answer.status_code == 201, answer.content[:2000]


def _teammates_apart(spec: EventSpec) -> Callable[[list[list[str]]], None]:
    """The site's own draw of the basic round seats no two teammates at one table."""
    team_of = {name: club.key for club in CLUBS if club.key in spec.teams for name in club.members}

    def check(tables: list[list[str]]) -> None:
        assert sorted(name for table in tables for name in table) == sorted(spec.players)
        for table in tables:
            teams = [team_of[name] for name in table if name in team_of]
            assert len(teams) == len(set(teams)), table

    return check


def _live(
    figures: dict[str, Figures], order: dict[str, tuple[str, ...]], rule: str
) -> Callable[[ApiRun | PagesRun], None]:
    def check(run: ApiRun | PagesRun) -> None:
        rows = _team_rows(run)
        assert {CLUB_OF_SLUG[row["club"]]: _figures(row) for row in rows} == figures
        assert all(row["points"] is None for row in rows)  # awarded once classified
        if rule in order:
            assert [CLUB_OF_SLUG[row["club"]] for row in rows] == list(order[rule])
            assert [row["place"] for row in rows] == list(range(1, len(rows) + 1))
        # The live pages show the same team standings.
        api = {row["team_id"]: _line(row) for row in rows}
        for page in (f"/tournaments/{run.slug}/teams/", f"/tournaments/{run.slug}/results/"):
            assert _table_lines(Client().get(page).content.decode()) == api, page

    return check


def _classified(
    run: ApiRun | PagesRun,
    teams: dict[str, tuple[Figures, str]],
    order: tuple[str, ...],
    team_points: dict[int, int],
) -> None:
    rows = _team_rows(run)
    assert [CLUB_OF_SLUG[row["club"]] for row in rows] == list(order)
    for place, (key, row) in enumerate(zip(order, rows, strict=True), start=1):
        figures, member_points = teams[key]
        assert (row["place"], row["is_shared"], row["name"]) == (place, False, CLUB[key].team)
        assert _figures(row) == figures, key
        assert Decimal(row["member_points"]) == Decimal(member_points), key
        assert Decimal(row["points"]) == team_points[place], key


#: A team as every reading shows it: place, shared, deals played and lost, success rate (per
#: cent, one decimal), placky, members' points, sum of places, team points.
Line = tuple[int, bool, int, int, str, int, Decimal, int, Decimal | None]


def _number(text: object) -> Decimal | None:
    """A figure as a page, a file or the API gives it ("52.5", 52.5, "–", "" or None)."""
    value = str(text).strip().removesuffix("%").strip() if text is not None else ""
    return None if value in ("", "–", "None") else Decimal(value)


def _rate(text: object) -> str:
    number = _number(text)
    return "" if number is None else f"{number:.1f}"


def _line(row: dict[str, Any]) -> Line:
    """A team of the API's document (or the JSON file, the same document)."""
    return (
        row["place"], row["is_shared"], row["deals_played"], row["deals_lost"],
        _rate(row["success_rate"]), row["placky"], _number(row["member_points"]) or Decimal(0),
        row["places_sum"], _number(row["points"]),
    )  # fmt: skip


def _csv_lines(body: str) -> dict[int, Line]:
    rows = csv.DictReader(io.StringIO(body.removeprefix("\ufeff")))
    return {
        int(row["team_id"]): (
            int(row["place"]),
            row["shared"] == "yes",
            int(row["deals_played"]),
            int(row["deals_lost"]),
            _rate(row["success_rate"]),
            int(row["placky"]),
            _number(row["member_points"]) or Decimal(0),
            int(row["places_sum"]),
            _number(row["team_points"]),
        )
        for row in rows
    }


def _cells(markup: str) -> dict[str, str]:
    return {
        name: re.sub(r"<[^>]+>", "", value).strip()
        for name, value in re.findall(r'data-figure="(\w+)"[^>]*>(.*?)</(?:td|dd)>', markup, re.S)
    }


def _table_lines(page: str) -> dict[int, Line]:
    """The team classification table of a page (``_team_classification.html``)."""
    table = page.split('id="team-classification-table"', 1)[1].split("</table>", 1)[0]
    lines: dict[int, Line] = {}
    for team, row in re.findall(r'<tr data-team="(\d+)">(.*?)</tr>', table, re.S):
        place = re.search(r'<td class="num">(\d+)\.( =)?', row)
        assert place, row
        cells = _cells(row)
        lines[int(team)] = (
            int(place.group(1)), bool(place.group(2)), int(cells["deals_played"]),
            int(cells["deals_lost"]), _rate(cells["success_rate"]), int(cells["placky"]),
            _number(cells["member_points"]) or Decimal(0), int(cells["places_sum"]),
            _number(cells["points"]),
        )  # fmt: skip
    return lines


def _readings_agree(run: ApiRun | PagesRun) -> None:
    """The team classification reads the same at the API, in its JSON and CSV files (from the
    results pages and from the API), on the teams page, on each team's page, and on each
    club's page."""
    public = Client()
    document = public.get(f"/api/tournaments/{run.slug}/teams/classification/").json()
    assert (document["mode"], document["rule"]) == (run.spec.team_mode, run.rule)
    assert not document["is_provisional"] and not document["is_live"]
    api = {row["team_id"]: _line(row) for row in document["teams"]}
    assert len(api) == len(run.spec.teams)
    files = f"/tournaments/{run.slug}/results/"
    for address in (files + "teams.json", f"/api/tournaments/{run.slug}/exports/teams.json"):
        exported = json.loads(public.get(address).content)
        assert {row["team_id"]: _line(row) for row in exported["teams"]} == api, address
        assert exported["rule_description"] == document["rule_description"]
    assert _csv_lines(public.get(files + "teams.csv").content.decode()) == api
    page = public.get(f"/tournaments/{run.slug}/teams/").content.decode()
    assert _table_lines(page) == api
    assert escape(document["rule_description"]) in page  # the rule is printed
    live = public.get(f"/tournaments/{run.slug}/results/").content.decode()
    assert _table_lines(live) == api
    # The federation's print: the teams in their order, each with its place and points; a
    # team event's teams come first (its headline), a team competition's beside the players.
    final = public.get(f"/tournaments/{run.slug}/results/final/").content.decode()
    printed = re.findall(
        r'<li data-team="(\d+)"[^>]*>(\d+)\. .*?(?:· ([\d.]+) pts)?</span></li>', final, re.S
    )
    assert [(int(team), int(place), _number(points)) for team, place, points in printed] == [
        (row["team_id"], row["place"], _number(row["points"])) for row in document["teams"]
    ]
    teams_first = final.index('id="team-final"') < final.index('id="final-results"')
    assert teams_first == (document["mode"] == "team_event")
    projector = public.get(f"/tournaments/{run.slug}/results/projector/").content.decode()
    shown = re.findall(
        r'<tr data-team="(\d+)">\s*<td class="num">(\d+)\.</td>.*?'
        r'<td class="num">(\d+)</td><td class="num">(\d+)</td>',
        projector.split('id="projector-teams"', 1)[1],
        re.S,
    )
    assert [tuple(int(n) for n in line) for line in shown] == [
        (row["team_id"], row["place"], row["deals_played"], row["deals_lost"])
        for row in document["teams"]
    ]
    for row in document["teams"]:
        team = public.get(f"/tournaments/{run.slug}/teams/{row['team_id']}/").content.decode()
        place = re.search(r'id="team-place">(\d+)\.', team)
        assert place and int(place.group(1)) == row["place"]
        facts = _cells(team.split('id="team-facts"', 1)[1].split("</dl>", 1)[0])
        assert _number(facts["member_points"]) == _number(row["member_points"])
        assert int(facts["places_sum"]) == row["places_sum"]
        assert _number(facts["points"]) == _number(row["points"])
        rate = re.fullmatch(r"([\d.]+) % \((\d+) played, (\d+) lost\)", facts["success_rate"])
        assert rate, facts["success_rate"]
        assert (_rate(rate.group(1)), int(rate.group(2)), int(rate.group(3))) == (
            _rate(row["success_rate"]),
            row["deals_played"],
            row["deals_lost"],
        )
        members = team.split('id="team-members"', 1)[1]
        for member in row["members"]:
            mine = re.search(
                rf'<tr data-player="{member["player_id"]}"[^>]*>(.*?)</tr>', members, re.S
            )
            assert mine, member["nickname"]
            cells = _cells(mine.group(1))
            assert int(cells["deals_played"]) == member["deals_played"]
            assert int(cells["deals_lost"]) == member["deals_lost"]
            assert _number(cells["points"]) == _number(member["points"])
        club = public.get(reverse("club-detail", args=[row["club"]])).content.decode()
        history = re.search(rf'<tr data-team="{row["team_id"]}">(.*?)</tr>', club, re.S)
        assert history, row["club"]
        cells = re.findall(r'<td class="num">(.*?)</td>', history.group(1), re.S)
        assert cells[0].strip().startswith(f"{row['place']}.")
        assert _number(re.sub(r"<[^>]+>", "", cells[1])) == _number(row["points"])


def _club_ranking_agrees(year: int, api: list[dict[str, Any]]) -> None:
    """The season's club ranking page and its CSV file read as the API."""
    expected = [(row["place"], row["name"], Decimal(row["points"])) for row in api]
    public = Client()
    page = public.get(reverse("season-ranking-clubs", args=[year])).content.decode()
    shown = re.findall(
        r'<td class="num">(\d+)\.</td>\s*<td>.*?<a href="/clubs/[^"]+/">([^<]+)</a></td>'
        r'\s*<td class="num">([^<]+)</td>',
        page,
        re.S,
    )
    assert [(int(place), name, _number(points)) for place, name, points in shown] == expected
    body = public.get(reverse("season-ranking-csv", args=[year, "clubs"])).content.decode()
    rows = csv.DictReader(io.StringIO(body.removeprefix("\ufeff")))
    assert [(int(r["place"]), r["club"], Decimal(r["points"])) for r in rows] == expected


@pytest.mark.django_db(transaction=False)
def test_the_worked_example_ranks_the_teams_differently_under_each_rule() -> None:
    """The point of the example: which rule ranks the teams is a setting that matters."""
    for orders in (TC_ORDER, WS_ORDER):
        assert len({order for order in orders.values()}) == len(RULES)
        assert len({order[0] for order in orders.values()}) == len(RULES)  # three winners
    clubs = [tuple(ranking.items()) for ranking in CLUB_RANKING.values()]
    assert len(set(clubs)) == len(RULES)
    assert len({ranking[0][0] for ranking in clubs}) > 1


@pytest.mark.parametrize("rule", RULES)
def test_both_events_to_the_club_ranking_and_every_reading_agrees(rule: str) -> None:
    fed = _federation()
    championship = PagesRun(fed, TEAM_CHAMPIONSHIP, rule)
    championship.play(
        _enter_teams_at_the_pages,
        _teammates_apart(TEAM_CHAMPIONSHIP),
        _live(TC_LIVE, TC_LIVE_ORDER, rule),
    )
    assert _classification(championship) == _exact(TC_PLACES)
    _classified(championship, TC_TEAMS, TC_ORDER[rule], POINTS[TC_CATEGORY][1])

    series = ApiRun(fed, WORLD_SERIES, rule)
    series.play(
        _enter_teams_at_the_api, _teammates_apart(WORLD_SERIES), _live(WS_LIVE, WS_LIVE_ORDER, rule)
    )
    assert _classification(series) == _exact(WS_PLACES)
    _classified(series, WS_TEAMS, WS_ORDER[rule], POINTS[WS_CATEGORY][1])

    ranking = series.api.get(f"/api/seasons/{fed.season.year}/ranking/clubs/").json()["rows"]
    assert {CLUB_OF_NAME[row["name"]]: Decimal(row["points"]) for row in ranking} == {
        key: Decimal(points) for key, points in CLUB_RANKING[rule].items()
    }
    assert [CLUB_OF_NAME[row["name"]] for row in ranking] == list(CLUB_RANKING[rule])
    assert [row["place"] for row in ranking] == [1, 2, 3, 4, 5, 6]

    # Every reading of the classified teams agrees with the API (and so with the example).
    _readings_agree(championship)
    _readings_agree(series)
    _club_ranking_agrees(fed.season.year, ranking)
