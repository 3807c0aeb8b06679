from __future__ import annotations

import pytest

from tournaments.pairing.errors import FieldSizeError
from tournaments.pairing.model import TablePolicy
from tournaments.pairing.sizes import table_sizes

EXPECTED = {
    4: (4,), 5: (5,), 6: (6,), 8: (4, 4), 9: (5, 4), 10: (5, 5), 11: (6, 5),
    12: (4, 4, 4), 13: (5, 4, 4), 14: (5, 5, 4), 15: (5, 5, 5),
}  # fmt: skip


def expected(n: int) -> tuple[int, ...]:
    if n in EXPECTED:
        return EXPECTED[n]
    fives = n % 4  # n >= 16: fours everywhere, one five per leftover player
    return (5,) * fives + (4,) * ((n - 5 * fives) // 4)


@pytest.mark.parametrize("n", [n for n in range(4, 41) if n != 7])
def test_table_sizes_for_every_field_from_4_to_40(n: int) -> None:
    sizes = table_sizes(n)
    assert sizes == expected(n)
    assert sum(sizes) == n
    assert all(4 <= s <= 6 for s in sizes)
    assert sizes.count(6) <= 1


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_fields_under_four_are_refused(n: int) -> None:
    with pytest.raises(FieldSizeError, match="too few"):
        table_sizes(n)


def test_seven_players_are_refused_unless_a_table_of_seven_is_allowed() -> None:
    with pytest.raises(FieldSizeError, match="cannot be seated"):
        table_sizes(7)
    assert table_sizes(7, TablePolicy(max_size=7)) == (7,)


def test_field_size_error_is_a_value_error_with_params() -> None:
    with pytest.raises(ValueError) as info:
        table_sizes(3)
    assert isinstance(info.value, FieldSizeError)
    assert info.value.params == {"players": 3, "min": 4}


def test_preferring_tables_of_five() -> None:
    assert table_sizes(20, TablePolicy(preferred=5)) == (5, 5, 5, 5)
    assert table_sizes(14, TablePolicy(preferred=5)) == (5, 5, 4)
