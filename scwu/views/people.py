"""A person's pages: email settings, one-click unsubscribe, invitations."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from scwu.models import ClaimInvitation, CommissionInvitation, NotificationKind
from scwu.services import invitations, notifications
from scwu.views.forms import run_service
from scwu.views.people_forms import InviteForm, PersonSettingsForm
from tournaments.models import TournamentInvitation
from tournaments.services.invitations import tournament_invitation_accept

#: Each kind of invitation and how accepting it grants its role (one link address for all).
ACCEPT: list[tuple[type[Any], Any]] = [
    (CommissionInvitation, invitations.commission_invitation_accept),
    (ClaimInvitation, invitations.claim_invitation_accept),
    (TournamentInvitation, tournament_invitation_accept),
]


@login_required
def person_settings(request: HttpRequest) -> HttpResponse:
    """The language of my emails and which notifications I get."""
    current = notifications.person_settings(request.user)
    form = PersonSettingsForm(
        request.POST if request.method == "POST" else None,
        initial={
            "language": current.language,
            "wanted": [k for k in NotificationKind.values if current.wants(k)],
        },
    )
    if request.method == "POST" and form.is_valid():
        wanted = set(form.cleaned_data["wanted"])
        saved = run_service(
            form,
            lambda: notifications.person_settings_update(
                user=request.user,
                language=form.cleaned_data["language"],
                muted=[k for k in NotificationKind.values if k not in wanted],
            ),
        )
        if saved is not None:
            messages.success(request, _("Your email settings are saved."))
            return redirect("people-settings")
    return render(
        request,
        "people/settings.html",
        {"form": form, "has_email": bool(getattr(request.user, "email", ""))},
        status=400 if form.errors else 200,
    )


def sessionless(view: Any) -> Any:
    """A page that acts for nobody signed in: the signed link in its address is the proof,
    and mail programs post it (RFC 8058 one-click) with no session and no CSRF token."""
    view.sessionless = True
    return csrf_exempt(view)


@sessionless
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """One click, no sign-in: the page's button (or the mail program's one-click post)."""
    try:
        user, kind = notifications.unsubscribe_read(token)
    except ValidationError as exc:
        return render(request, "people/unsubscribe.html", {"error": exc.messages}, status=400)
    done = False
    if request.method == "POST":
        notifications.unsubscribe(token)
        done = True
    return render(
        request,
        "people/unsubscribe.html",
        {"kind": NotificationKind(kind).label, "done": done, "for_user": user},
    )


def _invitation(token: str) -> tuple[Any, Any]:
    """The open invitation a link names, and how to accept it."""
    last: ValidationError | None = None
    for model, accept in ACCEPT:
        try:
            return invitations.invitation_find(model, token), accept
        except ValidationError as exc:
            if exc.error_dict["token"][0].code != "invalid":
                raise
            last = exc
    assert last is not None
    raise last


def invitation_accept(request: HttpRequest, token: str) -> HttpResponse:
    """What the invitation gives, and a button to accept it (after signing in: the link
    brings the person back here)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    try:
        invitation, accept = _invitation(token)
    except ValidationError as exc:
        return render(request, "people/invitation.html", {"error": exc.messages}, status=404)
    if request.method == "POST":
        try:
            accept(token=token, user=request.user)
        except ValidationError as exc:
            return render(request, "people/invitation.html", {"error": exc.messages}, status=409)
        messages.success(
            request, _("Invitation accepted: %(offer)s.") % {"offer": invitation.offer()}
        )
        return redirect("home")
    return render(request, "people/invitation.html", {"invitation": invitation})


@login_required
def commission_invite(request: HttpRequest) -> HttpResponse:
    """The commission's chair invites a member by email."""
    if not invitations.may_invite_to_commission(request.user):
        raise PermissionDenied(_("Only the commission's chair invites its members."))
    form = InviteForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        sent = run_service(
            form,
            lambda: invitations.commission_invite(
                by=request.user, email=form.cleaned_data["email"]
            ),
        )
        if sent is not None:
            messages.success(request, _("Invitation sent to %(email)s.") % {"email": sent.email})
            return redirect("commission-invite")
    sent_list = CommissionInvitation.objects.all()[:20]
    return render(
        request,
        "people/commission_invite.html",
        {"form": form, "invitations": sent_list},
        status=400 if form.errors else 200,
    )
