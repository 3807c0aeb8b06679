"""Store who dealt and who sat out on the deals (and misdeals) recorded before those facts
were stored, as the ledger replays them now, so a later ruling no longer rewrites them.

Reads the historical rows and replays them with :mod:`engine.ledger` (pure Python)."""

from __future__ import annotations

from typing import Any

from django.db import migrations

from engine.ledger import (
    DealCorrected,
    DealRecorded,
    DealUndone,
    Event,
    LedgerSettings,
    Misdeal,
    Penalty,
    PlackaMode,
    RenoncKind,
    RulingMade,
    RulingWithdrawn,
    replay,
)


def _events(apps: Any, game: Any) -> list[Event]:
    stamped: list[tuple[int, Event]] = []
    for deal in apps.get_model("games", "Deal").objects.filter(game=game):
        sat_out = tuple(deal.sat_out) if deal.sat_out is not None else None
        losers = tuple(deal.losers)
        stamped.append(
            (
                deal.seq,
                DealRecorded(f"d{deal.pk}", losers, deal.points, sat_out, deal.dealer or None),
            )
        )
        if deal.undone_seq is not None:
            stamped.append((deal.undone_seq, DealUndone(f"u{deal.pk}")))
    for row in apps.get_model("games", "Misdeal").objects.filter(game=game):
        deal_id = f"d{row.deal_id}" if row.deal_id else None
        stamped.append((row.seq, Misdeal(f"m{row.pk}", deal_id, row.waived, row.dealer or None)))
    for row in apps.get_model("games", "Correction").objects.filter(game=game):
        losers = tuple(row.losers) if row.losers is not None else None
        stamped.append(
            (row.seq, DealCorrected(f"c{row.pk}", f"d{row.deal_id}", losers, row.points))
        )
    for row in apps.get_model("games", "Ruling").objects.filter(game=game):
        ruling = RulingMade(
            f"r{row.pk}",
            f"d{row.deal_id}",
            RenoncKind(row.kind),
            row.offender,
            Penalty(row.penalty),
        )
        stamped.append((row.seq, ruling))
        if row.withdrawn_seq is not None:
            stamped.append((row.withdrawn_seq, RulingWithdrawn(f"w{row.pk}", f"r{row.pk}")))
    stamped.sort(key=lambda pair: pair[0])
    return [event for _, event in stamped]


def backfill(apps: Any, schema_editor: Any) -> None:
    Deal = apps.get_model("games", "Deal")
    MisdealRow = apps.get_model("games", "Misdeal")
    for game in apps.get_model("games", "Game").objects.all().iterator():
        blank_deals = Deal.objects.filter(game=game, dealer="").exists()
        if not blank_deals and not MisdealRow.objects.filter(game=game, dealer="").exists():
            continue
        settings = LedgerSettings.for_word(
            game.word_letters, seats=game.seats, placka_mode=PlackaMode(game.placka_mode)
        )
        state = replay(settings, _events(apps, game))
        pending = state.next_deal.misdeals if state.next_deal is not None else ()
        for misdeal in pending:
            MisdealRow.objects.filter(pk=int(misdeal.event_id.removeprefix("m")), dealer="").update(
                dealer=misdeal.dealer
            )
        for deal_state in state.deals:
            if deal_state.deal_id is None or deal_state.dealer is None:
                continue
            pk = int(deal_state.deal_id.removeprefix("d"))
            Deal.objects.filter(pk=pk, dealer="").update(dealer=deal_state.dealer)
            Deal.objects.filter(pk=pk, sat_out__isnull=True).update(
                sat_out=list(deal_state.sitting_out)
            )
            for misdeal in deal_state.misdeals:
                MisdealRow.objects.filter(
                    pk=int(misdeal.event_id.removeprefix("m")), dealer=""
                ).update(dealer=misdeal.dealer)


class Migration(migrations.Migration):
    dependencies = [("games", "0003_deal_dealer_as_played_referee_acknowledge")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
