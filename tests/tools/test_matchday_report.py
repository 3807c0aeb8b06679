"""The match-day bench's own logic (it is run by hand against real services, never by the
tests): its arguments, the figures it derives from the load test's data and its report."""

from __future__ import annotations

import pytest

from tools.bench import matchday


def test_arguments_are_bounded_and_parts_can_be_skipped() -> None:
    args = matchday._arguments(["--skip", "load", "online", "--seconds", "2"])
    assert args.skip == ["load", "online"] and args.seconds == 2
    assert args.port == 8140 and args.online_tables == 500
    with pytest.raises(SystemExit):
        matchday._arguments(["--seconds", "0"])
    with pytest.raises(SystemExit):
        matchday._arguments(["--skip", "everything"])


def test_only_a_bench_database_is_used() -> None:
    own = "postgres://postgres@127.0.0.1:5432/scwu_perfonline"
    assert matchday.bench_database_url(own) == own
    assert matchday.bench_database_url("postgres://u@db:5432/scwu") == (
        "postgres://u@db:5432/scwu_bench_matchday"
    )


def test_the_load_figures_count_timeouts_and_5xx_and_compare_the_p95s() -> None:
    result = {
        "kinds": {
            "deal record": {"p95_ms": 300.0, "errors": {"HTTP 503": 2}},
            "page results": {"p95_ms": 50.0, "errors": {"TimeoutError": 3, "HTTP 404": 1}},
            "probe bench-results": {"p95_ms": 40.0, "errors": {}},
        },
        "exactly_once": True,
        "standings": True,
    }
    figures = {f.name: f for f in matchday.load_figures(1, result)}
    assert figures["load test 1: timeouts"].value == 3
    assert figures["load test 1: timeouts"].ok is False
    assert figures["load test 1: 5xx answers"].value == 2
    ratio = figures["load test 1: deal p95 / bare view p95"]
    assert ratio.value == 300 / 40 and ratio.ok is True
    assert figures["load test 1: every deal once, standings right (1 = yes)"].ok is True
    result["kinds"]["probe bench-results"]["p95_ms"] = float("nan")  # the probe never answered
    unanswered = {f.name: f for f in matchday.load_figures(2, result)}
    assert unanswered["load test 2: deal p95 / bare view p95"].value is None


def test_the_report_shows_each_figure_with_its_target_and_verdict() -> None:
    figures = [
        matchday.at_most("deal / bare", 2.5, "x", 3),
        matchday.at_least("table page / bare", 0.1, "x", 0.3),
        matchday.plain("bare median", 4.0, "ms"),
        matchday.at_most("not run", None, "ms", 50),
    ]
    text = matchday.report(figures, ["header line"])
    lines = text.splitlines()
    assert lines[0] == "header line"
    assert next(line for line in lines if line.startswith("deal / bare")).endswith("PASS")
    assert next(line for line in lines if line.startswith("table page / bare")).endswith("MISS")
    assert "not measured" in next(line for line in lines if line.startswith("not run"))
    assert lines[-1] == "1 of 2 targets met"
    assert matchday.ratio(None, 2) is None and matchday.ratio(3, 0) is None
    assert matchday.figure_text(22_600.4) == "22,600" and matchday.figure_text(0.0034) == "0.0034"
