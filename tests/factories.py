"""factory_boy factories shared by the whole suite."""

from __future__ import annotations

import datetime as dt

import factory
from django.contrib.auth.models import Group, User

from scwu.models import Club, CommissionMember, Country, Membership, Player, PlayingWord
from scwu.models.commission import WordStatus


class UserFactory(factory.django.DjangoModelFactory[User]):
    class Meta:
        model = User
        django_get_or_create = ["username"]
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("pw")

    @factory.post_generation
    def roles(self, create: bool, extracted: list[str] | None, **kwargs: object) -> None:
        for name in extracted or []:
            self.groups.add(Group.objects.get_or_create(name=name)[0])


class CountryFactory(factory.django.DjangoModelFactory[Country]):
    class Meta:
        model = Country
        django_get_or_create = ["iso3"]

    iso2 = "CZ"
    iso3 = "CZE"
    name_en = "Czechia"
    name_cs = "Česko"
    name_ru = "Чехия"


class ClubFactory(factory.django.DjangoModelFactory[Club]):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")
    country = factory.SubFactory(CountryFactory)


class PlayerFactory(factory.django.DjangoModelFactory[Player]):
    class Meta:
        model = Player

    nickname = factory.Sequence(lambda n: f"Player{n}")


class MembershipFactory(factory.django.DjangoModelFactory[Membership]):
    class Meta:
        model = Membership

    player = factory.SubFactory(PlayerFactory)
    club = factory.SubFactory(ClubFactory)
    start = dt.date(2020, 1, 1)


class CommissionMemberFactory(factory.django.DjangoModelFactory[CommissionMember]):
    class Meta:
        model = CommissionMember

    user = factory.SubFactory(UserFactory)
    since = dt.date(2020, 1, 1)


class PlayingWordFactory(factory.django.DjangoModelFactory[PlayingWord]):
    class Meta:
        model = PlayingWord

    label = factory.LazyAttribute(lambda o: o.letters)
    letters = factory.Sequence(lambda n: "TONDA" + "ABCDEFGHIJKLMNOP"[n % 16] * (n // 16 % 3))
    theme = factory.Sequence(lambda n: f"Theme {n}")
    language = "cs"
    status = WordStatus.APPROVED


# Tournaments.
import tournaments.models as tm  # noqa: E402


class SeasonFactory(factory.django.DjangoModelFactory[tm.Season]):
    class Meta:
        model = tm.Season
        django_get_or_create = ["year"]

    year = 2026


class SeriesFactory(factory.django.DjangoModelFactory[tm.Series]):
    class Meta:
        model = tm.Series
        django_get_or_create = ["slug"]

    name = "Classic"
    slug = "classic"


class TournamentFactory(factory.django.DjangoModelFactory[tm.Tournament]):
    class Meta:
        model = tm.Tournament

    season = factory.SubFactory(SeasonFactory)
    series = factory.SubFactory(SeriesFactory)
    name = factory.Sequence(lambda n: f"Classic {n}")
    slug = factory.Sequence(lambda n: f"classic-{n}")
    start_date = dt.date(2026, 5, 16)
    end_date = dt.date(2026, 5, 16)
    status = tm.TournamentStatus.REGISTRATION


class EntryFactory(factory.django.DjangoModelFactory[tm.Entry]):
    class Meta:
        model = tm.Entry

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)
    status = tm.EntryStatus.CHECKED_IN


class RoundFactory(factory.django.DjangoModelFactory[tm.Round]):
    class Meta:
        model = tm.Round

    tournament = factory.SubFactory(TournamentFactory)
    number = factory.Sequence(lambda n: n + 1)
    word = factory.SubFactory(PlayingWordFactory)
