"""Backups made before a model was renamed still restore: their rows name the old model.

A backup is dumpdata JSON: each row names its model (``"games.game"``), and the permissions
of users and groups are natural keys ``[codename, app label, model name]``. Loading such a
backup rewrites those names to the current ones first.
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

#: Old label -> current label of every model renamed since backups were first made.
RENAMED_MODELS: dict[str, str] = {
    "games.game": "games.tablegame",
    "games.deal": "games.dealentry",
    "games.misdeal": "games.misdealentry",
    "tournaments.seat": "tournaments.tableseat",
}

OPENERS: dict[str, Callable[..., IO[Any]]] = {
    ".gz": gzip.open,
    ".bz2": bz2.open,
    ".xz": lzma.open,
    ".lzma": lzma.open,
}


def backup_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of a backup file, uncompressed by its suffix."""
    opener = OPENERS.get(path.suffix, open)
    with opener(path, "rt", encoding="utf-8") as stream:
        rows = json.load(stream)
    if not isinstance(rows, list):
        raise ValueError(f"{path} is not a list of rows")
    return rows


def _permission_key(key: Any) -> Any:
    """A permission's natural key with the current model name (and its codename's suffix)."""
    if not (isinstance(key, list) and len(key) == 3 and all(isinstance(k, str) for k in key)):
        return key
    codename, app_label, model = key
    renamed = RENAMED_MODELS.get(f"{app_label}.{model}")
    if renamed is None:
        return key
    new_model = renamed.split(".", 1)[1]
    action, _, old_model = codename.rpartition("_")
    if old_model == model and action:
        codename = f"{action}_{new_model}"
    return [codename, app_label, new_model]


def rows_renamed(rows: list[dict[str, Any]]) -> bool:
    """Rewrite old model names in ``rows`` in place; whether there were any."""
    changed = False
    for row in rows:
        label = row.get("model")
        if label in RENAMED_MODELS:
            row["model"] = RENAMED_MODELS[label]
            changed = True
        fields = row.get("fields") or {}
        for name in ("permissions", "user_permissions"):
            keys = fields.get(name)
            if isinstance(keys, list):
                current = [_permission_key(k) for k in keys]
                if current != keys:
                    fields[name] = current
                    changed = True
    return changed
