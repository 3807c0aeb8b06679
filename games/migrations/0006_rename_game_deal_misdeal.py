"""The scorekeeping models get names of their own, distinct from the engine's ``Game``,
``Deal`` and ledger ``Misdeal``: ``Game`` becomes ``TableGame`` (the game scored at one
table), ``Deal`` becomes ``DealEntry`` and ``Misdeal`` becomes ``MisdealEntry`` (a deal, a
misdeal as entered at that table). Their tables are renamed with them."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_audit_append_only_trigger"),
        # The rating history points at games.Game; it must exist to be re-pointed.
        ("rating", "0001_player_rating_and_history"),
        ("tournaments", "0008_league_format_and_nights"),
    ]

    operations = [
        migrations.RenameModel(old_name="Game", new_name="TableGame"),
        migrations.RenameModel(old_name="Deal", new_name="DealEntry"),
        migrations.RenameModel(old_name="Misdeal", new_name="MisdealEntry"),
    ]
