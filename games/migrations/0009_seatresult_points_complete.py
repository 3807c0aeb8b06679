from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def _mark_rows_without_points(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    # A row with deals but no points at all is certainly incomplete; a row with points for
    # some deals only is known to be so after `manage.py results_rebuild` replays its game.
    seat_result = apps.get_model("games", "SeatResult")
    seat_result.objects.filter(penalty_points__isnull=True, deals_played__gt=0).update(
        points_complete=False
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_deal_analysis"),
    ]

    operations = [
        migrations.AddField(
            model_name="seatresult",
            name="points_complete",
            field=models.BooleanField(default=True, verbose_name="points entered for every deal"),
        ),
        migrations.RunPython(_mark_rows_without_points, migrations.RunPython.noop),
    ]
