"""The audit trail is append-only in the database too: on PostgreSQL a trigger refuses any
UPDATE of an audit row, whatever code (or person at psql) tries it, except forgetting the
author when the account is deleted."""

from __future__ import annotations

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

CREATE = """
CREATE OR REPLACE FUNCTION games_auditentry_append_only() RETURNS trigger AS $$
BEGIN
    -- The one change allowed: forgetting a deleted account (ON DELETE SET NULL of "by").
    IF NEW.by_id IS NULL AND OLD.by_id IS NOT NULL
        AND (NEW.id, NEW.game_id, NEW.at, NEW.action, NEW.summary)
            IS NOT DISTINCT FROM (OLD.id, OLD.game_id, OLD.at, OLD.action, OLD.summary)
        AND NEW.detail::text = OLD.detail::text AND NEW.before::text = OLD.before::text
        AND NEW.after::text = OLD.after::text THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'The audit trail is append-only.' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS games_auditentry_no_update ON games_auditentry;
CREATE TRIGGER games_auditentry_no_update BEFORE UPDATE ON games_auditentry
    FOR EACH ROW EXECUTE FUNCTION games_auditentry_append_only();
"""
DROP = """
DROP TRIGGER IF EXISTS games_auditentry_no_update ON games_auditentry;
DROP FUNCTION IF EXISTS games_auditentry_append_only();
"""


def forwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def backwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("games", "0004_deal_dealer_backfill")]

    operations = [migrations.RunPython(forwards, backwards)]
