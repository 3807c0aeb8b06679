"""Every figure and date a page shows is in the reader's language (on the demo data).

Czech and Russian write a decimal comma (``71,9 %``, ``22,5``, ``25,2 ± 8,2``), so no figure
on a page may show a decimal point; English is written the European way, day before month and
a 24-hour clock (``27/11/2026``, ``21:43``), never ``11/27/2026`` or ``9:43 p.m.``. The pages
are those that show figures: the league table, live and final results, the chart, the season
ranking, the records, a player's profile with the rating and its chart, a club and the round
dashboard.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone, translation
from django.utils.formats import date_format, time_format

from games.models import PenaltyChoice, RenoncKindChoice
from scwu.figures import figure, plus_minus
from scwu.models import Club, WordReview
from tournaments.models import Placing, Round, RoundStatus, Season
from tournaments.rankings.services import season_rankings_compute
from tournaments.rating.models import PlayerRating
from tournaments.rating.services import rating_rebuild

pytestmark = pytest.mark.django_db

PAST = "podzimni-classic-2025"  # finished, with a final
RUNNING = "mistrovstvi-cr-2026"  # a round in play, a ruling and an appeal at its tables
LEAGUE = "uterni-liga-2026"

#: What is not a figure though it has a point between digits: a date (``27.11.2026``).
_NOT_FIGURES = re.compile(r"\b\d{1,2}\.\s?\d{1,2}\.\s?\d{4}\b")
_DECIMAL_POINT = re.compile(r"\d\.\d")
_US_DATE = re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{2,4})\b")
_TWELVE_HOURS = re.compile(r"\b(a\.m\.|p\.m\.|AM|PM|noon|midnight)\b")


def _seed() -> None:
    """The demo, with its players rated and its seasons ranked (tasks do that after a game)."""
    call_command("seed_demo", verbosity=0)
    rating_rebuild()
    for season in Season.objects.all():
        season_rankings_compute(season.pk)


def visible_text(html: str) -> str:
    """What a reader sees (and a tooltip shows): no scripts, styles, tags or attributes."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S | re.I)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _pages() -> list[str]:
    """The addresses of the pages that show figures, on the demo's data."""
    rated = PlayerRating.objects.filter(games__gt=0).order_by("-games").first()
    assert rated is not None, "the demo rates its players"
    placed = Placing.objects.filter(tournament__slug=PAST).order_by("place").first()
    assert placed is not None
    playing = Round.objects.filter(tournament__slug=RUNNING, status=RoundStatus.PUBLISHED).first()
    assert playing is not None
    clubs = [club.slug for club in Club.objects.order_by("pk")[:3]]
    return [
        f"/tournaments/{LEAGUE}/league/",
        f"/tournaments/{PAST}/results/",
        f"/tournaments/{PAST}/results/final/",
        f"/tournaments/{PAST}/results/chart/",
        f"/tournaments/{PAST}/results/projector/",
        f"/tournaments/{RUNNING}/results/",
        f"/tournaments/{RUNNING}/rounds/{playing.number}/dashboard/",
        "/rankings/",
        "/seasons/2025/ranking/",
        "/seasons/2025/ranking/clubs/",
        "/records/",
        f"/players/{rated.player_id}/",
        f"/players/{placed.player_id}/",
        *(f"/clubs/{slug}/" for slug in clubs),
    ]


def _get(client: Client, path: str, language: str) -> str:
    answer = client.get(path, HTTP_ACCEPT_LANGUAGE=language, follow=True)
    assert answer.status_code == 200, (path, language)
    assert answer["Content-Language"] == language, path
    return visible_text(answer.content.decode())


def test_no_decimal_point_in_a_czech_or_russian_figure_and_no_us_date_in_english() -> None:
    _seed()
    client = Client()
    pages = _pages()
    for language in ("cs", "ru"):
        for path in pages:
            text = _NOT_FIGURES.sub(" ", _get(client, path, language))
            points = [
                text[max(0, m.start() - 30) : m.end() + 30] for m in _DECIMAL_POINT.finditer(text)
            ]
            assert points == [], (language, path)
    for path in pages:
        text = _get(client, path, "en")
        for month, day, _year in _US_DATE.findall(text):
            assert int(month) > 12 or int(day) <= 12, (path, f"{month}/{day}")
        assert _TWELVE_HOURS.findall(text) == [], path


def test_the_pages_show_the_comma_where_there_are_decimals() -> None:
    """The check above is not empty-handed: the pages do show decimals, with a comma."""
    _seed()
    client = Client()
    for language in ("cs", "ru"):
        live = _get(client, f"/tournaments/{PAST}/results/", language)
        assert re.search(r"\d,\d %", live), language
        league = _get(client, f"/tournaments/{LEAGUE}/league/", language)
        assert re.search(r"\d,\d %", league), language
    rated = PlayerRating.objects.filter(games__gt=0).order_by("-games").first()
    assert rated is not None
    profile = _get(client, f"/players/{rated.player_id}/", "cs")
    assert re.search(r"\d,\d ± \d,\d", profile)  # the rating chart's tooltips
    ranking = _get(client, "/seasons/2025/ranking/", "ru")
    assert re.search(r"\d,\d ± \d,\d", ranking)  # the rating column


def test_english_dates_are_day_first_and_times_24_hours() -> None:
    with translation.override("en"):
        assert date_format(date(2026, 11, 27), "SHORT_DATE_FORMAT") == "27/11/2026"
        assert date_format(date(2026, 11, 27)) == "27 Nov 2026"
        evening = timezone.make_aware(datetime(2026, 11, 27, 21, 43))
        assert time_format(evening) == "21:43"
        assert date_format(evening, "DATETIME_FORMAT") == "27 Nov 2026, 21:43"
        assert date_format(evening, "SHORT_DATETIME_FORMAT") == "27/11/2026 21:43"
    with translation.override("cs"):
        assert date_format(date(2026, 11, 27), "SHORT_DATE_FORMAT") == "27.11.2026"


def test_the_figure_helper_writes_the_languages_separator() -> None:
    with translation.override("cs"):
        assert figure(Fraction(6, 11), "%") == "54,5 %"
        assert figure(Fraction(45, 2)) == "22,5"
        assert figure(Fraction(70)) == "70"
        assert figure("8.7") == "8,7"
        assert plus_minus(25.24, 8.16) == "25,2 ± 8,2"
    with translation.override("ru"):
        assert figure(0.719, "%") == "71,9 %"
    with translation.override("en"):
        assert figure(Fraction(6, 11), "%") == "54.5 %"
        assert figure(None, "%") == "–" and figure(None) == ""


def test_the_dashboard_rulings_speak_the_readers_language() -> None:
    """The round dashboard's rulings (the table, the renonc, the penalty, the appeal) in Czech
    and Russian, also after an English reader filled the cache first."""
    call_command("seed_demo", verbosity=0)
    playing = Round.objects.get(tournament__slug=RUNNING, status=RoundStatus.PUBLISHED)
    path = f"/tournaments/{RUNNING}/rounds/{playing.number}/dashboard/"
    client = Client()
    english = _get(client, path, "en")
    rulings = english[english.index("Rulings") :]
    assert "Table 1" in rulings and "pending" in rulings
    expected = {"cs": ("Stůl 1", "čeká na rozhodnutí"), "ru": ("Стол 1", "на рассмотрении")}
    for language, words in expected.items():
        text = _get(client, path, language)
        with translation.override(language):
            heading = str(translation.gettext("Rulings"))
            penalties = [str(choice.label) for choice in PenaltyChoice]
            kinds = [str(choice.label) for choice in RenoncKindChoice]
        part = text[text.index(heading) :]
        assert "Table 1" not in part and "pending" not in part, language
        assert any(label in part for label in penalties), language
        assert any(label in part for label in kinds), language
        for word in words:
            assert word in part, (language, word)


def test_a_given_verdict_reads_as_a_state_in_russian() -> None:
    call_command("seed_demo", verbosity=0)
    review = WordReview.objects.filter(verdict="approve").first()
    assert review is not None
    with translation.override("ru"):
        assert review.verdict_label == "одобрено"
    with translation.override("cs"):
        assert review.verdict_label == "schváleno"
    page = _get(Client(), f"/words/{review.word_id}/", "ru")
    assert "одобрено" in page and "одобрить" not in page
