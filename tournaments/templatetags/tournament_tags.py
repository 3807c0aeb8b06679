"""Template helpers: draw flags as sentences in the page's language; the export kinds; the
standings' cells."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from tournaments.exports.kinds import ExportKind, page_exports
from tournaments.exports.rows import StandingLine
from tournaments.services.draw_errors import flag_text_of
from tournaments.standings import Tally

register = template.Library()


@register.filter
def flag_text(flag: dict[str, Any]) -> str:
    return flag_text_of(flag)


@register.simple_tag
def export_kinds(page: str) -> tuple[ExportKind, ...]:
    """The export files a results page links to, in its order
    (``{% export_kinds "final" as kinds %}``)."""
    return page_exports(page)


@register.simple_tag
def standing_cells(line: StandingLine) -> SafeString:
    """A standings row's cells after its place (``{% standing_cells line %}``). The live page
    renders the standings again at every version, and a deal changes the figures of a few
    players (the places of more): the cells are rendered once per player's figures and
    language and remembered by this process (so an edit of their template shows after a
    restart)."""
    shown = (line.player_id, line.nickname, line.club, line.country, line.status)
    return _standing_cells(shown, line.at_cut_tie, line.total, get_language())


@lru_cache(maxsize=4096)
def _standing_cells(
    shown: tuple[object, ...], at_cut_tie: bool, total: Tally, language: str
) -> SafeString:
    del language  # part of the memo's key: the words and figures are in that language
    player_id, nickname, club, country, status = shown
    line = {
        "player_id": player_id,
        "nickname": nickname,
        "club": club,
        "country": country,
        "status": status,
        "at_cut_tie": at_cut_tie,
        "total": total,
        "success_rate": total.success_rate,
    }
    return mark_safe(render_to_string("tournaments/_standing_cells.html", {"line": line}))
