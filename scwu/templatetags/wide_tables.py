"""``{% widetable %}``: the one wrapper for a table that can be wider than a phone's screen.

    {% load wide_tables %}
    {% widetable _("Standings") sticky=2 %}<table class="table">…</table>{% endwidetable %}

The table scrolls sideways inside the wrapper, never the page. Its first ``sticky`` columns
(1 unless told; 0 for none) stay in view while it scrolls, so a row always says whose it is.
The scrolling box is a labelled region that takes the keyboard's focus (arrow keys scroll it;
axe's scrollable-region-focusable). While the table is wider than the box, ``site.js`` marks
the wrapper so that its far edge fades and a "scroll" hint shows above it (``site.css``,
"phone tables, cards and thumb-sized controls").
"""

from __future__ import annotations

from django import template
from django.template.base import FilterExpression, NodeList, Parser, Token
from django.template.context import Context
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

register = template.Library()


class WideTableNode(template.Node):
    def __init__(self, nodelist: NodeList, label: FilterExpression, sticky: int) -> None:
        self.nodelist = nodelist
        self.label = label
        self.sticky = sticky

    def render(self, context: Context) -> SafeString:
        return format_html(
            '<div class="wide-table" data-wide-table data-sticky="{}">'
            '<p class="wide-table-hint" aria-hidden="true" hidden>{}</p>'
            '<div class="wide-table-frame">'
            '<div class="wide-table-scroll" tabindex="0" role="region" aria-label="{}">{}</div>'
            "</div></div>",
            self.sticky,
            _("Scroll for more columns →"),
            self.label.resolve(context),
            mark_safe(self.nodelist.render(context)),  # the template's own rendered markup
        )


@register.tag("widetable")
def widetable(parser: Parser, token: Token) -> WideTableNode:
    bits = token.split_contents()
    if len(bits) not in (2, 3):
        raise template.TemplateSyntaxError("{% widetable label [sticky=N] %}")
    sticky = 1
    if len(bits) == 3:
        name, _sep, value = bits[2].partition("=")
        if name != "sticky" or value not in {"0", "1", "2"}:
            raise template.TemplateSyntaxError("widetable: sticky=0, 1 or 2")
        sticky = int(value)
    nodelist = parser.parse(("endwidetable",))
    parser.delete_first_token()
    return WideTableNode(nodelist, parser.compile_filter(bits[1]), sticky)
