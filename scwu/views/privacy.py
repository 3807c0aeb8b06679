"""Privacy: what the site keeps and why; a person's data to download; erasure."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scwu.services.privacy import personal_data
from scwu.views.people_forms import EraseForm
from tournaments.services.privacy import person_erase


def privacy(request: HttpRequest) -> HttpResponse:
    return render(request, "people/privacy.html")


@login_required
def my_data(request: HttpRequest) -> HttpResponse:
    """Everything the site holds about the signed-in person, as a JSON download."""
    response = JsonResponse(
        personal_data(request.user),  # type: ignore[arg-type]
        encoder=DjangoJSONEncoder,
        json_dumps_params={"indent": 2, "ensure_ascii": False},
    )
    response["Content-Disposition"] = 'attachment; filename="scwu-my-data.json"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
def erase(request: HttpRequest) -> HttpResponse:
    """Says what erasure does and asks to confirm; then erases and signs out."""
    form = EraseForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        person_erase(by=request.user, user=request.user)  # type: ignore[arg-type]
        logout(request)
        messages.success(request, _("Your account is deleted and your name replaced."))
        return redirect("privacy")
    return render(request, "people/erase.html", {"form": form}, status=400 if form.errors else 200)
