from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.online.models import BotLevel
from scwu.models import PlayingWord

#: The word a new practice game offers first, when the commission has approved it.
DEFAULT_WORD = "TONDA"


def default_word() -> PlayingWord | None:
    """The approved word a practice form starts with: TONDA, else the first approved one."""
    approved = PlayingWord.objects.filter(status="approved").order_by("label")
    return approved.filter(label__iexact=DEFAULT_WORD).first() or approved.first()


class PracticeForm(forms.Form):
    word = forms.ModelChoiceField(
        label=_("Playing word"),
        queryset=PlayingWord.objects.filter(status="approved").order_by("label"),
    )
    bots = forms.IntegerField(label=_("Bots"), min_value=0, max_value=3, initial=3)
    bot_level = forms.ChoiceField(
        label=_("Bot level"),
        choices=BotLevel.choices,
        initial=BotLevel.MEDIUM,
        help_text=_("Easy plays by simple rules, medium counts cards, hard thinks ahead."),
    )
    seconds_per_action = forms.IntegerField(
        label=_("Seconds per action"), min_value=5, max_value=600, initial=30
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if not self.is_bound:
            self.fields["word"].initial = default_word()


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
    bot_level = forms.ChoiceField(
        label=_("Bot level"), choices=BotLevel.choices, initial=BotLevel.MEDIUM, required=False
    )
