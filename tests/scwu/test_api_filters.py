"""A list filter given with an empty value is a 400 naming it, not a silent "no filter"."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_an_empty_filter_value_is_refused_with_its_name() -> None:
    response = Client().get("/api/tournaments/?status=")
    assert response.status_code == 400
    assert "status" in response.json()


@pytest.mark.django_db
def test_a_given_filter_value_still_filters() -> None:
    response = Client().get("/api/tournaments/?status=running")
    assert response.status_code == 200
    assert response.json()["results"] == []
