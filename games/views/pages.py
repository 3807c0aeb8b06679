"""Pages: the line judge's table page, the director's dashboard, printable scoresheets,
paper scoresheet entry and the audit trail."""

from __future__ import annotations

import hashlib
import re
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import json_script
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games import selectors, services
from games.contracts import TableState
from games.forms import parse_points
from games.models import TableGame
from games.permissions import can_referee, can_score, may_see_table
from games.views.cards import dashboard_tables_html
from games.views.tools import referee_tools
from scwu.httpcache import public_page
from scwu.security.offline import mark_offline_copy, recorder_id
from scwu.views.forms import run_service
from tournaments.models import Round, Table
from tournaments.visibility import may_see_results

#: The highest deal number a form or the API takes (a real game has a few dozen).
MAX_DEAL_NUMBER = 9999
_ROW = re.compile(r"^\s*(?P<losers>[A-Fa-f](?:\s*[,+]\s*[A-Fa-f])*)\s*(?::(?P<points>.*))?$")


def _table(table_id: int, request: HttpRequest | None = None) -> Table:
    table = get_object_or_404(
        Table.objects.select_related("round__tournament", "round__word", "line_judge"),
        pk=table_id,
    )
    if request is not None and not may_see_table(request.user, table):
        raise Http404
    return table


def table_context(
    request: HttpRequest, table: Table, *, bound: dict[str, forms.Form] | None = None
) -> dict[str, Any]:
    """The table page's context; ``bound`` re-shows a referee form that failed."""
    scorer = can_score(request.user, table)
    # The next deals' states: only a page that records deals follows them offline.
    ahead_deals = selectors.AHEAD_DEALS if scorer else 0
    script, view = kept_state(table, ahead_deals)
    state = view.state
    context: dict[str, Any] = {
        "table": table,
        "state": state,
        "state_script": mark_safe(script),  # json_script's own escaping
        "can_score": scorer,
        # The page asks the API for the next deals' states too (they are opt-in: they cost).
        "ahead_query": f"?ahead={selectors.AHEAD_DEALS}" if scorer else "",
        "can_referee": can_referee(request.user, table),
        # Whose the deals waiting on this phone are: each pending deal carries it, and the
        # page sends only its own account's.
        "recorder": recorder_id(request.user) if scorer else "",
        "tools": referee_tools(request, table, state, view.waivable, bound=bound),
        # The short links' folder (``/t/``): the page registers its worker there too, so the
        # short link of the table's QR code opens offline like the page.
        "short_scope": reverse("table-short", args=[0]).removesuffix("0/"),
    }
    context["body"] = table_body(request, context)
    return context


#: Seconds a table's state as embedded stays kept (its key changes with every write anyway).
STATE_SCRIPT_SECONDS = 600


def kept_state(table: Table, ahead_deals: int) -> tuple[str, selectors.TableView]:
    """The state as the page embeds it (``json_script``, with ``ahead_deals`` deals ahead)
    and the table's view without the tree ahead (what the rest of the page reads): the same
    for every viewer of a kind until the table's next write, so built once and kept under
    :func:`selectors.state_key` once what was read is committed. A reload replays nothing
    and serialises nothing."""
    key = selectors.state_key(table, ahead_deals)
    kept: tuple[str, selectors.TableView] | None = cache.get(key) if key else None
    if kept is not None:
        return kept
    view = selectors.table_view(table, ahead_deals=ahead_deals)
    script = str(json_script(view.state, "table-state"))
    state = cast(TableState, {k: v for k, v in view.state.items() if k != "ahead"})
    built = (script, selectors.TableView(state, view.waivable))
    if key is not None:
        transaction.on_commit(lambda: cache.set(key, built, STATE_SCRIPT_SECONDS))
    return built


def table_texts() -> dict[str, Any]:
    """Texts the table script fills in itself (python-format, which {% translate %} in a
    template does not look up as such), in the current language."""
    return {
        "misdeals": misdeal_plural_forms(),
        "confirmDeal": _("Record deal %(number)s: %(seat)s lost?"),
        "confirmMisdeal": _(
            "Record a misdeal of deal %(number)s? The first misdeal of a deal is free: "
            "%(dealer)s deals again."
        ),
        "confirmMisdealLetter": _(
            "Record a misdeal of deal %(number)s? It is not the first misdeal of this deal: "
            "%(dealer)s takes a letter and deals again."
        ),
        "confirmUndoMisdeal": _(
            "Undo the misdeal of deal %(number)s? It is taken back as if it had not "
            "happened (the audit trail keeps it)."
        ),
        "acknowledged": _("Referee on the way: %(name)s"),
        "waiting": _(
            "No connection to the server: %(count)s deals wait on this phone and will be sent"
            " when it returns."
        ),
        "conflict": _(
            "Deal %(number)s was recorded meanwhile by someone else: %(theirs)s. Their deal "
            "stays as it is."
        ),
        "mine": _("Yours for deal %(number)s, not recorded: %(mine)s."),
        "confirmDiscard": _(
            "Deal %(number)s stays as the other recorder entered it (%(theirs)s). Yours "
            "(%(mine)s) is deleted from this phone and never recorded; your later deals move "
            "up one number. Discard it?"
        ),
        "confirmDrop": _(
            "Yours (%(mine)s) is deleted from this phone and never recorded; your later deals"
            " move up one number. Discard it?"
        ),
        "confirmNext": _(
            "Deal %(number)s stays as the other recorder entered it (%(theirs)s). Yours "
            "(%(mine)s) is recorded after it as deal %(next)s, and your later deals follow "
            "it. Record it?"
        ),
        "offlineKept": _("Offline: %(count)s deals kept on this phone"),
        "asNext": _("Record mine as deal %(number)s"),
        "pointsWhole": _("Seat %(seat)s: give its points as a whole number from 0 to 33."),
        "pointsSum": _("The points of a deal add up to 33; these add up to %(total)s."),
        "pointsHejma": _("Seat %(seat)s took Hejma but has only %(points)s points."),
        "pointsTie": _("%(seats)s tie on %(points)s points: say who took Hejma."),
        "pointsLoser": _("The points say %(seat)s lost this deal."),
        "refusedDeal": _("Deal %(number)s was not recorded: %(reason)s"),
        "foreignDeals": _(
            "Deals recorded on this phone under another account: %(count)s. They stay here"
            " and are sent only when that account signs in again."
        ),
        "otherAccount": _(
            "Your deals waiting on this phone: %(count)s. The phone is now signed in under"
            " another account: they stay here and are sent when you sign in again."
        ),
        "signOutPending": _(
            "Deals waiting on this phone: %(count)s. They have not reached the server, and"
            " signing out deletes them from this phone. Sign out anyway?"
        ),
    }


#: Stands for the viewer's recorder id in a kept body (a body is shared, the id is not).
_RECORDER_SLOT = "scwu-recorder-slot-5b1e2a90"
#: Seconds a table page's body stays kept (its key changes with what it shows).
TABLE_BODY_SECONDS = 600


def table_body(request: HttpRequest, context: dict[str, Any]) -> SafeString:
    """The table page's body (``games/_table_body.html``): the same for every viewer of a kind
    (who may score, who may referee, signed in or not) in a language, so rendered once and
    kept; the viewer's recorder id is put in per request. The state, the referee tools and
    the site's header are not in it."""
    table: Table = context["table"]
    round, state = table.round, context["state"]
    shown = (
        str(table),
        str(round.tournament),
        round.tournament.slug,
        round.tournament.confirm_deal_entry,
        str(round.get_stage_display()),
        round.number,
        state["word"],
        state["status"],
        context["can_score"],
        context["can_referee"],
        request.user.is_authenticated,
        request.path,
        context["ahead_query"],
        context["short_scope"],
    )
    digest = hashlib.blake2b(repr(shown).encode(), digest_size=12).hexdigest()
    key = f"table-page-body:{table.pk}:{digest}:{get_language()}"
    body: str | None = cache.get(key)
    if body is None:
        kept = {**context, "recorder": _RECORDER_SLOT, "table_texts": table_texts()}
        body = render_to_string("games/_table_body.html", kept, request=request)
        cache.set(key, body, TABLE_BODY_SECONDS)
    return mark_safe(body.replace(_RECORDER_SLOT, context["recorder"]))  # our own template


#: A number of each CLDR plural category (what ``Intl.PluralRules`` answers in the browser) for
#: whole numbers in English, Czech and Russian.
_PLURAL_SAMPLES = {"zero": 0, "one": 1, "two": 2, "few": 2, "many": 5, "other": 5}


def misdeal_plural_forms() -> dict[str, str]:
    """ "1 misdeal in this deal" / "3 misdeals …" in the page's language, per plural category.

    The table page picks the form with ``Intl.PluralRules`` (the script has no gettext).
    """
    return {
        category: ngettext(
            "%(count)s misdeal in this deal", "%(count)s misdeals in this deal", sample
        )
        for category, sample in _PLURAL_SAMPLES.items()
    }


def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = selectors.page_table(table_id)
    if table is None or not may_see_table(request.user, table):
        raise Http404
    response = render(request, "games/table.html", table_context(request, table))
    # The phone's worker keeps the page for this session only (scwu.security.offline).
    mark_offline_copy(request, response)
    return response


def _visible_round(request: HttpRequest, **lookup: Any) -> Round:
    round = get_object_or_404(Round.objects.select_related("tournament", "word"), **lookup)
    if not may_see_results(request.user, round):
        raise Http404
    return round


def round_dashboard_by_id(request: HttpRequest, round_id: int) -> HttpResponse:
    """The dashboard's former address, by the round's id: a permanent redirect to the
    round's own address (a hidden round stays a 404, its address is not given away)."""
    round = _visible_round(request, pk=round_id)
    url = reverse("games:dashboard", kwargs={"slug": round.tournament.slug, "number": round.number})
    return redirect(url, permanent=True)


@public_page
def round_dashboard(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round = _visible_round(request, tournament__slug=slug, number=number)
    # The tables' part (their entries and cards, with the referee tools of the tables this
    # viewer may act at) comes from the cache: neither the queries nor the rendering grow with
    # the tables, and a reload with nothing written since renders no table at all.
    tables = dashboard_tables_html(request, round, selectors.round_table_keys(round))
    return render(request, "games/dashboard.html", {"round": round, "tables": tables})


def _scoresheet(table: Table) -> dict[str, Any]:
    """What one table's paper scoresheet shows (``games/_scoresheet.html``)."""
    state = selectors.table_state(table)
    rows = range(1, 4 * len(state["word_letters"]) + 2)
    return {"table": table, "state": state, "rows": rows}


def scoresheet(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table(table_id, request)
    return render(request, "games/scoresheet.html", _scoresheet(table))


def round_scoresheets(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every table's scoresheet of a round on one page, each printed on its own sheet."""
    round = _visible_round(request, tournament__slug=slug, number=number)
    tables = Table.objects.filter(round=round).select_related(
        "round__tournament", "round__word", "line_judge"
    )
    sheets = [_scoresheet(table) for table in tables.order_by("number")]
    return render(request, "games/scoresheets.html", {"round": round, "sheets": sheets})


class PaperForm(forms.Form):
    first_number = forms.IntegerField(
        label=gettext_lazy("First deal on the sheet"), min_value=1, max_value=MAX_DEAL_NUMBER
    )
    rows = forms.CharField(
        label=gettext_lazy("One line per deal: the loser's seat, optionally points"),
        help_text=gettext_lazy("e.g. “C” or “C: A=7 B=0 C=26 D=0”; two losers as “A+B”."),
        widget=forms.Textarea(attrs={"rows": 12, "autocapitalize": "characters"}),
    )

    def clean_rows(self) -> list[services.PaperRow]:
        parsed: list[services.PaperRow] = []
        lines = [line for line in self.cleaned_data["rows"].splitlines() if line.strip()]
        for number, line in enumerate(lines, start=1):
            match = _ROW.match(line)
            if match is None:
                raise forms.ValidationError(
                    _("Line %(n)d: write the loser's seat (A-F), optionally “: A=7 B=0 …”.")
                    % {"n": number}
                )
            losers = tuple(re.findall(r"[A-F]", match["losers"].upper()))
            if any(len(value) > 3 for value in re.findall(r"=\s*(\d+)", match["points"] or "")):
                raise forms.ValidationError(
                    _("Line %(n)d: points are a number from 0 to 33.") % {"n": number}
                )
            points = parse_points(match["points"] or "")
            parsed.append(services.PaperRow(losers, points))
        if not parsed:
            raise forms.ValidationError(_("The scoresheet has no rows."))
        return parsed


@login_required
def paper_entry(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table(table_id)
    if not can_score(request.user, table):
        raise PermissionDenied
    state = selectors.table_state(table)
    next_number = state["next_deal"]["number"] if state["next_deal"] else None
    form = PaperForm(request.POST or None, initial={"first_number": next_number})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        done = run_service(
            form,
            lambda: services.paper_enter(
                by=request.user, table=table, first_number=data["first_number"], rows=data["rows"]
            ),
        )
        if done is not None:
            messages.success(request, _("%(n)d deals entered.") % {"n": len(done)})
            return redirect("games:table", table_id=table.pk)
    return render(
        request,
        "games/paper.html",
        {"table": table, "form": form, "state": state},
        status=400 if form.errors else 200,
    )


@login_required
def audit_trail(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table(table_id)
    if not can_referee(request.user, table):
        raise PermissionDenied
    game = TableGame.objects.of_table(table)
    entries: Any = selectors.audit_list(game) if game is not None else []
    return render(request, "games/audit.html", {"table": table, "entries": entries})
