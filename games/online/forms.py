from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scwu.models import PlayingWord


class PracticeForm(forms.Form):
    word = forms.ModelChoiceField(
        label=_("Playing word"),
        queryset=PlayingWord.objects.filter(status="approved").order_by("label"),
    )
    bots = forms.IntegerField(label=_("Bots"), min_value=0, max_value=3, initial=3)
    seconds_per_action = forms.IntegerField(
        label=_("Seconds per action"), min_value=5, max_value=600, initial=30
    )


class DecideForm(forms.Form):
    decision = forms.ChoiceField(
        label=_("Decision"),
        choices=[("bot", _("Let a bot play")), ("wait", _("Keep waiting"))],
    )


class OnlineStartForm(forms.Form):
    seconds_per_action = forms.IntegerField(
        label=_("Seconds per action"), min_value=5, max_value=600, initial=30
    )
    grace_seconds = forms.IntegerField(
        label=_("Grace seconds"), min_value=0, max_value=600, initial=30
    )
