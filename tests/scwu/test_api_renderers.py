"""The API's JSON renderer writes exactly what DRF's own renderer writes."""

from __future__ import annotations

import datetime as dt
import decimal
import uuid
from typing import Any

import pytest
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer
from rest_framework.settings import api_settings

from scwu.api.renderers import FastJSONRenderer

UTC = dt.UTC
PRAGUE = dt.timezone(dt.timedelta(hours=1))

SAMPLES: list[Any] = [
    {"a": 1, "b": [1, 2.5, None, True, False], "c": "Kouřící kočka"},
    {"at": dt.datetime(2026, 11, 28, 12, 0, 0, 123456, tzinfo=UTC)},
    {"at": dt.datetime(2026, 11, 28, 12, 0, tzinfo=PRAGUE), "naive": dt.datetime(2026, 1, 2)},
    {"day": dt.date(2026, 1, 2), "time": dt.time(9, 30, 15, 500)},
    {"lazy": gettext_lazy("Deal"), "decimal": decimal.Decimal("1.50"), "id": uuid.UUID(int=7)},
    {1: "int key", "tuple": (1, ("A", "B")), "nested": {"after": {"A": {"seats": []}}}},
    {"separators": "line\u2028paragraph\u2029end", "quote": 'a "b" \\ c </script>'},
    {"big": 2**70},
    [{"seat": "A", "place": None}, {"seat": "B", "place": 1}],
    "plain",
]


@pytest.mark.parametrize("data", SAMPLES)
def test_same_bytes_as_drf(data: Any) -> None:
    assert FastJSONRenderer().render(data) == JSONRenderer().render(data)


def test_indented_answer_is_drf_own() -> None:
    data = {"a": [1, 2]}
    media = "application/json; indent=2"
    assert FastJSONRenderer().render(data, media) == JSONRenderer().render(data, media)
    assert b"\n" in FastJSONRenderer().render(data, media)


def test_nothing_renders_empty() -> None:
    assert FastJSONRenderer().render(None) == b""


def test_the_api_answers_with_it() -> None:
    assert api_settings.DEFAULT_RENDERER_CLASSES[0] is FastJSONRenderer
