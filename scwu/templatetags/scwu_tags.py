"""Template helpers for the whole site: country badges, people, and figures in the page's
language (``figure``, which every figure a page shows goes through)."""

from __future__ import annotations

from typing import Any

from django import template
from django.core.exceptions import ObjectDoesNotExist
from django.utils.html import format_html
from django.utils.safestring import SafeString

from scwu import figures
from scwu.models import Country

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


@register.filter
def figure(value: object, kind: str = "") -> str:
    """Every figure a page shows, in the page's language (:func:`scwu.figures.figure`):
    ``{{ points|figure }}`` (``8,7`` in Czech), ``{{ rate|figure:"%" }}`` (``54,5 %``),
    ``{{ "25.2 ± 8.2"|figure }}``."""
    return figures.figure(value, kind)
