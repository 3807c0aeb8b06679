"""Referee forms of the table page and the round dashboard, and the commission's decision.

Every form names deals by their number at the table, as the deal log and the scoresheet
show them; the services do the checking that needs the game (a form only checks shape).
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import PenaltyChoice, RenoncKindChoice
from scwu.widgets import PickList

_POINT = re.compile(r"([A-Fa-f])\s*=\s*(\d+)")


def parse_points(text: str) -> dict[str, int]:
    """``"A=7 B=0 C=26"`` to ``{"A": 7, "B": 0, "C": 26}`` (seats upper-cased)."""
    return {seat.upper(): int(value) for seat, value in _POINT.findall(text or "")}


def _seat_choices(seats: list[str]) -> list[tuple[str, str]]:
    return [(seat, seat) for seat in seats]


class RulingForm(forms.Form):
    deal_number = forms.IntegerField(label=gettext_lazy("Deal number"), min_value=1)
    kind = forms.ChoiceField(label=gettext_lazy("Renonc"), choices=RenoncKindChoice.choices)
    offender = forms.ChoiceField(label=gettext_lazy("Offending seat"), choices=())
    penalty = forms.ChoiceField(label=gettext_lazy("Penalty"), choices=PenaltyChoice.choices)
    intentional = forms.BooleanField(label=gettext_lazy("Intentional"), required=False)
    reason = forms.CharField(
        label=gettext_lazy("Reason"), widget=forms.Textarea(attrs={"rows": 2}), max_length=2000
    )

    def __init__(self, *args: Any, seats: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["offender"].choices = _seat_choices(seats)  # type: ignore[attr-defined]


class CorrectionForm(forms.Form):
    deal_number = forms.IntegerField(label=gettext_lazy("Deal number"), min_value=1)
    losers = forms.MultipleChoiceField(
        label=gettext_lazy("Loser(s)"),
        choices=(),
        required=False,
        widget=PickList(filterable=False),
    )
    points = forms.CharField(
        label=gettext_lazy("Points (optional)"),
        help_text=gettext_lazy("e.g. “A=7 B=0 C=26 D=0”"),
        required=False,
        max_length=200,
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason"), widget=forms.Textarea(attrs={"rows": 2}), max_length=2000
    )

    def __init__(self, *args: Any, seats: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["losers"].choices = _seat_choices(seats)  # type: ignore[attr-defined]

    def clean_points(self) -> dict[str, int]:
        text = self.cleaned_data.get("points", "")
        points = parse_points(text)
        if text.strip() and not points:
            raise forms.ValidationError(_("Write the points as “A=7 B=0 C=26 D=0”."))
        return points

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("losers") and not data.get("points") and not self.errors:
            raise forms.ValidationError(_("A correction changes the loser(s), the points or both."))
        return data


class WaiverForm(forms.Form):
    misdeal = forms.TypedChoiceField(label=gettext_lazy("Misdeal"), choices=(), coerce=int)

    def __init__(self, *args: Any, misdeals: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["misdeal"].choices = misdeals  # type: ignore[attr-defined]


class AppealForm(forms.Form):
    ruling = forms.TypedChoiceField(label=gettext_lazy("Ruling"), choices=(), coerce=int)
    grounds = forms.CharField(
        label=gettext_lazy("Grounds"), widget=forms.Textarea(attrs={"rows": 2}), max_length=2000
    )

    def __init__(self, *args: Any, rulings: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruling"].choices = rulings  # type: ignore[attr-defined]


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(
        label=gettext_lazy("Decision"),
        choices=(
            ("uphold", gettext_lazy("Uphold the ruling")),
            ("overturn", gettext_lazy("Overturn the ruling")),
        ),
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason"), widget=forms.Textarea(attrs={"rows": 2}), max_length=2000
    )


class RefereeCallForm(forms.Form):
    action = forms.ChoiceField(
        choices=(("call", "call"), ("clear", "clear"), ("acknowledge", "acknowledge"))
    )
