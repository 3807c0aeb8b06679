"""Translated reasons for a refused draw, from the machine code the draw maths raises."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournaments.seating import DrawError


def draw_error_message(exc: DrawError) -> str:
    p: dict[str, Any] = dict(exc.params)
    messages = {
        "field_too_small": _("%(n)s players checked in: a draw needs at least four.") % p
        if "n" in p
        else "",
        "field_indivisible": _("%(n)s players cannot sit at tables of four to six.") % p
        if "n" in p
        else "",
        "table_too_small": _("Table %(table)s has %(n)s players: a table needs at least four.") % p
        if {"table", "n"} <= p.keys()
        else "",
        "table_too_big": _("Table %(table)s has %(n)s players: a table seats at most six.") % p
        if {"table", "n"} <= p.keys()
        else "",
        "seated_twice": _("%(player)s is seated twice in this draw.") % p if "player" in p else "",
        "not_entrant": _("Entry %(entrant)s is not checked in for this tournament.") % p
        if "entrant" in p
        else "",
        "bad_positions": _("Table %(table)s: positions must run A, B, C, D (E, F).") % p
        if "table" in p
        else "",
        "unknown_method": _("Unknown draw method."),
    }
    return messages.get(exc.code) or _("The draw was refused (%(code)s).") % {"code": exc.code}
