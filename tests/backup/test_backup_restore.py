"""Backup and restore round trip: the demo federation, backed up, restored into a freshly
migrated database in another process, row for row the same."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from games.models import AuditEntry, DealEntry
from scwu.backup.dump import backed_up_models, database_is_empty, row_counts
from scwu.backup.renamed import RENAMED_MODELS
from scwu.models import Player
from tournaments.models import Tournament

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = """
import json, django
django.setup()
from django.core.management import call_command
from scwu.backup.dump import row_counts
from tests.backup.test_backup_restore import sample
call_command("migrate", verbosity=0)
call_command("restore", {path!r}, verbosity=0)
print(json.dumps({{"counts": row_counts(), "sample": sample()}}))
"""


def sample() -> dict[str, Any]:
    """A few records of each kind, by their natural identity rather than their ids."""
    return {
        "users": sorted(User.objects.values_list("username", "password", "is_superuser")),
        "players": sorted(Player.objects.values_list("nickname", "nickname_key", "real_name")),
        "tournaments": sorted(Tournament.objects.values_list("slug", "name", "status")),
        "deals": sorted(
            [d.game.table.round.tournament.slug, d.game.table.number, d.number, d.losers]
            for d in DealEntry.objects.select_related("game__table__round__tournament")
        ),
        "audit": sorted(AuditEntry.objects.values_list("action", "summary")),
    }


@pytest.fixture
def demo(db: None) -> dict[str, int]:
    call_command("seed_demo", verbosity=0)
    return row_counts()


def _restore_in_a_fresh_database(backup: Path, tmp_path: Path) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE", "REDIS"))}
    env |= {
        "DJANGO_SETTINGS_MODULE": "scwu.config.settings",
        "SQLITE_PATH": str(tmp_path / "new.db"),
    }
    result = subprocess.run(
        [sys.executable, "-c", SAMPLE.format(path=str(backup))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return dict(json.loads(result.stdout.strip().splitlines()[-1]))


def test_round_trip_into_a_fresh_database(demo: dict[str, int], tmp_path: Path) -> None:
    backup = tmp_path / "scwu.json.gz"
    call_command("backup", str(backup), verbosity=0)
    assert backup.read_bytes()[:2] == b"\x1f\x8b"  # gzip
    restored = _restore_in_a_fresh_database(backup, tmp_path)
    assert restored["counts"] == demo
    assert sum(demo.values()) > 300  # the demo really was there to compare
    assert restored["sample"] == json.loads(json.dumps(sample()))


def test_restore_refuses_a_database_with_data_unless_forced(
    demo: dict[str, int], tmp_path: Path
) -> None:
    backup = tmp_path / "scwu.json"
    call_command("backup", str(backup), verbosity=0)
    Player.objects.create(nickname="Late arrival")
    with pytest.raises(CommandError, match="already holds data"):
        call_command("restore", str(backup), verbosity=0)
    assert Player.objects.filter(nickname="Late arrival").exists()  # nothing changed
    call_command("restore", str(backup), force=True, verbosity=0)
    assert not Player.objects.filter(nickname="Late arrival").exists()
    assert row_counts() == demo


def test_a_backup_made_before_the_models_were_renamed_still_restores(
    demo: dict[str, int], tmp_path: Path
) -> None:
    current = tmp_path / "current.json"
    call_command("backup", str(current), verbosity=0)
    rows = json.loads(current.read_text())
    old_label = {new: old for old, new in RENAMED_MODELS.items()}
    for row in rows:
        row["model"] = old_label.get(row["model"], row["model"])
    assert set(RENAMED_MODELS) <= {row["model"] for row in rows}
    # A permission granted on a renamed model, by the natural key the old backup holds.
    referee = next(
        r for r in rows if r["model"] == "auth.user" and r["fields"]["username"] == "referee"
    )
    referee["fields"]["user_permissions"] = [["change_deal", "games", "deal"]]
    old = tmp_path / "before-the-rename.json.gz"
    with gzip.open(old, "wt", encoding="utf-8") as stream:
        json.dump(rows, stream)
    before = sample()

    call_command("restore", str(old), force=True, verbosity=0)

    assert row_counts() == demo
    assert sample() == before
    assert User.objects.get(username="referee").has_perm("games.change_dealentry")


def test_a_broken_backup_leaves_the_empty_database_empty(db: None, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(
        '[{"model": "scwu.country", "fields": {"iso2": "CZ", "iso3": "CZE"}},'
        ' {"model": "scwu.nosuchmodel", "fields": {}}]'
    )
    with pytest.raises(Exception):  # noqa: B017  (loaddata's own error kinds)
        call_command("restore", str(broken), verbosity=0)
    assert database_is_empty()


def test_backup_leaves_out_what_migrate_recreates_and_sign_in_sessions() -> None:
    labels = {m._meta.label_lower for m in backed_up_models()}
    assert "games.auditentry" in labels and "auth.user" in labels
    assert not labels & {"contenttypes.contenttype", "auth.permission", "sessions.session"}


def test_a_file_name_without_json_is_refused(db: None, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="json"):
        call_command("backup", str(tmp_path / "backup.zip"), verbosity=0)
