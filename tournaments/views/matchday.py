"""Match-day pages: a table's short URL (printed with its QR code) and a judge's tables."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from tournaments import matchday
from tournaments.models import Table


def table_short(request: HttpRequest, table_id: int) -> HttpResponse:
    """``/t/<id>/``: the short address on seat cards and table lists, to the table page."""
    table = get_object_or_404(Table, pk=table_id)
    return redirect("games:table", table_id=table.pk)


@login_required
def my_tables(request: HttpRequest) -> HttpResponse:
    """The tables in play that the signed-in line judge or referee works at."""
    tables = matchday.table_list_for_user(request.user)
    return render(request, "tournaments/my_tables.html", {"tables": tables})
