"""Match-day pages: a table's short URL (printed with its QR code) and a judge's tables."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from games.permissions import may_see_table
from tournaments import matchday
from tournaments.models import Table


def table_short(request: HttpRequest, table_id: int) -> HttpResponse:
    """``/t/<id>/``: the short address on seat cards and table lists, to the table page.

    A table that does not exist and one the visitor may not see (a draft draw's, a held
    round's) answer alike, so the address tells nobody which ids exist: a signed-out visitor
    is asked to sign in (the line judge who scanned the seat card comes back here), anyone
    else gets a 404."""
    table = Table.objects.select_related("round__tournament").filter(pk=table_id).first()
    if table is not None and may_see_table(request.user, table):
        return redirect("games:table", table_id=table.pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise Http404


@login_required
def my_tables(request: HttpRequest) -> HttpResponse:
    """The tables in play that the signed-in line judge or referee works at."""
    tables = matchday.table_list_for_user(request.user)
    return render(request, "tournaments/my_tables.html", {"tables": tables})
