"""Smoke pages: the session list, a new session, the tally with the record-hand form,
the history, undo, and the jargon checker. Phone first: the scorekeeper sits at the mesa."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine.smoke.jargon import suggest
from games.smoke import selectors, services
from games.smoke.forms import HandForm, JargonForm, SessionCreateForm
from games.smoke.models import SmokeSession
from scwu.views.forms import run_service


def _session(pk: int) -> SmokeSession:
    try:
        return selectors.smoke_session_get(pk=pk)
    except SmokeSession.DoesNotExist as exc:
        raise Http404(_("No such Smoke session.")) from exc


def session_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(selectors.smoke_session_list(), 30).get_page(request.GET.get("page"))
    return render(request, "smoke/session_list.html", {"page": page})


@login_required
def session_create(request: HttpRequest) -> HttpResponse:
    form = SessionCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        session = run_service(
            form,
            lambda: services.smoke_session_create(by=request.user, **form.service_kwargs()),
        )
        if session is not None:
            messages.success(request, _("Session opened. You keep the tally."))
            return redirect("smoke-session-detail", pk=session.pk)
    return render(
        request, "smoke/session_create.html", {"form": form}, status=400 if form.errors else 200
    )


def _detail_context(request: HttpRequest, session: SmokeSession, form: HandForm | None) -> Any:
    sheet = selectors.smoke_sheet(session)
    can_keep = services.can_keep_score(request.user, session)
    if form is None and can_keep and not sheet.is_over():
        form = HandForm(
            participants=selectors.smoke_participants(session), must_play=sheet.must_play()
        )
    return {
        "session": session,
        "sheet": sheet,
        "rows": selectors.smoke_tally_table(session, sheet),
        "readout": sheet.readout() if sheet.results else None,
        "hand_count": len(sheet.results),
        "next_dealer": sheet.dealer,
        "can_keep": can_keep,
        "form": form if can_keep and not sheet.is_over() else None,
    }


def session_detail(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    return render(request, "smoke/session_detail.html", _detail_context(request, session, None))


@login_required
@require_POST
def hand_record(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    if not services.can_keep_score(request.user, session):
        raise PermissionDenied(_("Only the scorekeeper may record hands."))
    sheet = selectors.smoke_sheet(session)
    form = HandForm(
        request.POST,
        participants=selectors.smoke_participants(session),
        must_play=sheet.must_play(),
    )
    if form.is_valid():
        hand = run_service(
            form,
            lambda: services.smoke_hand_record(
                by=request.user, session=session, **form.service_kwargs()
            ),
        )
        if hand is not None:
            messages.success(request, _("Hand %(number)d recorded.") % {"number": hand.number})
            return redirect("smoke-session-detail", pk=session.pk)
    session = _session(pk)
    return render(
        request, "smoke/session_detail.html", _detail_context(request, session, form), status=400
    )


@login_required
@require_POST
def hand_undo(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    if not services.can_keep_score(request.user, session):
        raise PermissionDenied(_("Only the scorekeeper may undo hands."))
    if request.POST.get("confirm") != "yes":
        # Deleting a hand takes back its scores: the form's box says so and must be ticked
        # (the browser asks for it; this is for a post without it).
        messages.error(request, _("Tick the box to confirm: the hand is deleted."))
        return redirect("smoke-session-detail", pk=session.pk)
    try:
        number = services.smoke_hand_undo(by=request.user, session=session)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Hand %(number)d undone.") % {"number": number})
    return redirect("smoke-session-detail", pk=session.pk)


def session_history(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    history = selectors.smoke_history(session)
    return render(request, "smoke/session_history.html", {"session": session, "history": history})


def jargon_check(request: HttpRequest) -> HttpResponse:
    form = JargonForm(request.GET if "line" in request.GET else None)
    findings = form.findings() if form.is_bound else []
    context = {
        "form": form,
        "findings": findings,
        "suggestion": suggest(form.cleaned_data["line"])
        if form.is_bound and form.is_valid()
        else "",
    }
    return render(request, "smoke/jargon.html", context)
