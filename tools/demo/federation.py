"""A realistic federation: countries, clubs, players, a commission, words and a ban."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable

from allauth.account.models import EmailAddress
from django.contrib.auth.models import Group, User
from django.utils.text import slugify

from scwu.models import (
    Ban,
    Club,
    CommissionMember,
    Country,
    EliteRoster,
    Membership,
    Player,
    PlayingWord,
    WordReview,
)
from scwu.models.bans import BanSource
from scwu.models.commission import Verdict, WordStatus
from scwu.models.players import nickname_key
from tools.demo import DEMO_PASSWORD

COUNTRIES = [
    ("CZ", "CZE", "Czechia", "Česko", "Чехия"),
    ("SK", "SVK", "Slovakia", "Slovensko", "Словакия"),
    ("DE", "DEU", "Germany", "Německo", "Германия"),
    ("AT", "AUT", "Austria", "Rakousko", "Австрия"),
    ("PL", "POL", "Poland", "Polsko", "Польша"),
    ("MN", "MNG", "Mongolia", "Mongolsko", "Монголия"),
    ("GH", "GHA", "Ghana", "Ghana", "Гана"),
    ("CA", "CAN", "Canada", "Kanada", "Канада"),
    ("GB", "GBR", "United Kingdom", "Spojené království", "Великобритания"),
    ("HU", "HUN", "Hungary", "Maďarsko", "Венгрия"),
]

CLUBS = [
    ("Royal SCC Vinohrady", "CZE", 1998),
    ("Kočičí doupě Žižkov", "CZE", 2004),
    ("SCC Brno Lužánky", "CZE", 2009),
    ("Hejma Olomouc", "CZE", 2012),
    ("Plzeňští kocouři", "CZE", 2015),
    ("Bratislava Smokers", "SVK", 2011),
    ("Košice Cats", "SVK", 2016),
    ("Berliner Rauchkatzen", "DEU", 2013),
    ("Wiener Kater", "AUT", 2014),
    ("Kraków Koty", "POL", 2017),
    ("Ulaanbaatar Steppe Cats", "MNG", 2019),
    ("Accra Card Club", "GHA", 2020),
    ("Toronto Smoking Cats", "CAN", 2018),
    ("London Leaves", "GBR", 2016),
    ("Budapest Macskák", "HUN", 2021),
]

NICKNAMES = [
    "LUMIR",
    "Tonda",
    "Hejmař",
    "Kocour",
    "Pepík",
    "Mňau",
    "Zelený",
    "Svršek",
    "Spodek",
    "Žalud",
    "Kulový",
    "Srdcař",
    "Bóža",
    "Franta",
    "Vendy",
    "Šimi",
    "Kuba",
    "Ríša",
    "Dáša",
    "Míla",
    "Ondra",
    "Terka",
    "Vašek",
    "Zuzka",
    "Jirka",
    "Kačka",
    "Marek",
    "Bára",
    "Honza",
    "Lucka",
    "Pavel",
    "Jana",
    "Tomáš",
    "Eliška",
    "Petr",
    "Anička",
    "Radek",
    "Klára",
    "Matouš",
    "Nela",
    "Jozef",
    "Zoltán",
    "Miro",
    "Katka",
    "Hans",
    "Greta",
    "Lukas",
    "Sepp",
    "Resi",
    "Wojtek",
    "Kasia",
    "Bat-Erdene",
    "Oyuna",
    "Temuujin",
    "Kwame",
    "Ama",
    "Kofi",
    "Esi",
    "Maple",
    "Gordie",
    "Moose",
    "Nigel",
    "Poppy",
    "Alfie",
    "Imre",
    "Réka",
    "Bence",
    "Fanni",
    "Dorka",
    "Tibi",
    "Lenka",
    "Slávek",
    "Vilda",
    "Bohouš",
    "Kristýna",
    "Standa",
    "Luboš",
    "Hedvika",
    "Mirek",
    "Zdeňka",
]

WORDS = [
    # (label, letters, language, theme, status)
    ("TONDA", "TONDA", "cs", "Classic", "approved"),
    ("KOČKA", "KOČKA", "cs", "Classic", "approved"),
    ("HEJMA", "HEJMA", "cs", "Classic", "approved"),
    ("PLACKA", "PLACKA", "cs", "Classic", "approved"),
    ("Herr FLICK", "FLICK", "de", "Detectives", "approved"),
    ("Inspector MORSE", "MORSE", "en", "Detectives", "approved"),
    ("Hercule POIROT", "POIROT", "en", "Detectives", "approved"),
    ("Miss MARPLE", "MARPLE", "en", "Detectives", "approved"),
    ("Comisario MAIGRET", "MAIGRET", "en", "Detectives", "approved"),
    ("Sherlock HOLMES", "HOLMES", "en", "Detectives", "proposed"),
    ("Pierluigi COLLINA", "COLLINA", "en", "Famous referees", "approved"),
    ("Howard WEBB", "WEBB", "en", "Famous referees", "approved"),
    ("Markus MERK", "MERK", "de", "Famous referees", "approved"),
    ("Lubos MICHEL", "MICHEL", "cs", "Famous referees", "approved"),
    ("Pavel KRÁL", "KRÁL", "cs", "Famous referees", "approved"),
    ("Pierluigi COLLINAS", "COLLINAS", "en", "Famous referees", "rejected"),
    ("Mark CLATTENBURG", "CLATTENBURG", "en", "Famous referees", "proposed"),
    ("KOCOUR", "KOCOUR", "cs", "Cats", "approved"),
    ("MOURKA", "MOURKA", "cs", "Cats", "approved"),
    ("MICINKA", "MICINKA", "cs", "Cats", "approved"),
    ("ГАРФИЛД", "ГАРФИЛД", "ru", "Cats", "approved"),
    ("МУРКА", "МУРКА", "ru", "Cats", "approved"),
    ("TOM", "TOM", "en", "Cats", "retired"),
    ("FELIX", "FELIX", "en", "Cats", "approved"),
    ("GARFIELD", "GARFIELD", "en", "Cats", "proposed"),
    ("VLTAVA", "VLTAVA", "cs", "Rivers", "approved"),
    ("LABE", "LABE", "cs", "Rivers", "approved"),
    ("MORAVA", "MORAVA", "cs", "Rivers", "proposed"),
    ("DUNAJ", "DUNAJ", "cs", "Rivers", "rejected"),
    ("BEROUNKA", "BEROUNKA", "cs", "Rivers", "approved"),
]

Log = Callable[[str], None]


def _role_group(name: str) -> Group:
    # The role groups come with a migration; a database flushed since (a transactional
    # test, ``manage.py flush``) has lost them, and the demo hands the roles out anyway.
    return Group.objects.get_or_create(name=name)[0]


def _user(username: str, *, first: str = "", last: str = "", superuser: bool = False) -> User:
    user, created = User.objects.get_or_create(
        username=username,
        defaults={
            "first_name": first,
            "last_name": last,
            "is_staff": superuser,
            "is_superuser": superuser,
            "email": f"{username}@scwu.example",
        },
    )
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save()
    # Verified, so the demo accounts sign in at once (sign-up's accounts verify by email).
    EmailAddress.objects.get_or_create(
        user=user, email=user.email, defaults={"verified": True, "primary": True}
    )
    return user


def seed(log: Log) -> None:
    rng = random.Random(2026)
    countries = {}
    for iso2, iso3, en, cs, ru in COUNTRIES:
        countries[iso3], _ = Country.objects.get_or_create(
            iso3=iso3, defaults={"iso2": iso2, "name_en": en, "name_cs": cs, "name_ru": ru}
        )
    clubs = []
    for name, iso3, founded in CLUBS:
        club, _ = Club.objects.get_or_create(
            slug=slugify(name),
            defaults={"name": name, "country": countries[iso3], "founded": dt.date(founded, 1, 1)},
        )
        clubs.append(club)

    admin = _user("admin", first="Ada", last="Admin", superuser=True)
    admin.groups.add(_role_group("administrator"))
    director = _user("director", first="Dana", last="Director")
    director.groups.add(_role_group("director"))
    referee = _user("referee", first="Rudolf", last="Referee")
    referee.groups.add(_role_group("referee"))
    members = []
    for i, (first, last) in enumerate(
        [
            ("Karel", "Veselý"),
            ("Marta", "Horáková"),
            ("Ivan", "Petrov"),
            ("Ewa", "Nowak"),
            ("Kwesi", "Mensah"),
        ],
        start=1,
    ):
        user = _user(f"commission{i}", first=first, last=last)
        member, _ = CommissionMember.objects.get_or_create(
            user=user, defaults={"since": dt.date(2020 + i % 3, 1, 1)}
        )
        members.append(member)

    players = []
    for i, nickname in enumerate(NICKNAMES):
        player = Player.objects.filter(nickname_key=nickname_key(nickname)).first()
        if player is None:
            player = Player.objects.create(nickname=nickname)
        players.append(player)
        if not player.memberships.exists():
            # Czech clubs are the heart of the federation: the first half of players play there.
            club = clubs[i % 5] if i < 40 else clubs[5 + (i - 40) % 10]
            start = dt.date(2015 + rng.randrange(9), 1 + rng.randrange(12), 1)
            if i % 9 == 4:
                # Some moved club: the old membership ends, results keep the club at the time.
                old = clubs[(i + 3) % len(clubs)]
                Membership.objects.create(
                    player=player, club=old, start=start, end=dt.date(2023, 12, 31)
                )
                start = dt.date(2024, 1, 1)
            Membership.objects.create(player=player, club=club, start=start)

    # Users linked to players: a captain and a plain player.
    captain_user = _user("captain", first="Lumír", last="Kapitán")
    lumir = players[0]
    if lumir.user_id is None:
        lumir.user = captain_user
        lumir.real_name = "Lumír Kapitán"
        lumir.save()
    player_user = _user("player", first="Tonda", last="Hráč")
    tonda = players[1]
    if tonda.user_id is None:
        tonda.user = player_user
        tonda.save()
    for club in clubs:
        if club.captain_id is None:
            earliest = club.memberships.filter(end__isnull=True).order_by("start").first()
            if earliest is not None:
                club.captain = (
                    lumir
                    if club == lumir.memberships.get(end__isnull=True).club
                    else earliest.player
                )
                club.save(update_fields=["captain"])

    roster, _ = EliteRoster.objects.get_or_create(club=clubs[0], season=2026)
    if not roster.players.exists():
        roster.players.set([m.player for m in clubs[0].memberships.filter(end__isnull=True)[:6]])

    for label, letters, language, theme, status in WORDS:
        word, created = PlayingWord.objects.get_or_create(
            letters=letters,
            theme=theme,
            defaults={
                "label": label,
                "language": language,
                "status": status,
                "proposed_by": members[3 + rng.randrange(len(members) - 3)].user,  # not a reviewer
            },
        )
        if created and status != WordStatus.PROPOSED:
            verdict = Verdict.APPROVE if status in ("approved", "retired") else Verdict.VETO
            reviewers = members[:3] if verdict == Verdict.APPROVE else members[:1]
            for member in reviewers:
                WordReview.objects.create(
                    word=word,
                    member=member,
                    verdict=verdict,
                    reason="" if verdict == Verdict.APPROVE else "Too close to an existing word.",
                )
        elif created and letters == "HOLMES":
            WordReview.objects.create(word=word, member=members[0], verdict=Verdict.APPROVE)

    cheat = Player.objects.filter(nickname_key=nickname_key("Podvodník")).first()
    if cheat is None:
        cheat = Player.objects.create(nickname="Podvodník", real_name="Karel Falešný")
        Membership.objects.create(
            player=cheat, club=clubs[1], start=dt.date(2019, 3, 1), end=dt.date(2025, 6, 30)
        )
    if not Ban.objects.filter(player=cheat).exists():
        Ban.objects.create(
            player=cheat,
            source=BanSource.RENONC_B,
            imposed_on=dt.date(2025, 6, 14),
            reason="Intentional renonc B (revoke) at the VIII. Team Championship, "
            "ruled by the head referee.",
            imposed_by=admin,
        )
    log(
        f"federation: {Country.objects.count()} countries, {Club.objects.count()} clubs, "
        f"{Player.objects.count()} players, {PlayingWord.objects.count()} words"
    )
