"""Referee writes from the pages (rulings by deal number, corrections, misdeal waivers,
appeals, the referee call) and the commission's appeal page. Each view checks the role,
runs the service, and on bad input shows the table page again with the form's errors
(nothing is written); on success it goes back where the form was sent from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import selectors, services
from games.forms import (
    AppealForm,
    CorrectionForm,
    DecisionForm,
    RefereeCallForm,
    RulingForm,
    WaiverForm,
)
from games.models import Appeal, AppealStatus, MisdealEntry, Ruling
from games.permissions import (
    can_referee,
    can_score,
    is_party,
    party_refusal,
    require_commission,
)
from games.views.pages import table_context
from scwu.roles import Role, has_role
from scwu.security.params import text_param
from scwu.views.forms import run_service
from tournaments.models import Table, Tournament

T = TypeVar("T")


def _table(table_id: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round__tournament", "round__word", "line_judge"),
        pk=table_id,
    )


def _allowed(request: HttpRequest, table_id: int, check: Callable[[Any, Table], bool]) -> Table:
    table = _table(table_id)
    if not check(request.user, table):
        raise PermissionDenied
    return table


def _back(request: HttpRequest, table: Table, anchor: str = "") -> HttpResponse:
    """Back to the page the form was on (``next``, same site only), at the table's tools."""
    target = request.POST.get("next", "").split("#")[0]
    table_url = reverse("games:table", kwargs={"table_id": table.pk})
    if not target or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = table_url
    if anchor and target != table_url:
        anchor = f"{anchor}-{table.pk}"  # the dashboard's ids carry the table
    return redirect(f"{target}{anchor}")


def _again(request: HttpRequest, table: Table, name: str, form: forms.Form) -> HttpResponse:
    """The table page with the failed form and its errors (HTTP 400: nothing written)."""
    context = table_context(request, table, bound={name: form})
    return render(request, "games/table.html", context, status=400)


def _submit(
    request: HttpRequest,
    table: Table,
    name: str,
    form: forms.Form,
    call: Callable[[dict[str, Any]], T],
    done: str,
) -> HttpResponse:
    if form.is_valid():
        data = form.cleaned_data
        if run_service(form, lambda: call(data)) is not None:
            messages.success(request, done)
            return _back(request, table, "#referee-tools")
    return _again(request, table, name, form)


def _seats(table: Table) -> list[str]:
    return list(table.seats.order_by("position").values_list("position", flat=True))


@login_required
@require_POST
def ruling_make(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _allowed(request, table_id, can_referee)
    form = RulingForm(request.POST, prefix="ruling", seats=_seats(table))

    def call(data: dict[str, Any]) -> Ruling:
        deal = selectors.deal_by_number(table, data["deal_number"])
        ruling = services.ruling_make(
            by=request.user,
            table=table,
            deal=deal,
            kind=data["kind"],
            offender=data["offender"],
            penalty=data["penalty"],
            intentional=data["intentional"],
            reason=data["reason"],
        )
        held = selectors.table_state(table)["held_deals"]
        if held:
            numbers = ", ".join(str(item["number"]) for item in held)
            messages.warning(
                request,
                _("Deals %(numbers)s no longer count after this ruling: held for the referee.")
                % {"numbers": numbers},
            )
        return ruling

    return _submit(request, table, "ruling", form, call, _("Ruling recorded."))


@login_required
@require_POST
def deal_correct(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _allowed(request, table_id, can_referee)
    form = CorrectionForm(request.POST, prefix="correction", seats=_seats(table))

    def call(data: dict[str, Any]) -> Any:
        deal = selectors.deal_by_number(table, data["deal_number"])
        return services.deal_correct(
            by=request.user,
            deal=deal,
            reason=data["reason"],
            losers=data["losers"] or None,
            points=data["points"] or None,
        )

    return _submit(request, table, "correction", form, call, _("Deal corrected."))


@login_required
@require_POST
def misdeal_waive(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _allowed(request, table_id, can_referee)
    form = WaiverForm(request.POST, prefix="waiver", misdeals=selectors.misdeal_choices(table))

    def call(data: dict[str, Any]) -> MisdealEntry:
        misdeal = MisdealEntry.objects.select_related("game__table").get(
            pk=data["misdeal"], game__table=table
        )
        return services.misdeal_waive(by=request.user, misdeal=misdeal)

    return _submit(request, table, "waiver", form, call, _("Misdeal letter waived."))


@login_required
@require_POST
def appeal_file(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _allowed(request, table_id, is_party)
    form = AppealForm(request.POST, prefix="appeal", rulings=selectors.appealable_rulings(table))

    def call(data: dict[str, Any]) -> Appeal:
        ruling = Ruling.objects.select_related("game__table").get(
            pk=data["ruling"], game__table=table
        )
        return services.appeal_file(by=request.user, ruling=ruling, grounds=data["grounds"])

    done = _("Appeal filed: the commission decides it.")
    return _submit(request, table, "appeal", form, call, done)


@login_required
@require_POST
def referee_call(request: HttpRequest, table_id: int) -> HttpResponse:
    """Call the referee or clear the call (the table's line judge, a referee), or
    acknowledge it (a referee)."""
    table = _table(table_id)
    form = RefereeCallForm(request.POST)
    action = form.data.get("action")
    allowed = can_referee if action == "acknowledge" else can_score
    if not allowed(request.user, table):
        raise PermissionDenied
    if not form.is_valid():
        return HttpResponseBadRequest(_("Unknown action."))
    try:
        if action == "acknowledge":
            services.game_referee_acknowledge(by=request.user, table=table)
            messages.success(request, _("Call acknowledged: the table sees you are coming."))
        else:
            services.game_referee_call(by=request.user, table=table, called=action == "call")
            messages.success(
                request, _("Referee called.") if action == "call" else _("Call cleared.")
            )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return _back(request, table)


def _appeal_rows(
    request: HttpRequest, appeals: list[Appeal], bound: dict[int, DecisionForm]
) -> list[tuple[Appeal, DecisionForm, str]]:
    """Each appeal with its decision form and why this member may not decide it ("" if they
    may): a party to it sees the reason instead of a form the decision would refuse."""
    return [
        (
            appeal,
            bound.get(appeal.pk) or DecisionForm(auto_id=f"id_a{appeal.pk}_%s"),
            party_refusal(
                request.user,
                appeal.ruling.game.table,
                filed_by=appeal.filed_by_id,
                referee=appeal.ruling.referee_id,
            ),
        )
        for appeal in appeals
    ]


def _appeals_page(
    request: HttpRequest,
    tournament: Tournament | None,
    bound: dict[int, DecisionForm] | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {
        "tournament": tournament,
        "pending": _appeal_rows(request, list(selectors.appeals_pending(tournament)), bound or {}),
        "decided": list(selectors.appeals_decided(tournament)),
        # The overview names the tournaments with an appeal waiting, each a link to its own.
        "waiting_in": list(selectors.appeal_tournaments()) if tournament is None else [],
        "can_decide": has_role(request.user, Role.COMMISSION),
    }
    return render(request, "games/appeals.html", context, status=status)


def appeals(request: HttpRequest) -> HttpResponse:
    """The commission's overview: every pending appeal with the tournament, round, table and
    deal it is about, and the latest decisions. Public to read (rulings are); a decision is
    posted to the appeal's own tournament (``?tournament=<slug>`` shows that one's page)."""
    slug = text_param(request, "tournament")
    if slug:
        tournament = get_object_or_404(Tournament, slug=slug)
        return redirect("games:tournament-appeals", slug=tournament.slug)
    return _appeals_page(request, None)


def tournament_appeals(request: HttpRequest, slug: str) -> HttpResponse:
    """One tournament's appeals: the page its directors and the commission work from."""
    return _appeals_page(request, get_object_or_404(Tournament, slug=slug))


@login_required
@require_POST
def appeal_decide(request: HttpRequest, slug: str, appeal_id: int) -> HttpResponse:
    """Decide an appeal of the tournament in the address: an appeal of another tournament
    is not found here, so a form of one tournament's page never decides another's."""
    require_commission(request.user)
    tournament = get_object_or_404(Tournament, slug=slug)
    appeal = get_object_or_404(
        Appeal.objects.select_related("ruling__game__table"),
        pk=appeal_id,
        ruling__game__table__round__tournament=tournament,
    )
    form = DecisionForm(request.POST, auto_id=f"id_a{appeal.pk}_%s")
    if form.is_valid():
        data = form.cleaned_data
        done = run_service(
            form,
            lambda: services.appeal_decide(
                by=request.user,
                appeal=appeal,
                overturn=data["decision"] == "overturn",
                reason=data["reason"],
            ),
        )
        if done is not None:
            if done.status == AppealStatus.OVERTURNED:
                messages.success(request, _("Ruling overturned: the table is replayed without it."))
            else:
                messages.success(request, _("Ruling upheld."))
            return redirect("games:tournament-appeals", slug=tournament.slug)
    return _appeals_page(request, tournament, {appeal.pk: form}, status=400)
