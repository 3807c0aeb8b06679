from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scwu.models.commission import Verdict


class WordProposeForm(forms.Form):
    label = forms.CharField(label=_("Label as shown"), max_length=60, required=False)
    letters = forms.CharField(label=_("Letters players collect"), max_length=40)
    language = forms.ChoiceField(
        label=_("Language"),
        choices=[("cs", _("Czech")), ("en", _("English")), ("ru", _("Russian"))],
    )
    theme = forms.CharField(label=_("Theme"), max_length=80, required=False)


class WordReviewForm(forms.Form):
    verdict = forms.ChoiceField(label=_("Verdict"), choices=Verdict.choices)
    reason = forms.CharField(
        label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
