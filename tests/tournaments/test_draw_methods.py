"""The draw methods have one list, the pairing's; the site names the same ones."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from tests.factories import EntryFactory, RoundFactory
from tournaments.forms import DrawStartForm
from tournaments.models import Tournament
from tournaments.models.rounds import DrawMethod, drawn_method_choices
from tournaments.pairing import Method
from tournaments.services import draw


def test_the_sites_draw_methods_are_the_pairings() -> None:
    assert set(DrawMethod.values) == {m.value for m in Method}
    for value in DrawMethod.values:
        assert Method(value).value == value


def test_every_method_the_site_draws_is_offered_and_manual_is_not() -> None:
    offered = {value for value, _label in drawn_method_choices()}
    assert offered == {m.value for m in Method} - {Method.MANUAL.value}


@pytest.mark.django_db
def test_the_refusal_of_an_unknown_method_names_every_drawn_method(
    director: User, tournament: Tournament
) -> None:
    for _ in range(8):
        EntryFactory(tournament=tournament)
    round = RoundFactory(tournament=tournament, number=1)
    with pytest.raises(ValidationError) as refused:
        draw.round_draw_start(by=director, round=round, method="no_such_method")
    said = " ".join(refused.value.message_dict["method"])
    for _value, label in drawn_method_choices():
        assert str(label) in said


@pytest.mark.django_db
def test_the_apis_refusal_of_an_unknown_method_names_every_drawn_method_rating_included(
    client: Client, director: User, tournament: Tournament
) -> None:
    round = RoundFactory(tournament=tournament, number=1)
    client.force_login(director)
    answer = client.post(
        f"/api/rounds/{round.pk}/draw/",
        {"method": "no_such_method"},
        content_type="application/json",
    )
    assert answer.status_code == 400
    said = " ".join(answer.json()["method"])
    assert str(DrawMethod.RATING.label) in said
    for _value, label in drawn_method_choices():
        assert str(label) in said


def test_the_forms_refusal_of_an_unknown_method_names_every_drawn_method() -> None:
    form = DrawStartForm({"method": "no_such_method"})
    assert not form.is_valid()
    said = " ".join(form.errors["method"])
    for _value, label in drawn_method_choices():
        assert str(label) in said
