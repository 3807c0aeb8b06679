"""Forms of the people's pages: claims, invitations, email settings, erasure."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from scwu.models import NotificationKind, Player
from scwu.widgets import PickList


class UnclaimedPlayerField(forms.ModelChoiceField[Player]):
    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.nickname} ({obj.real_name})" if obj.real_name else str(obj.nickname)


class ClaimForm(forms.Form):
    """Either a registry player without an account, or the nickname of a new one."""

    player = UnclaimedPlayerField(
        label=_("I am this registry player"),
        queryset=Player.objects.filter(user__isnull=True).order_by("nickname_key"),
        required=False,
    )
    nickname = forms.CharField(label=_("…or I am new: my nickname"), max_length=40, required=False)
    real_name = forms.CharField(label=_("Real name"), max_length=120, required=False)
    message = forms.CharField(
        label=_("A word for whoever confirms (club, where you played)"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def clean(self) -> dict[str, Any] | None:
        data = super().clean() or {}
        if bool(data.get("player")) == bool(str(data.get("nickname") or "").strip()):
            raise forms.ValidationError(
                _("Choose your registry player, or give a nickname if you are new (not both).")
            )
        return data


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("Email address"))


class PersonSettingsForm(forms.Form):
    language = forms.ChoiceField(label=_("Language of my emails"), choices=settings.LANGUAGES)
    wanted = forms.MultipleChoiceField(
        label=_("Email me when"),
        choices=NotificationKind.choices,
        required=False,
        widget=PickList(filterable=False),
    )


class EraseForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("Yes, delete my account and replace my name everywhere by a pseudonym"),
    )
