"""Translated reasons and flags of a draw, from the machine codes ``tournaments.pairing`` gives.

Flags are stored on ``Table.flags`` (and round-level ones in ``Round.draw_report``) as the
pairing package's ``code`` + ``params`` (player ids, a team id), plus ``labels``: the nicknames
of those ids (a list for ``teammates``) and the team's name at draw time, so a page can print
the sentence in its language without another query.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.pairing.errors import FieldSizeError, PairingError, TieAtCutError

PLAYER_PARAMS = ("a", "b", "player")


def flag_labelled(
    flag: dict[str, Any], names: Mapping[int, str], teams: Mapping[int, str] | None = None
) -> dict[str, Any]:
    """Add ``labels`` (nicknames of the player params, the team's name) to a pairing flag's
    dict."""
    params = flag.get("params", {})
    labels: dict[str, Any] = {
        k: names.get(int(params[k]), str(params[k])) for k in PLAYER_PARAMS if k in params
    }
    if "teammates" in params:
        labels["teammates"] = [names.get(int(p), str(p)) for p in params["teammates"]]
    if "team" in params:
        labels["team"] = (teams or {}).get(int(params["team"]), str(params["team"]))
    return {
        "code": flag["code"],
        "params": params,
        "table": flag.get("table"),
        "labels": labels,
    }


def flag_text_of(flag: Mapping[str, Any]) -> str:
    """One draw flag as a sentence in the current language."""
    p: dict[str, Any] = {**dict(flag.get("params") or {}), **dict(flag.get("labels") or {})}
    code = flag.get("code", "")
    if isinstance(p.get("teammates"), list):
        p["teammates"] = get_text_list([str(x) for x in p["teammates"]], pgettext("names", "and"))
    templates = {
        "repeat_unavoidable": _("%(a)s and %(b)s met in round %(rounds)s: unavoidable."),
        "repeat": _("%(a)s and %(b)s met in round %(rounds)s."),
        "table_size": _(
            "Table of %(size)s: %(players)s players do not divide into tables of %(preferred)s."
        ),
        "seat_a_again": _("%(player)s sits A again: everyone at this table has had A."),
        "left_out": _("%(player)s is not seated: %(status)s."),
        "teammates_together": _("Teammates at one table: %(teammates)s (team %(team)s)."),
        "player_twice": _("%(player)s is seated %(count)s times."),
        "unknown_player": _("%(player)s is not an entrant of this round."),
        "ineligible": _("%(player)s cannot be seated: %(status)s."),
        "not_seated": _("%(player)s has no seat."),
        "table_too_small": _(
            "Table %(table)s has %(size)s players; a table needs at least %(min)s."
        ),
        "table_too_large": _("Table %(table)s has %(size)s players; the most allowed is %(max)s."),
    }
    if "status" in p:
        p["status"] = {"withdrawn": _("withdrawn"), "banned": _("banned")}.get(
            p["status"], p["status"]
        )
    try:
        return templates[code] % p
    except (KeyError, TypeError, ValueError):
        return _("Note: %(code)s") % {"code": code}


def pairing_error_message(exc: PairingError, names: Mapping[int, str] | None = None) -> str:
    """A refused draw, in the current language."""
    p: dict[str, Any] = dict(exc.params)
    names = names or {}
    if isinstance(exc, TieAtCutError):
        players = ", ".join(names.get(int(i), str(i)) for i in p.get("players", []))  # type: ignore[union-attr]
        return _(
            "%(players)s tie at place %(place)s, across the final cut: a play-off game is needed."
        ) % {"players": players, "place": p.get("place", "?")}
    if isinstance(exc, FieldSizeError):
        if "size" in p and "players" not in p:
            return _("A final table of %(size)s is not allowed.") % p
        if "max" in p and "players" in p:
            return _("%(players)s players cannot be seated at tables of %(min)s to %(max)s.") % p
        if "players" in p:
            return _("%(players)s players are too few: a table needs at least %(min)s.") % p
    return _("The draw was refused: %(reason)s") % {"reason": exc.message}
