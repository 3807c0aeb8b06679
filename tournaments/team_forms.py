"""Forms of the team pages: which club, then the team (its name, members and substitute).
The team services do the checking (``tournaments.services.teams``)."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from scwu.models import Club, Player
from scwu.widgets import PickList
from tournaments import selectors
from tournaments.models import Team, Tournament

TEAM_NAME_MAX = Team._meta.get_field("name").max_length
#: A player's id as a form sends it (ASCII digits, within a database key's range).
_WHOLE = re.compile(r"[0-9]{1,18}")


class _Nickname:
    def label_from_instance(self, obj: Any) -> str:
        return str(obj.nickname)


class PlayersField(_Nickname, forms.ModelMultipleChoiceField[Player]):
    widget = PickList


class PlayerField(_Nickname, forms.ModelChoiceField[Player]):
    pass


class TeamClubForm(forms.Form):
    """The club a new team is entered for (the clubs the user may enter teams of)."""

    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none())

    def __init__(self, *args: Any, clubs: list[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["club"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Club.objects.filter(pk__in=[c.pk for c in clubs]).order_by("name")


class TeamForm(forms.Form):
    """A team's name, its scoring members and its substitute.

    Offered: the club's players the team service accepts
    (:func:`tournaments.selectors.team_candidates`). A posted form takes the players it names
    as well, so that a stale page, or a player who is not the club's, gets the service's
    reason rather than a silent "not one of the choices"."""

    name = forms.CharField(label=_("Team name"), max_length=TEAM_NAME_MAX)
    members = PlayersField(label=_("Players"), queryset=Player.objects.none())
    substitute = PlayerField(
        label=_("Substitute (optional)"),
        queryset=Player.objects.none(),
        required=False,
        empty_label=_("no substitute"),
    )

    def __init__(
        self,
        *args: Any,
        tournament: Tournament,
        club: Club,
        team: Team | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        candidates = selectors.team_candidates(tournament, club, team)
        offered: QuerySet[Player] = Player.objects.filter(
            Q(pk__in=candidates.values("pk")) | Q(pk__in=self._posted_players())
        ).order_by("nickname_key")
        for name in ("members", "substitute"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = offered
        members = self.fields["members"]
        members.help_text = _("Exactly %(size)d players; the substitute besides them.") % {
            "size": tournament.team_size
        }

    def _posted_players(self) -> list[int]:
        if not self.is_bound:
            return []
        data: Any = self.data
        members = data.getlist("members") if hasattr(data, "getlist") else data.get("members")
        if not isinstance(members, list | tuple):
            members = [members]
        named = [*members, data.get("substitute", "")]
        return [int(v) for v in named if isinstance(v, str | int) and _WHOLE.fullmatch(str(v))]
