"""Every golden record of examples/deals.json scores to its expected result."""

from __future__ import annotations

from typing import Any

import pytest

from engine import InvalidRecordError, score_record
from tests.engine.helpers import EXAMPLES


@pytest.mark.parametrize("entry", EXAMPLES, ids=[e["name"] for e in EXAMPLES])
def test_golden_record_scores_as_expected(entry: dict[str, Any]) -> None:
    expected = entry["result"]
    if "error" in expected:
        with pytest.raises(InvalidRecordError) as info:
            score_record(entry["record"])
        assert info.value.code == expected["error"]
    else:
        assert score_record(entry["record"]).to_json() == expected


def test_every_kind_of_end_is_covered_by_the_examples() -> None:
    ends = {e["result"].get("end") for e in EXAMPLES}
    assert {"played", "early", "packed", "renonc"} <= ends
