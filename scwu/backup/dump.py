"""Back up and restore the whole database as compressed JSON (Django's dumpdata/loaddata).

Natural keys are used where the models have them (users, groups, content types), so a backup
loads into any freshly migrated database, SQLite or PostgreSQL. Left out: what migrate
recreates (content types, permissions), sign-in sessions, the admin's change log and the
login-lockout records.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from django.apps import apps
from django.core.management import CommandError, call_command
from django.db import connection, models, transaction
from django.utils.translation import gettext as _

from scwu.backup.renamed import backup_rows, rows_renamed

EXCLUDED = ("contenttypes", "auth.permission", "sessions", "admin.logentry", "axes")
#: Rows that a fresh ``migrate`` creates itself (the role groups): their presence still
#: counts as an empty database.
CREATED_BY_MIGRATIONS = ("auth.group",)
#: Compressions that dumpdata and loaddata both understand, by file suffix.
SUFFIXES = (".gz", ".bz2", ".xz", ".lzma", ".json")


def backed_up_models() -> list[type[models.Model]]:
    """The models a backup holds, in a stable order."""
    chosen = []
    for model in apps.get_models():
        label = model._meta.label_lower
        if label in EXCLUDED or model._meta.app_label in EXCLUDED:
            continue
        if model._meta.proxy or not model._meta.managed:
            continue
        chosen.append(model)
    return sorted(chosen, key=lambda m: m._meta.label_lower)


def row_counts() -> dict[str, int]:
    return {m._meta.label_lower: m._default_manager.count() for m in backed_up_models()}


def database_is_empty() -> bool:
    return not any(
        count for label, count in row_counts().items() if label not in CREATED_BY_MIGRATIONS
    )


def _check_suffix(path: Path) -> None:
    if path.suffix not in SUFFIXES or (path.suffix != ".json" and ".json" not in path.suffixes):
        raise CommandError(
            _("Name the backup file *.json or *.json.gz (or .bz2, .xz): %(path)s") % {"path": path}
        )


def backup_write(path: Path) -> dict[str, int]:
    """Write everything to ``path`` (compressed by its suffix); return the row counts."""
    _check_suffix(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # It holds password hashes: readable by its owner only, from the first byte written.
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
    os.chmod(path, 0o600)
    with transaction.atomic():  # one consistent view of the data on PostgreSQL
        counts = row_counts()
        call_command(
            "dumpdata",
            *[m._meta.label_lower for m in backed_up_models()],
            natural_foreign=True,
            natural_primary=True,
            output=str(path),
            verbosity=0,
        )
    return counts


@transaction.atomic
def backup_restore(path: Path, *, force: bool = False) -> dict[str, int]:
    """Load a backup into this (migrated) database, all or nothing.

    Refuses a database that already holds data unless ``force``, which first empties it.
    """
    _check_suffix(path)
    if not path.exists():
        raise CommandError(_("No backup file at %(path)s.") % {"path": path})
    if not database_is_empty():
        if not force:
            raise CommandError(
                _(
                    "The database already holds data; restore into an empty database "
                    "(migrate a new one), or pass --force to replace everything in it."
                )
            )
        postgresql = connection.vendor == "postgresql"
        if postgresql:
            # Foreign keys are checked at commit; PostgreSQL refuses to TRUNCATE a table
            # with such checks still pending in this transaction, so run them now...
            with connection.cursor() as cursor:
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        call_command("flush", interactive=False, verbosity=0)
        if postgresql:
            # ...and defer them again: loaddata inserts rows in any order.
            with connection.cursor() as cursor:
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")
    _load(path)
    return row_counts()


def _load(path: Path) -> None:
    """loaddata ``path``; a backup made before a model was renamed loads under the new name."""
    try:
        rows = backup_rows(path)
    except (ValueError, OSError, EOFError):
        rows = []  # not readable as a backup: loaddata itself says what is wrong with it
    if not rows_renamed(rows):
        call_command("loaddata", str(path), verbosity=0)
        return
    with tempfile.TemporaryDirectory() as folder:  # private (0700): the rows hold password hashes
        current = Path(folder) / "backup.json"
        current.write_text(json.dumps(rows), encoding="utf-8")
        call_command("loaddata", str(current), verbosity=0)
