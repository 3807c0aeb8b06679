"""Forms of the Smoke pages. They only shape input; the services and the engine decide."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from engine.smoke.jargon import check_line
from engine.smoke.rules import DEFAULT_RULES
from games.smoke.models import HAND_SIZE, SmokeParticipant
from scwu.models import Club
from scwu.widgets import DateInput

INFRACTION_ROWS = 3
STAY, SIT = "stay", "sit"


class SessionCreateForm(forms.Form):
    name = forms.CharField(label=_("Name of the session"), max_length=120)
    date = forms.DateField(label=_("Date"), initial=dt.date.today, widget=DateInput())
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.all(), required=False)
    participants = forms.CharField(
        label=_("Participants in seating order (clockwise), one name a line"),
        widget=forms.Textarea(attrs={"rows": 6, "autocapitalize": "words"}),
    )
    first_dealer = forms.CharField(
        label=_("First distributor"),
        max_length=40,
        required=False,
        help_text=_("Leave empty: the first participant deals first."),
    )
    start = forms.IntegerField(label=_("Start tally"), min_value=1, initial=DEFAULT_RULES.start)
    box = forms.IntegerField(
        label=_("In the box at or below"), min_value=0, initial=DEFAULT_RULES.box
    )
    max_sits = forms.IntegerField(
        label=_("Sits in a row allowed"), min_value=1, initial=DEFAULT_RULES.max_sits
    )
    penalty = forms.IntegerField(
        label=_("Pickup per infraction"), min_value=0, initial=DEFAULT_RULES.penalty
    )
    blank = forms.IntegerField(
        label=_("Pickup for a stayer with no trick"), min_value=0, initial=DEFAULT_RULES.blank
    )

    def clean_participants(self) -> list[str]:
        lines = str(self.cleaned_data["participants"]).splitlines()
        return [line.strip() for line in lines if line.strip()]

    def service_kwargs(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        names: list[str] = data["participants"]
        data["first_dealer"] = data["first_dealer"] or (names[0] if names else "")
        return data


class HandForm(forms.Form):
    """One hand: for each participant stay or sit and tricks; infractions; first trick."""

    def __init__(
        self,
        *args: Any,
        participants: Sequence[SmokeParticipant],
        must_play: Sequence[str] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.participants = list(participants)
        names = [("", "—")] + [(p.name, p.name) for p in self.participants]
        for p in self.participants:
            self.fields[f"play_{p.seat}"] = forms.ChoiceField(
                label=p.name,
                choices=[(STAY, _("stays")), (SIT, _("sits"))],
                initial=STAY,
                widget=forms.RadioSelect,
            )
            self.fields[f"tricks_{p.seat}"] = forms.IntegerField(
                label=_("Tricks taken by %(name)s") % {"name": p.name},
                min_value=0,
                max_value=HAND_SIZE,
                required=False,
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "class": "tricks", "placeholder": _("tricks")}
                ),
            )
            self.fields[f"play_{p.seat}"].must_play = p.name in must_play  # type: ignore[attr-defined]
        self.fields["first_trick"] = forms.ChoiceField(
            label=_("Took the first trick (distributes next)"), choices=names, required=False
        )
        for row in range(INFRACTION_ROWS):
            self.fields[f"infraction_who_{row}"] = forms.ChoiceField(
                label=_("Who"), choices=names, required=False
            )
            self.fields[f"infraction_what_{row}"] = forms.CharField(
                label=_("What"),
                max_length=120,
                required=False,
                widget=forms.TextInput(attrs={"placeholder": _("renege, card word, ...")}),
            )
        self.fields["first_out"] = forms.ChoiceField(
            label=_("First to reach zero (only when two reach it in one hand)"),
            choices=names,
            required=False,
        )

    def seat_rows(self) -> list[tuple[SmokeParticipant, forms.BoundField, forms.BoundField]]:
        """Each participant with his stay/sit choice and tricks field, for the template."""
        return [(p, self[f"play_{p.seat}"], self[f"tricks_{p.seat}"]) for p in self.participants]

    def infraction_rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [
            (self[f"infraction_who_{row}"], self[f"infraction_what_{row}"])
            for row in range(INFRACTION_ROWS)
        ]

    def service_kwargs(self) -> dict[str, Any]:
        """The cleaned form as ``smoke_hand_record`` arguments."""
        data = self.cleaned_data
        stayed = [p.name for p in self.participants if data[f"play_{p.seat}"] == STAY]
        tricks: dict[str, int] = {}
        for p in self.participants:
            value = data.get(f"tricks_{p.seat}")
            if value is not None and (value or p.name in stayed):
                tricks[p.name] = value
        infractions = []
        for row in range(INFRACTION_ROWS):
            who = data.get(f"infraction_who_{row}")
            what = (data.get(f"infraction_what_{row}") or "").strip()
            if who:
                infractions.append((who, what or "infraction"))
        return {
            "stayed": stayed,
            "tricks": tricks,
            "infractions": infractions,
            "first_trick": data.get("first_trick") or None,
            "first_out": data.get("first_out") or None,
        }


class JargonForm(forms.Form):
    line = forms.CharField(
        label=_("What was said at the table"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def findings(self) -> list[Any]:
        return check_line(self.cleaned_data["line"]) if self.is_valid() else []
