from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scwu.models import Club, Player
from scwu.models.commission import WORD_LANGUAGES, Verdict
from scwu.services.words import letters_match_label
from scwu.widgets import PickList


class EliteRosterForm(forms.Form):
    """A captain's elite roster for a season; the club services check it."""

    season = forms.IntegerField(label=_("Season"), min_value=1900, max_value=2999)
    players = forms.ModelMultipleChoiceField(
        label=_("Players (at most six)"),
        queryset=Player.objects.none(),
        required=False,
        widget=PickList,
    )

    def __init__(self, *args: object, club: Club, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["players"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = Player.objects.filter(memberships__club=club).distinct()


class WordProposeForm(forms.Form):
    label = forms.CharField(label=_("Label as shown"), max_length=60, required=False)
    letters = forms.CharField(label=_("Letters players collect"), max_length=40)
    language = forms.ChoiceField(label=_("Language"), choices=WORD_LANGUAGES)
    theme = forms.CharField(label=_("Theme"), max_length=80, required=False)
    confirm_letters = forms.BooleanField(
        label=_("Yes, these letters are meant for this label"), required=False
    )

    def clean(self) -> dict[str, object] | None:
        data = super().clean() or {}
        label, letters = str(data.get("label") or ""), str(data.get("letters") or "")
        if letters and not data.get("confirm_letters") and not letters_match_label(label, letters):
            self.add_error(
                "letters",
                _(
                    "The letters do not appear in the label. Check them, or tick the box to "
                    "confirm that they are meant."
                ),
            )
        return data


class WordReviewForm(forms.Form):
    verdict = forms.ChoiceField(label=_("Verdict"), choices=Verdict.choices)
    reason = forms.CharField(
        label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
