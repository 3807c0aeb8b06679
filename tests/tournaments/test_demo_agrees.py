"""The demo's finished tournament: its live, final, records and profile pages and its CSV
all tell the same places and the same success rates (the one tournament figure)."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.core.management import call_command
from django.test import Client

from tournaments.models import Placing, Tournament, TournamentStatus
from tournaments.rankings.records import RECORD_MIN_DEALS, career_totals, records_compute
from tournaments.rankings.selectors import career_figures, player_history
from tournaments.standings import Tally, format_rate

pytestmark = pytest.mark.django_db

PAST = "podzimni-classic-2025"


def _cells(html: str, attribute: str, value: object) -> list[str]:
    """The text of each cell of the table row marked ``attribute="value"``."""
    row = re.search(rf'<tr {attribute}="{value}"[^>]*>(.*?)</tr>', html, re.S)
    assert row is not None, f"no row {attribute}={value}"
    return [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)
    ]


def test_the_demo_finished_tournament_agrees_everywhere() -> None:
    call_command("seed_demo", verbosity=0)
    tournament = Tournament.objects.get(slug=PAST)
    assert tournament.status == TournamentStatus.FINISHED
    placings = list(
        Placing.objects.filter(tournament=tournament).select_related("player").order_by("place")
    )
    assert placings and placings[0].place == 1
    client = Client()

    live = client.get(f"/tournaments/{PAST}/results/").content.decode()
    assert 'id="classification-table"' in live and 'id="basic-rounds-note"' in live
    final = client.get(f"/tournaments/{PAST}/results/final/").content.decode()
    final_list = final.split('id="final-results"')[1].split("</ol>")[0]
    csv_rows = {
        int(r["player_id"]): r
        for r in csv.DictReader(
            io.StringIO(
                client.get(f"/tournaments/{PAST}/results/standings.csv").content.decode("utf-8-sig")
            )
        )
    }
    records = client.get("/records/").content.decode()
    records = records.split('id="best_success_rate"')[1].split("</section>")[0]
    best = next(t for t in records_compute() if t.key == "best_success_rate")
    best_rate = {line.player.pk: line.value for line in best.lines}
    # The demo's players have fewer deals than the record needs: the same table without
    # the threshold shows what the record would say of each.
    unlimited = next(
        t for t in records_compute(min_deals=1, limit=None) if t.key == "best_success_rate"
    )
    any_rate = {line.player.pk: line.value for line in unlimited.lines}
    totals = career_totals()

    for placing in placings:
        rate = format_rate(Tally(placing.deals_played, placing.deals_lost).success_rate)
        place = f"{placing.place}." if placing.place else ""
        # live: the classification row
        live_cells = _cells(live, "data-player", placing.player_id)
        assert live_cells[0] == place
        assert live_cells[2:5] == [str(placing.deals_played), str(placing.deals_lost), rate]
        # final results: the federation's line starts with the same place
        line = re.search(rf'<li data-player="{placing.player_id}"[^>]*>([^<]+)', final_list)
        assert line is not None and line.group(1).startswith(f"{place} {placing.player.nickname}")
        # the CSV: the classification's place and the same figure
        row = csv_rows[placing.player_id]
        assert row["final_place"] == str(placing.place or "")
        assert row["tournament_deals_played"] == str(placing.deals_played)
        assert f"{row['tournament_success_rate']} %" == rate
        # the profile: this tournament's line, and the career figure the records use
        profile = client.get(f"/players/{placing.player_id}/").content.decode()
        profile_cells = _cells(profile, "data-tournament", PAST)
        assert profile_cells[1] == place and profile_cells[3] == rate
        career = career_figures(player_history(placing.player))
        assert (career.deals_played, career.deals_lost) == totals[placing.player_id]
        assert re.search(r'id="career-rate">([^<]+)<', profile).group(1) == career.rate  # type: ignore[union-attr]
        assert any_rate[placing.player_id] == career.rate
        if career.deals_played >= RECORD_MIN_DEALS:
            assert best_rate[placing.player_id] == career.rate
            assert _cells(records, "data-player", placing.player_id)[2] == career.rate
        else:
            assert placing.player_id not in best_rate
            assert 'id="career-below-records"' in profile
