"""Template helpers: draw flags as sentences in the page's language."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.services.draw_errors import flag_text_of

register = template.Library()


@register.filter
def flag_text(flag: dict[str, Any]) -> str:
    return flag_text_of(flag)
