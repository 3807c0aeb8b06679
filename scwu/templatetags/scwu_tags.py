"""Template helpers for the whole site: country badges and locale-aware percentages."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from django import template
from django.core.exceptions import ObjectDoesNotExist
from django.utils.formats import get_format
from django.utils.html import format_html
from django.utils.safestring import SafeString

from scwu.models import Country
from tournaments.standings import format_rate

register = template.Library()


@register.filter
def country_badge(country: Country | None) -> SafeString | str:
    """A country as its uploaded flag picture or, without one, a small alpha-3 code badge.

    Never an emoji flag: those render as empty boxes where the system has no emoji font.
    """
    if country is None:
        return ""
    if country.flag_image:
        return format_html(
            '<img class="flag" src="{}" alt="{}" title="{}" width="20" height="14">',
            country.flag_image.url,
            country.iso3,
            country.name,
        )
    return format_html('<abbr class="flag-badge" title="{}">{}</abbr>', country.name, country.iso3)


@register.filter
def rate(value: Fraction | float | None) -> str:
    """A success rate as a percentage in the page's locale: ``54,5 %`` in Czech."""
    if value is None:
        return format_rate(None)
    return format_rate(Fraction(value), decimal_sep=str(get_format("DECIMAL_SEPARATOR")))


def person_label(user: Any) -> str:
    """An account as people know it: the real name (else the player's nickname), then the login.

    The commission's pages and the director's pickers name people the same way.
    """
    if user is None:
        return ""
    try:
        player = user.player
    except ObjectDoesNotExist:
        player = None
    name = user.get_full_name() or (player.nickname if player is not None else "")
    return f"{name} ({user.get_username()})" if name else str(user.get_username())


@register.filter
def person(user: Any) -> str:
    return person_label(user)


_FIGURE = re.compile(r"^(-?\d+)\.(\d+)( %)?$")


@register.filter
def figure(value: object) -> str:
    """A figure rounded by ``tournaments.standings`` ("8.7", "54.5 %") in the page's locale.

    Those figures are rounded half up on exact fractions and printed with a point; this only
    swaps the point for the locale's decimal separator ("8,7" in Czech). Anything else as is.
    """
    text = str(value)
    match = _FIGURE.match(text)
    if match is None:
        return text
    whole, decimals, percent = match.groups()
    return f"{whole}{get_format('DECIMAL_SEPARATOR')}{decimals}{percent or ''}"
