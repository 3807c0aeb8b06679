"""Pages: the line judge's table page, the director's dashboard, printable scoresheets,
paper scoresheet entry and the audit trail."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import selectors, services
from games.models import Game
from games.permissions import can_referee, can_score
from scwu.views.forms import run_service
from tournaments.models import Round, Table

_ROW = re.compile(r"^\s*(?P<losers>[A-Fa-f](?:\s*[,+]\s*[A-Fa-f])*)\s*(?::(?P<points>.*))?$")


def _table(table_id: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round__tournament", "round__word", "line_judge"),
        pk=table_id,
    )


def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table(table_id)
    state = selectors.table_state(table)
    context = {
        "table": table,
        "state": state,
        "can_score": can_score(request.user, table),
        "can_referee": can_referee(request.user, table),
    }
    return render(request, "games/table.html", context)


def round_dashboard(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = get_object_or_404(Round.objects.select_related("tournament", "word"), pk=round_id)
    dashboard = selectors.round_dashboard(round_)
    return render(request, "games/dashboard.html", {"round": round_, "dashboard": dashboard})


def scoresheet(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table(table_id)
    state = selectors.table_state(table)
    rows = range(1, 4 * len(state["letters"]) + 2)
    return render(request, "games/scoresheet.html", {"table": table, "state": state, "rows": rows})


class PaperForm(forms.Form):
    first_number = forms.IntegerField(label=gettext_lazy("First deal on the sheet"), min_value=1)
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
            points: dict[str, int] = {}
            for seat, value in re.findall(r"([A-Fa-f])\s*=\s*(\d+)", match["points"] or ""):
                points[seat.upper()] = int(value)
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
    return render(request, "games/paper.html", {"table": table, "form": form, "state": state})


@login_required
def audit_trail(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _table(table_id)
    if not can_referee(request.user, table):
        raise PermissionDenied
    game = Game.objects.filter(table=table).first()
    entries: Any = selectors.audit_list(game) if game is not None else []
    return render(request, "games/audit.html", {"table": table, "entries": entries})
