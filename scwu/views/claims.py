"""Claiming a registry player: the person asks, a director or the club's captain decides."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scwu.models import ClaimStatus, Player, PlayerClaim
from scwu.services import claims
from scwu.views.forms import run_service
from scwu.views.people_forms import ClaimForm


@login_required
def claim(request: HttpRequest) -> HttpResponse:
    """Ask to be a registry player (or a new one); see the request's state; withdraw it."""
    me: Any = request.user  # signed in (login_required)
    player = Player.objects.filter(user=me).first()
    pending = PlayerClaim.objects.filter(user=me, status=ClaimStatus.PENDING).first()
    form = None
    if player is None and pending is None:
        initial = {"player": request.GET.get("player")} if request.GET.get("player") else {}
        form = ClaimForm(request.POST if request.method == "POST" else None, initial=initial)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            asked = run_service(
                form,
                lambda: claims.claim_request(
                    by=request.user,
                    player=data["player"],
                    nickname=data["nickname"],
                    real_name=data["real_name"],
                    message=data["message"],
                ),
            )
            if asked is not None:
                messages.success(
                    request, _("Asked. A tournament director or your club's captain confirms.")
                )
                return redirect("people-claim")
    history = PlayerClaim.objects.filter(user=me).select_related("player")
    return render(
        request,
        "people/claim.html",
        {"player": player, "pending": pending, "form": form, "history": history},
        status=400 if form is not None and form.errors else 200,
    )


@login_required
@require_POST
def claim_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    found = get_object_or_404(PlayerClaim, pk=pk, user_id=request.user.pk)
    try:
        claims.claim_withdraw(by=request.user, claim=found)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("people-claim")


@login_required
def claims_to_decide(request: HttpRequest) -> HttpResponse:
    """The requests the signed-in director or captain may confirm or refuse."""
    if not claims.may_decide_any(request.user):
        raise PermissionDenied(
            _("Only tournament directors and club captains confirm players' claims.")
        )
    pending = claims.claims_to_decide(request.user)
    return render(request, "people/claims_to_decide.html", {"claims": pending})


@login_required
@require_POST
def claim_decide(request: HttpRequest, pk: int) -> HttpResponse:
    found = get_object_or_404(PlayerClaim, pk=pk)
    confirm = request.POST.get("decision") == "confirm"
    try:
        if confirm:
            player = claims.claim_confirm(by=request.user, claim=found)
            messages.success(
                request,
                _("%(user)s is now %(player)s.")
                % {"user": found.user.get_username(), "player": player.nickname},
            )
        else:
            claims.claim_refuse(by=request.user, claim=found)
            messages.success(request, _("Request refused."))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("people-claims")
