"""Finding 5: every CSV cell a spreadsheet would run as a formula is neutralised (one helper,
``scwu.security.csv_cells``, used by every CSV writer); finding 11: a line break in a
tournament name or a word label cannot forge an SCN record line."""

from __future__ import annotations

import csv
import io

import pytest

from scwu.backup.export import federation_export
from scwu.security.csv_cells import neutralise
from tests.tournaments.results_setup import make_scene
from tournaments.exports.scn import scn_records

pytestmark = pytest.mark.django_db

EVIL = ('=HYPERLINK("http://x")', "@SUM(A1)", "-2+3+cmd", "+1+1")
FORGED = '{"forged":true}'


def test_finding_05_csv_cells_are_neutralised_everywhere() -> None:
    scene = make_scene()
    seats = list(scene.setup.table.seats.select_related("entry__player").order_by("position"))
    for seat, evil in zip(seats, EVIL, strict=True):
        seat.entry.player.nickname = evil
        seat.entry.player.save()
    scene.lose("C")
    public = scene.client_for(None)
    texts = [
        public.get(url).content.decode("utf-8-sig")
        for url in (
            f"/tournaments/{scene.slug}/results/standings.csv",
            f"/tournaments/{scene.slug}/rounds/1/standings.csv",
            f"/api/tournaments/{scene.slug}/exports/standings.csv",
            f"/tournaments/{scene.slug}/results/classification.csv",
        )
    ]
    files: dict[str, str] = {}
    federation_export(type("Sink", (), {"write": lambda self, n, t: files.__setitem__(n, t)})())
    texts.append(files["csv/scwu.player.csv"])
    for text in texts:
        cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
        for evil in EVIL:
            assert evil not in cells
            assert "'" + evil in cells


def test_finding_05_numbers_stay_numbers() -> None:
    assert neutralise("-2") == "-2" and neutralise(-2) == -2 and neutralise("3.5") == "3.5"


def test_finding_11_a_line_break_in_a_name_or_word_cannot_forge_a_scn_record() -> None:
    scene = make_scene()
    tournament = scene.setup.tournament
    tournament.name = f"Cup\n{FORGED}\r{FORGED}\u2028{FORGED}"
    tournament.save()
    word = scene.setup.round.word
    word.label = f"KOCKA\n{FORGED}"
    word.save()
    scene.lose("C")
    text = scene.client_for(None).get(f"/tournaments/{scene.slug}/results/deals.scn")
    body = text.content.decode()
    assert all(line.startswith("#") or not line.strip() for line in body.splitlines())
    assert scn_records(body) == []
