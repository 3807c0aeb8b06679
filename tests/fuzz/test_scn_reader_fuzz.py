"""Random input to the SCN record reader: a record, or InvalidRecordError; never a crash."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidRecordError
from engine.scn import DealRecord, format_record, parse_record

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=40,
)
CARDISH = st.text(alphabet="789XUSKEZLP", min_size=1, max_size=3)
RECORDISH = st.fixed_dictionaries(
    {
        "dealer": st.sampled_from(["A", "B", "C", "D", "E", 1]),
        "hands": st.dictionaries(st.sampled_from("ABCDE"), st.lists(CARDISH, max_size=9)),
        "passes": st.dictionaries(st.sampled_from("ABCD"), st.lists(CARDISH, max_size=3)),
        "play": st.lists(CARDISH, max_size=33),
    },
    optional={"pack": st.fixed_dictionaries({"seat": st.text(max_size=2), "after": JSON})},
)


def _read(text: str) -> DealRecord | None:
    try:
        return parse_record(text)
    except InvalidRecordError:
        return None


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_random_text_is_read_or_refused(text: str) -> None:
    _read(text)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_random_json_is_read_or_refused(data: Any) -> None:
    _read(json.dumps(data))


@settings(max_examples=300, deadline=None)
@given(RECORDISH)
def test_nearly_valid_records_are_read_or_refused_and_what_is_read_round_trips(
    data: dict[str, Any],
) -> None:
    record = _read(json.dumps(data))
    if record is not None:
        assert parse_record(format_record(record)) == record
