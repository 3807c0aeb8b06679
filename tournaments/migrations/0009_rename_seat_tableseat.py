"""The seat at a drawn table gets a name distinct from the engine's ``Seat`` enum:
``TableSeat``. Its table is renamed with it."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_league_format_and_nights"),
        # games.SeatResult points at tournaments.Seat; it must exist to be re-pointed.
        ("games", "0006_rename_game_deal_misdeal"),
    ]

    operations = [migrations.RenameModel(old_name="Seat", new_name="TableSeat")]
