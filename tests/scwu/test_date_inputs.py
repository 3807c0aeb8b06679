"""The date pickers hold ISO dates in every language.

``<input type="date">`` accepts only yyyy-mm-dd; a Czech or Russian page used to write
28.11.2026 into it, which the browser drops (an empty, required field on the edit form).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import translation

from games.smoke.forms import SessionCreateForm
from scwu.widgets import DateInput
from tournaments.forms import TournamentForm
from tournaments.models import Tournament

DAY = dt.date(2026, 11, 28)


def _value(html: str, name: str) -> str:
    found = re.search(rf'<input type="date" name="{name}" value="([^"]*)"', html)
    assert found, html
    return found.group(1)


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_the_date_widget_writes_iso_in_every_language(language: str) -> None:
    with translation.override(language):
        assert _value(DateInput().render("night", DAY), "night") == "2026-11-28"


@pytest.mark.parametrize("language", ["cs", "ru"])
def test_the_smoke_session_date_is_iso(language: str) -> None:
    with translation.override(language):
        html = str(SessionCreateForm(initial={"date": DAY})["date"])
    assert _value(html, "date") == "2026-11-28"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["cs", "ru"])
def test_the_tournament_form_shows_its_dates_in_czech_and_russian(language: str) -> None:
    tournament = Tournament(start_date=DAY, end_date=DAY + dt.timedelta(days=1))
    with translation.override(language):
        form = TournamentForm(instance=tournament)
        assert _value(str(form["start_date"]), "start_date") == "2026-11-28"
        assert _value(str(form["end_date"]), "end_date") == "2026-11-29"
        # the series' word theme is labelled with a capital, as the other fields are
        assert str(form.fields["theme"].label)[0].isupper()
