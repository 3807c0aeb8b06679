"""Template helpers: draw flags as sentences in the page's language; the export kinds."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.exports.kinds import ExportKind, page_exports
from tournaments.services.draw_errors import flag_text_of

register = template.Library()


@register.filter
def flag_text(flag: dict[str, Any]) -> str:
    return flag_text_of(flag)


@register.simple_tag
def export_kinds(page: str) -> tuple[ExportKind, ...]:
    """The export files a results page links to, in its order
    (``{% export_kinds "final" as kinds %}``)."""
    return page_exports(page)
