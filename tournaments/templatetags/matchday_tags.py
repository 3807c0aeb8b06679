"""Template helpers of match day: the table page's short URL and its QR code, drawn here as SVG."""

from __future__ import annotations

from typing import Any

import segno
from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from tournaments.models import Table

register = template.Library()


def table_short_url(request: Any, table: Table) -> str:
    """The absolute short URL of ``table``'s page (``/t/<id>/``), as a phone should open it."""
    return str(request.build_absolute_uri(reverse("table-short", args=[table.pk])))


def table_qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (no inline style: the CSP allows it as it is)."""
    code = segno.make_qr(url, error="m")
    return str(code.svg_inline(scale=4, border=2, svgclass="qr", lineclass=None, omitsize=True))


@register.simple_tag(takes_context=True)
def table_qr(context: template.Context, table: Table) -> SafeString:
    """A printed table's QR code and short URL: scan it or type it to open the table page."""
    url = table_short_url(context["request"], table)
    shown = url.split("://", 1)[-1]
    return format_html(
        '<figure class="table-qr" data-url="{}">{}<figcaption>{}</figcaption></figure>',
        url,
        mark_safe(table_qr_svg(url)),  # segno's own markup: only the URL's modules, no input
        shown,
    )
