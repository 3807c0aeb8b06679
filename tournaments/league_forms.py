"""The director's form for a league night: the date, who is here, the playing word."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scwu.widgets import DateInput, PickList
from tournaments.forms import _approved_word_field, _TournamentWordsMixin
from tournaments.models import Entry, EntryStatus, Tournament


class PresentChoiceField(forms.ModelMultipleChoiceField[Entry]):
    widget = PickList

    def label_from_instance(self, obj: Entry) -> str:
        return str(obj.player.nickname)


class NightDrawForm(_TournamentWordsMixin, forms.Form):
    night = forms.DateField(label=_("Night"), widget=DateInput(), initial=dt.date.today)
    present = PresentChoiceField(
        label=_("Present tonight"),
        queryset=Entry.objects.none(),
        required=False,
        help_text=_("Tick everyone who plays tonight; the others sit this night out."),
    )
    word = _approved_word_field()
    seed = forms.IntegerField(
        label=_("Seed (empty: the season's)"), required=False, min_value=0, max_value=2**31 - 1
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._limit_words(tournament)
        present = self.fields["present"]
        assert isinstance(present, forms.ModelMultipleChoiceField)
        present.queryset = (
            Entry.objects.filter(tournament=tournament)
            .exclude(status=EntryStatus.WITHDRAWN)
            .select_related("player")
            .order_by("player__nickname_key")
        )
