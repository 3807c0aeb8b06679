"""The federation's history in open formats: CSV per table, one JSON file, SCN deal records."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.management import call_command

from games.models import DealEntry, DealMode
from scwu.backup.export import exported_models
from tests.security.world import World, build_world
from tournaments.exports import scn_records

# A real deal record, shared with the scorekeeping tests.
FULL_RECORD = json.loads((Path(__file__).parents[1] / "games" / "scn_examples.json").read_text())[
    "played"
]["record"]


@pytest.fixture
def world(db: None) -> World:
    return build_world()


def _read_csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_directory_export_holds_every_table_json_and_scn(world: World, tmp_path: Path) -> None:
    target = tmp_path / "export"
    call_command("export_federation", str(target), verbosity=0)
    manifest = json.loads((target / "manifest.json").read_text())
    everything = json.loads((target / "federation.json").read_text())
    for model in exported_models():
        label = model._meta.label_lower
        rows = _read_csv((target / "csv" / f"{label}.csv").read_text())
        count = model._default_manager.count()
        assert len(rows) == count == manifest["rows"][label] == len(everything[label]), label
    deals = _read_csv((target / "csv" / "games.dealentry.csv").read_text())
    assert {row["id"] for row in deals} == {
        str(pk) for pk in DealEntry.objects.values_list("pk", flat=True)
    }
    scn = (target / "scn" / f"{world.running.slug}.scn").read_text()
    assert f"# round {world.round.number}" in scn
    assert scn.count("# deal 1:") == 2  # both tables' first deals


def test_user_accounts_export_only_id_and_username(world: World, tmp_path: Path) -> None:
    call_command("export_federation", str(tmp_path), verbosity=0)
    text = (tmp_path / "csv" / "auth.user.csv").read_text()
    assert text.splitlines()[0] == "id,username"
    assert "md5$" not in (tmp_path / "federation.json").read_text()  # no password hashes


def test_zip_export_matches_the_directory_export(world: World, tmp_path: Path) -> None:
    call_command("export_federation", str(tmp_path / "dir"), verbosity=0)
    call_command("export_federation", str(tmp_path / "scwu.zip"), verbosity=0)
    with zipfile.ZipFile(tmp_path / "scwu.zip") as archive:
        names = set(archive.namelist())
        deal_csv = archive.read("csv/games.dealentry.csv").decode()
    on_disk = {
        str(p.relative_to(tmp_path / "dir")) for p in (tmp_path / "dir").rglob("*") if p.is_file()
    }
    assert names == on_disk
    assert deal_csv == (tmp_path / "dir" / "csv" / "games.dealentry.csv").read_bytes().decode()


def test_full_deal_records_read_back_with_the_scn_reader(world: World, tmp_path: Path) -> None:
    DealEntry.objects.filter(pk=world.deal.pk).update(mode=DealMode.RECORD, record=FULL_RECORD)
    call_command("export_federation", str(tmp_path), verbosity=0)
    records = scn_records((tmp_path / "scn" / f"{world.running.slug}.scn").read_text())
    assert len(records) == 1
    assert records[0].to_json()["hands"] == FULL_RECORD["hands"]
