"""The online bench prints its round trips by when their action was sent, a tenth of the
window each, so a tail at the start, spread out or at the end shows as such."""

from __future__ import annotations

from tools.bench.online import window_lines


def test_round_trips_are_grouped_by_the_tenth_of_the_window_they_were_sent_in() -> None:
    rtts = [0.010, 0.020, 0.300, 0.050]
    sent = [0.5, 2.9, 3.1, 31.0]  # two in 0-3 s, one in 3-6 s, one after the 30 s window
    lines = window_lines(rtts, sent, 30)
    assert len(lines) == 3
    assert lines[0].split()[0] == "0-3" and " n     2 " in lines[0]
    assert lines[1].split()[0] == "3-6" and "p95   300.0" in lines[1]
    assert lines[2].split()[0] == "30+" and "p50    50.0" in lines[2]
