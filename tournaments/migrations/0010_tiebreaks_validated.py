from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

import tournaments.models.tournament
from tournaments.standings import DEFAULT_PRECEDENCE, METRICS


def _reset_unrankable_tiebreaks(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    # Saved before the validator existed: a precedence the standings cannot rank by stopped
    # them; such a tournament is ranked by the federation's default again.
    tournament = apps.get_model("tournaments", "Tournament")
    for pk, tiebreaks in tournament.objects.values_list("pk", "tiebreaks"):
        names = tiebreaks if isinstance(tiebreaks, list) else []
        if not all(isinstance(name, str) for name in names):
            names = []
        if not names or len(set(names)) != len(names) or any(n not in METRICS for n in names):
            tournament.objects.filter(pk=pk).update(tiebreaks=list(DEFAULT_PRECEDENCE))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_rename_seat_tableseat"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="tiebreaks",
            field=models.JSONField(
                default=tournaments.models.tournament.default_tiebreaks,
                validators=[tournaments.models.tournament.validate_tiebreaks],
                verbose_name="tie-break precedence",
            ),
        ),
        migrations.RunPython(_reset_unrankable_tiebreaks, migrations.RunPython.noop),
    ]
