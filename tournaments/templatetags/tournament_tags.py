"""Template helpers: draw flags as translated sentences, tournament roles for buttons."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

register = template.Library()


def flag_text_of(flag: dict[str, Any]) -> str:
    """One draw flag (machine code and params) as a sentence in the current language."""
    code = flag.get("code", "")
    p = dict(flag.get("params") or {})
    if code == "repeat":
        rounds = ", ".join(str(r) for r in p.get("rounds", []))
        return _("Repeat: %(a)s and %(b)s met in round %(rounds)s.") % {**p, "rounds": rounds}
    if code == "same_club":
        return _("Same club: %(a)s and %(b)s (%(club)s).") % p
    if code == "position_again":
        return _("%(player)s sits at %(position)s for the %(times)s. time.") % p
    if code in ("table_of_5", "table_of_6"):
        return ngettext(
            "Table of %(n)d: one seat sits out each deal.",
            "Table of %(n)d: two seats sit out each deal.",
            p.get("n", 5) - 4,
        ) % {"n": p.get("n", 5)}
    if code == "not_seated":
        return _("Not seated: %(players)s.") % {"players": ", ".join(p.get("players", []))}
    return _("Note: %(code)s") % {"code": code}


@register.filter
def flag_text(flag: dict[str, Any]) -> str:
    return flag_text_of(flag)


@register.filter
def seat_count(table: Any) -> int:
    return len(table.seats.all())
