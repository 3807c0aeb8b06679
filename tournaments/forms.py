"""Forms of the director's pages; services do the checking."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scwu.models import Player, PlayingWord
from scwu.models.commission import WordStatus
from tournaments.models import RoundStage, Tournament
from tournaments.models.rounds import DrawMethod


class DateInput(forms.DateInput):
    input_type = "date"


class TournamentForm(forms.ModelForm[Tournament]):
    class Meta:
        model = Tournament
        fields = [
            "season", "series", "category", "edition", "name", "start_date", "end_date",
            "venue", "host_clubs", "theme", "head_referee", "line_judges", "directors",
            "basic_rounds", "planned_field", "longer_word_rule", "prefer_tables_of",
            "has_semifinal", "final_size", "has_small_final", "small_final_size",
            "sit_out_rule", "rank_order", "early_end", "tie_without_hejma",
        ]  # fmt: skip
        widgets = {"start_date": DateInput(), "end_date": DateInput()}


class PlayerChoiceField(forms.ModelChoiceField[Player]):
    def label_from_instance(self, obj: Any) -> str:
        return str(obj.nickname)


class EntryRegisterForm(forms.Form):
    player = PlayerChoiceField(label=_("Player"), queryset=Player.objects.order_by("nickname_key"))


class SubstituteForm(forms.Form):
    player = PlayerChoiceField(
        label=_("Substitute"), queryset=Player.objects.order_by("nickname_key")
    )


class RoundCreateForm(forms.Form):
    word = forms.ModelChoiceField(
        label=_("Playing word"),
        queryset=PlayingWord.objects.filter(status=WordStatus.APPROVED).order_by(
            "theme", "letters"
        ),
    )
    stage = forms.ChoiceField(label=_("Stage"), choices=RoundStage.choices)


class DrawStartForm(forms.Form):
    method = forms.ChoiceField(
        label=_("Method"), choices=[c for c in DrawMethod.choices if c[0] != DrawMethod.MANUAL]
    )
    seed = forms.IntegerField(
        label=_("Seed (empty: by lot)"), required=False, min_value=0, max_value=2**63 - 1
    )


class SwapForm(forms.Form):
    seat = forms.IntegerField(widget=forms.HiddenInput)
    entry = forms.IntegerField(label=_("Player"))


class ManualDrawForm(forms.Form):
    tables = forms.CharField(
        label=_("Tables: one line per table, nicknames in seat order A, B, C…"),
        widget=forms.Textarea(attrs={"rows": 8}),
    )
