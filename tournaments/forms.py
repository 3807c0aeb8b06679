"""Forms of the director's pages; services do the checking."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core import validators
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from scwu.models import Club, Player, PlayingWord
from scwu.models.commission import WordStatus
from scwu.models.players import Gender
from scwu.templatetags.scwu_tags import person_label
from scwu.widgets import DateInput, PickList
from tournaments.league.fields import LeaguePointsField
from tournaments.lifecycle import Action, Context, offers
from tournaments.models import (
    Category,
    RoundStage,
    Season,
    Series,
    TeamMode,
    Tournament,
    TournamentFormat,
)
from tournaments.models.calendar import SEASON_YEAR_MAX, SEASON_YEAR_MIN
from tournaments.models.rounds import (
    PlackaModeChoice,
    drawn_method_choices,
    drawn_method_refusal,
)
from tournaments.models.teams import TEAM_SIZE_MAX, TEAM_SIZE_MIN

#: The team modes that have teams: the tournament form's team fields show for these.
TEAMS_ON = tuple(mode.value for mode in TeamMode if mode != TeamMode.OFF)
#: The tournament's team settings: a form that does not send them keeps what the tournament
#: (or the model's default) has.
TEAM_FIELDS = ("team_mode", "team_size", "team_rule")


def _optional(form: forms.BaseForm, names: tuple[str, ...]) -> None:
    for name in names:
        form.fields[name].required = False


def _unsent_defaults(cleaned: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """Leave out of ``cleaned`` those of ``names`` left empty: the model's default (on a new
    object) or the value it has stays, rather than an empty value the model refuses."""
    for name in names:
        if cleaned.get(name) in (None, ""):
            cleaned.pop(name, None)
    return cleaned


class PersonChoiceField(forms.ModelChoiceField[Any]):
    def label_from_instance(self, obj: Any) -> str:
        return person_label(obj)


class PeopleChoiceField(forms.ModelMultipleChoiceField[Any]):
    widget = PickList

    def label_from_instance(self, obj: Any) -> str:
        return person_label(obj)


class TournamentForm(forms.ModelForm[Tournament]):
    #: The page's parts: (legend, fields, folded in a <details>); every field of Meta once.
    FIELDSETS: tuple[tuple[StrOrPromise, tuple[str, ...], bool], ...] = (
        (
            _("The tournament"),
            ("season", "series", "edition", "name", "category", "start_date", "end_date",
             "venue", "host_clubs", "theme"),
            False,
        ),
        (
            _("Format"),
            ("format", "league_scoring", "league_points", "basic_rounds", "planned_field",
             "has_semifinal", "final_size", "has_small_final", "small_final_size"),
            False,
        ),
        (_("Teams"), ("team_mode", "team_size", "team_rule"), False),
        (_("Officials"), ("head_referee", "line_judges", "directors"), False),
        (
            _("Tables and rules"),
            ("longer_word_rule", "prefer_tables_of", "sit_out_rule", "rank_order", "early_end",
             "tie_without_hejma", "confirm_deal_entry"),
            True,
        ),
    )  # fmt: skip
    #: A field that only matters when another has a value, or one of several (a tick box's
    #: value: ticked). It is hidden, not left out: it keeps its value, and the service still
    #: checks everything.
    SHOWN_WHEN: dict[str, tuple[str, str | bool | tuple[str, ...]]] = {
        "league_scoring": ("format", TournamentFormat.LEAGUE.value),
        "league_points": ("format", TournamentFormat.LEAGUE.value),
        "small_final_size": ("has_small_final", True),
        "team_size": ("team_mode", TEAMS_ON),
        "team_rule": ("team_mode", TEAMS_ON),
    }

    class Meta:
        model = Tournament
        fields = [
            "season", "series", "category", "edition", "name", "start_date", "end_date",
            "venue", "host_clubs", "theme", "head_referee", "line_judges", "directors",
            "format", "league_scoring", "league_points",
            "basic_rounds", "planned_field", "longer_word_rule", "prefer_tables_of",
            "has_semifinal", "final_size", "has_small_final", "small_final_size",
            "sit_out_rule", "rank_order", "early_end", "tie_without_hejma",
            "confirm_deal_entry", "team_mode", "team_size", "team_rule",
        ]  # fmt: skip
        widgets = {"start_date": DateInput(), "end_date": DateInput(), "host_clubs": PickList()}
        field_classes = {
            "head_referee": PersonChoiceField,
            "line_judges": PeopleChoiceField,
            "directors": PeopleChoiceField,
            "league_points": LeaguePointsField,
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The theme is one of the register's (so "detectives" and "Detectives" cannot split).
        themes = sorted(
            set(
                PlayingWord.objects.filter(status=WordStatus.APPROVED)
                .exclude(theme="")
                .values_list("theme", flat=True)
            )
            | ({self.instance.theme} if self.instance.theme else set())
            # the series' usual theme (selectors.series_defaults), offered even when none of
            # its words is approved now
            | ({str(self.initial["theme"])} if self.initial.get("theme") else set()),
            key=str.casefold,
        )
        self.fields["theme"] = forms.ChoiceField(
            # Capitalised as the model fields' labels are (Django capitalises those).
            label=capfirst(_("word theme")),
            choices=[("", _("any theme")), *((t, t) for t in themes)],
            required=False,
            help_text=_("The round form offers this theme's approved words."),
        )
        _optional(self, TEAM_FIELDS)
        team_size = self.fields["team_size"]
        assert isinstance(team_size, forms.IntegerField)
        team_size.min_value, team_size.max_value = TEAM_SIZE_MIN, TEAM_SIZE_MAX
        team_size.widget.attrs.update(min=TEAM_SIZE_MIN, max=TEAM_SIZE_MAX)
        team_size.validators += [
            validators.MinValueValidator(TEAM_SIZE_MIN),
            validators.MaxValueValidator(TEAM_SIZE_MAX),
        ]
        clubs = self.fields["host_clubs"]
        assert isinstance(clubs, forms.ModelMultipleChoiceField) and clubs.queryset is not None
        clubs.queryset = clubs.queryset.order_by("name")
        for name in ("head_referee", "line_judges", "directors"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField) and field.queryset is not None
            field.queryset = (
                field.queryset.filter(is_active=True)
                .select_related("player")
                .order_by("last_name", "first_name", "username")
            )

    def clean(self) -> dict[str, Any]:
        return _unsent_defaults(super().clean() or {}, TEAM_FIELDS)

    def fieldsets(self) -> list[dict[str, Any]]:
        """The parts of the page, each field with whether it is shown now and what shows it."""
        parts = []
        for legend, names, folded in self.FIELDSETS:
            fields = [self._field_shown(name) for name in names]
            parts.append(
                {
                    "legend": legend,
                    "fields": fields,
                    "folded": folded,
                    "has_errors": any(f["field"].errors for f in fields),
                }
            )
        return parts

    def _field_shown(self, name: str) -> dict[str, Any]:
        field = self[name]
        shown: dict[str, Any] = {"field": field, "shown": True, "by": "", "value": ""}
        if name in self.SHOWN_WHEN:
            by, wanted = self.SHOWN_WHEN[name]
            now = self[by].value()
            values = (wanted,) if isinstance(wanted, str) else wanted
            matches = bool(now) if isinstance(values, bool) else str(now or "") in values
            shown.update(
                shown=matches or bool(field.errors),
                by=by,
                # The page's script shows the field for any of these (space-separated).
                value="on" if values is True else " ".join(values) if values else "",
            )
        return shown


class PlayerChoiceField(forms.ModelChoiceField[Player]):
    def label_from_instance(self, obj: Any) -> str:
        return str(obj.nickname)


class EntryRegisterForm(forms.Form):
    player = PlayerChoiceField(label=_("Player"), queryset=Player.objects.order_by("nickname_key"))


class NewcomerForm(forms.Form):
    """A newcomer not yet in the registry; the registry's service checks the nickname."""

    nickname = forms.CharField(label=_("Nickname"), max_length=40)
    real_name = forms.CharField(label=_("Real name"), max_length=120, required=False)
    gender = forms.ChoiceField(
        label=_("Gender"), choices=[("", "–"), *Gender.choices], required=False
    )
    club = forms.ModelChoiceField(
        label=_("Club (optional)"), queryset=Club.objects.order_by("name"), required=False
    )
    email = forms.EmailField(
        label=_("Email (optional: they are invited to claim the player)"), required=False
    )
    check_in = forms.BooleanField(
        label=_("Here now: check in as well"),
        required=False,
        help_text=_("Ticked on the tournament's day: whoever registers at the desk is here."),
    )


class SubstituteForm(forms.Form):
    player = PlayerChoiceField(
        label=_("Substitute"), queryset=Player.objects.order_by("nickname_key")
    )

    def __init__(self, *args: Any, entered_in: Tournament | None = None, **kwargs: Any) -> None:
        """``entered_in``: the desk's list leaves out who is already in that tournament (the
        service refuses them as substitutes). The posted form keeps everyone, so that a stale
        page still gets the service's reason instead of a silent invalid choice."""
        super().__init__(*args, **kwargs)
        if entered_in is not None:
            field = self.fields["player"]
            assert isinstance(field, forms.ModelChoiceField) and field.queryset is not None
            field.queryset = field.queryset.exclude(entries__tournament=entered_in)


class WordChoiceField(forms.ModelChoiceField[PlayingWord]):
    def label_from_instance(self, obj: Any) -> str:
        extra = ", ".join(str(x) for x in (obj.theme, obj.language_name) if x)
        return f"{obj.label} · {obj.letters} ({extra})"


def _approved_word_field() -> WordChoiceField:
    return WordChoiceField(
        label=_("Playing word"),
        queryset=PlayingWord.objects.filter(status=WordStatus.APPROVED).order_by(
            "theme", "letters"
        ),
    )


class _TournamentWordsMixin:
    """The word picker offers the tournament's theme (all approved words if it has none)."""

    fields: dict[str, forms.Field]

    def _limit_words(self, tournament: Tournament | None) -> None:
        field = self.fields["word"]
        assert isinstance(field, forms.ModelChoiceField) and field.queryset is not None
        if tournament is None or not tournament.theme.strip():
            return
        themed = field.queryset.filter(theme__iexact=" ".join(tournament.theme.split()))
        if themed.exists():
            field.queryset = themed


def _first_place_field() -> forms.IntegerField:
    return forms.IntegerField(
        label=_("Best place decided (final or small final)"),
        required=False,
        min_value=1,
        max_value=999,
        help_text=_("Empty: 1 for the final, the place after the finalists for the small final."),
    )


class RoundCreateForm(_TournamentWordsMixin, forms.Form):
    word = _approved_word_field()
    stage = forms.ChoiceField(label=_("Stage"), choices=RoundStage.choices)
    placka_mode = forms.ChoiceField(
        label=_("When the game ends"),
        choices=[("", _("by the stage: elimination for a final")), *PlackaModeChoice.choices],
        required=False,
    )
    first_place = _first_place_field()

    def __init__(self, *args: Any, tournament: Tournament | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._limit_words(tournament)
        if tournament is not None:
            self._limit_stages(tournament)

    def _limit_stages(self, tournament: Tournament) -> None:
        """Offer the stages the lifecycle allows now; say why the others are not offered."""
        field = self.fields["stage"]
        assert isinstance(field, forms.ChoiceField)
        allowed: list[tuple[str, StrOrPromise]] = []
        refused: list[str] = []
        for value, label in RoundStage.choices:
            offer = offers(tournament, [Action.CREATE_ROUND], Context(stage=value))[
                Action.CREATE_ROUND
            ]
            if offer.allowed:
                allowed.append((value, label))
            else:
                refused.append(f"{label}: {offer.reason}")
        field.choices = allowed
        field.help_text = " ".join(refused)


class RoundFormatForm(_TournamentWordsMixin, forms.Form):
    """A round's format, editable until its game starts."""

    word = _approved_word_field()
    placka_mode = forms.ChoiceField(label=_("When the game ends"), choices=PlackaModeChoice.choices)
    first_place = _first_place_field()

    def __init__(self, *args: Any, tournament: Tournament | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._limit_words(tournament)


class DrawStartForm(forms.Form):
    method = forms.ChoiceField(
        label=_("Method"),
        choices=drawn_method_choices(),
        error_messages={"invalid_choice": drawn_method_refusal()},
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


class SeasonForm(forms.Form):
    """A season; the services decide whether the year is free (or may change)."""

    year = forms.IntegerField(label=_("year"), min_value=SEASON_YEAR_MIN, max_value=SEASON_YEAR_MAX)
    name = forms.CharField(
        label=_("name"),
        max_length=Season._meta.get_field("name").max_length,
        required=False,
        help_text=_("Empty: the year."),
    )


class SeriesForm(forms.Form):
    """A series; the services decide whether its name and address are free."""

    name = forms.CharField(label=_("name"), max_length=Series._meta.get_field("name").max_length)
    slug = forms.SlugField(
        label=_("address"),
        max_length=Series._meta.get_field("slug").max_length,
        required=False,
        help_text=_("Empty: made from the name."),
    )
    default_category = forms.ModelChoiceField(
        label=_("default category"), queryset=Category.objects.all(), required=False
    )
    is_team_event = forms.BooleanField(label=_("team event"), required=False)
    # The model's own fields (their choices, labels and help are the model's).
    team_rule = Series._meta.get_field("team_rule").formfield(required=False)
    teams_from_elite_roster = Series._meta.get_field("teams_from_elite_roster").formfield()

    def clean(self) -> dict[str, Any]:
        return _unsent_defaults(super().clean() or {}, ("team_rule",))
