"""The audit trail is append-only in the database, deletes included.

* Deleting a game, table, round or tournament that has audit rows is refused (PROTECT, so the
  admin names the rows in the way) instead of taking the rows with it.
* PostgreSQL: a trigger refuses any DELETE of an audit row, beside migration 0005's UPDATE
  trigger. TRUNCATE (the owner emptying the whole database: ``restore --force``, the test
  suite's flush) fires no row trigger and stays possible.
* SQLite (the embedded setup): a trigger refuses UPDATE as on PostgreSQL. DELETE is refused
  by the ORM only: SQLite's flush is ``DELETE FROM`` every table, which a trigger would stop.
"""

from __future__ import annotations

import django.db.models.deletion
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

POSTGRESQL_CREATE = """
CREATE OR REPLACE FUNCTION games_auditentry_no_delete() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'The audit trail is append-only.' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS games_auditentry_no_delete ON games_auditentry;
CREATE TRIGGER games_auditentry_no_delete BEFORE DELETE ON games_auditentry
    FOR EACH ROW EXECUTE FUNCTION games_auditentry_no_delete();
"""
POSTGRESQL_DROP = """
DROP TRIGGER IF EXISTS games_auditentry_no_delete ON games_auditentry;
DROP FUNCTION IF EXISTS games_auditentry_no_delete();
"""
# The one change allowed, as on PostgreSQL: forgetting a deleted account (SET NULL of "by").
SQLITE_CREATE = """
CREATE TRIGGER IF NOT EXISTS games_auditentry_no_update BEFORE UPDATE ON games_auditentry
WHEN NOT (
    NEW.by_id IS NULL AND OLD.by_id IS NOT NULL AND NEW.id IS OLD.id
    AND NEW.game_id IS OLD.game_id AND NEW.at IS OLD.at AND NEW.action IS OLD.action
    AND NEW.summary IS OLD.summary AND NEW.detail IS OLD.detail
    AND NEW.before IS OLD.before AND NEW.after IS OLD.after
)
BEGIN
    SELECT RAISE(ABORT, 'The audit trail is append-only.');
END
"""
SQLITE_DROP = "DROP TRIGGER IF EXISTS games_auditentry_no_update"


def forwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRESQL_CREATE)
    elif vendor == "sqlite":
        schema_editor.execute(SQLITE_CREATE)


def backwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRESQL_DROP)
    elif vendor == "sqlite":
        schema_editor.execute(SQLITE_DROP)


class Migration(migrations.Migration):
    dependencies = [("games", "0006_rename_game_deal_misdeal")]

    operations = [
        migrations.AlterField(
            model_name="auditentry",
            name="game",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="audit",
                to="games.tablegame",
                verbose_name="game",
            ),
        ),
        migrations.RunPython(forwards, backwards),
    ]
