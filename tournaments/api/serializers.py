"""Serializers of the tournaments API: output models, and one input serializer per write."""

from __future__ import annotations

from typing import Any

from django.db import models
from rest_framework import serializers

from scwu.api.serializers import PlayerCreateInputSerializer
from scwu.model_serializer import ModelSerializer
from scwu.models import Club, Player, PlayingWord
from tournaments.models import (
    Category,
    Entry,
    Round,
    RoundStage,
    Season,
    Series,
    Table,
    TableSeat,
    Tournament,
    TournamentStatus,
)
from tournaments.models.calendar import SEASON_YEAR_MAX, SEASON_YEAR_MIN
from tournaments.models.rounds import (
    DrawMethod,
    PlackaModeChoice,
    drawn_method_choices,
    drawn_method_refusal,
)
from tournaments.models.teams import TEAM_RULE_CHOICES, TEAM_SIZE_MAX, TEAM_SIZE_MIN
from tournaments.standings import METRICS
from tournaments.visibility import may_see_draw


class SeasonSerializer(ModelSerializer[Season]):
    class Meta:
        model = Season
        fields = ["id", "year", "name"]


class CategorySerializer(ModelSerializer[Category]):
    points = serializers.SerializerMethodField()

    class Meta:
        model = Category
        fields = ["id", "name", "code", "points"]

    def get_points(self, obj: Category) -> dict[str, int]:
        return {str(p.place): p.points for p in obj.points.all()}


class SeriesSerializer(ModelSerializer[Series]):
    class Meta:
        model = Series
        fields = [
            "id", "name", "slug", "default_category", "is_team_event", "team_rule",
            "teams_from_elite_roster",
        ]  # fmt: skip


def model_max_length(model: type[models.Model], name: str) -> int:
    field = model._meta.get_field(name)
    assert isinstance(field, models.CharField) and field.max_length is not None
    return field.max_length


class SeasonInputSerializer(serializers.Serializer[Any]):
    """A season; on update every field is optional (the year only while no tournament
    belongs to the season)."""

    year = serializers.IntegerField(min_value=SEASON_YEAR_MIN, max_value=SEASON_YEAR_MAX)
    name = serializers.CharField(
        max_length=model_max_length(Season, "name"),
        allow_blank=True,
        required=False,
        help_text="Empty: the year.",
    )


class SeriesInputSerializer(serializers.Serializer[Any]):
    """A series; on update every field is optional."""

    name = serializers.CharField(max_length=model_max_length(Series, "name"))
    slug = serializers.SlugField(
        max_length=model_max_length(Series, "slug"),
        allow_blank=True,
        required=False,
        help_text="Its address; empty: made from the name.",
    )
    default_category = serializers.PrimaryKeyRelatedField(
        queryset=Category.objects.all(), allow_null=True, required=False
    )
    is_team_event = serializers.BooleanField(required=False)
    team_rule = serializers.ChoiceField(
        choices=TEAM_RULE_CHOICES,
        required=False,
        help_text="How the series' tournaments with teams rank them, unless one says otherwise.",
    )
    teams_from_elite_roster = serializers.BooleanField(
        required=False, help_text="Team members come from the club's elite roster."
    )


class TournamentSerializer(ModelSerializer[Tournament]):
    season: serializers.RelatedField[Any, Any, Any] = serializers.SlugRelatedField(
        slug_field="year", read_only=True
    )
    series: serializers.RelatedField[Any, Any, Any] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    host_clubs: serializers.RelatedField[Any, Any, Any] = serializers.SlugRelatedField(
        slug_field="slug", many=True, read_only=True
    )

    class Meta:
        model = Tournament
        fields = [
            "id", "slug", "name", "season", "series", "category", "edition", "start_date",
            "end_date", "venue", "host_clubs", "theme", "status", "head_referee",
            "basic_rounds", "planned_field", "longer_word_rule", "prefer_tables_of",
            "has_semifinal", "final_size", "has_small_final", "small_final_size",
            "final_last_places_by_success", "sit_out_rule", "rank_order", "early_end",
            "tie_without_hejma", "tiebreaks", "allow_bots",
            "format", "league_scoring", "league_points", "team_mode", "team_size", "team_rule",
        ]  # fmt: skip


class TournamentInputSerializer(ModelSerializer[Tournament]):
    """The fields a director sets; all optional on update."""

    season: serializers.RelatedField[Any, Any, Any] = serializers.SlugRelatedField(
        slug_field="year", queryset=Season.objects.all()
    )
    series: serializers.RelatedField[Any, Any, Any] = serializers.SlugRelatedField(
        slug_field="slug", queryset=Series.objects.all()
    )
    host_clubs: serializers.RelatedField[Any, Any, Any] = serializers.SlugRelatedField(
        slug_field="slug", many=True, queryset=Club.objects.all(), required=False
    )
    # Typed here, so the schema says what they take (the model's JSON fields say nothing);
    # the federation's rules on them (no tie-break twice, points never rising) are the
    # model's validators, run by the service: a 409 naming the field.
    tiebreaks = serializers.ListField(
        child=serializers.ChoiceField(choices=sorted(METRICS)),
        min_length=1,
        required=False,
        help_text="Tie-breaks by name, the first deciding first.",
    )
    league_points = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=1000),
        min_length=4,
        max_length=4,
        required=False,
        help_text="Placement points at a table of four, best place first, none rising.",
    )

    class Meta:
        model = Tournament
        fields = [
            "name", "season", "series", "category", "edition", "start_date", "end_date",
            "venue", "host_clubs", "theme", "head_referee", "basic_rounds", "planned_field",
            "longer_word_rule", "prefer_tables_of", "has_semifinal", "final_size",
            "has_small_final", "small_final_size", "final_last_places_by_success",
            "sit_out_rule", "rank_order", "early_end", "tie_without_hejma", "tiebreaks",
            "allow_bots", "format", "league_scoring", "league_points", "team_mode", "team_size",
            "team_rule",
        ]  # fmt: skip
        validators: list[Any] = []
        # The database's bounds (a check constraint), stated so the schema says them too.
        extra_kwargs = {"team_size": {"min_value": TEAM_SIZE_MIN, "max_value": TEAM_SIZE_MAX}}


class ConfirmInputSerializer(serializers.Serializer[Any]):
    """An action that says what it will do (finishing, deleting) goes ahead only with
    ``confirm: true``; without it the answer is a 409 under ``confirm`` that says what."""

    confirm = serializers.BooleanField(default=False)


class TournamentStatusInputSerializer(ConfirmInputSerializer):
    status = serializers.ChoiceField(choices=TournamentStatus.choices)


class OfferSerializer(serializers.Serializer[Any]):
    """One action as the rules see it now: allowed, or refused by the rule ``code`` for the
    ``reason``; ``confirm`` is what it will do when it asks a confirmation."""

    action = serializers.CharField()
    allowed = serializers.BooleanField()
    code = serializers.CharField(allow_blank=True)
    reason = serializers.CharField(allow_blank=True)
    confirm = serializers.CharField(allow_null=True)


class ActionsSerializer(serializers.Serializer[Any]):
    actions = OfferSerializer(many=True)


class EntrySerializer(ModelSerializer[Entry]):
    player: serializers.RelatedField[Any, Any, Any] = serializers.StringRelatedField()
    player_id = serializers.IntegerField(read_only=True)
    club: serializers.RelatedField[Any, Any, Any] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True
    )

    class Meta:
        model = Entry
        fields = [
            "id", "tournament", "player", "player_id", "club", "status", "is_substitute",
            "replaces", "withdrawal_classified", "rank", "registered_at", "checked_in_at",
            "withdrawn_at",
        ]  # fmt: skip


class EntryRegisterInputSerializer(serializers.Serializer[Any]):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())


class EntryCheckInInputSerializer(serializers.Serializer[Any]):
    checked_in = serializers.BooleanField(default=True)


class EntryWithdrawInputSerializer(serializers.Serializer[Any]):
    classified = serializers.BooleanField(default=False)


class SeatSerializer(ModelSerializer[TableSeat]):
    player = serializers.CharField(source="entry.player.nickname", read_only=True)

    class Meta:
        model = TableSeat
        fields = ["id", "position", "entry", "player"]


class TableSerializer(ModelSerializer[Table]):
    seats = SeatSerializer(many=True, read_only=True)

    class Meta:
        model = Table
        fields = ["id", "number", "name", "kind", "flags", "seats"]


class RoundSerializer(ModelSerializer[Round]):
    word = serializers.CharField(source="word.label", read_only=True)
    letters = serializers.CharField(source="word.letters", read_only=True)
    tables = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "id", "tournament", "number", "stage", "word", "letters", "status", "placka_mode",
            "first_place", "draw_method", "draw_seed", "draw_inputs", "draw_report",
            "draw_error", "drawn_at", "published_at", "tables",
        ]  # fmt: skip

    def _shows_draw(self, obj: Round) -> bool:
        if self.context.get("show_draft"):
            return True
        request = self.context.get("request")
        return may_see_draw(getattr(request, "user", None), obj)

    def get_tables(self, obj: Round) -> list[dict[str, Any]]:
        if not self._shows_draw(obj):
            return []
        return list(TableSerializer(obj.tables.all(), many=True).data)

    def to_representation(self, instance: Round) -> dict[str, Any]:
        data = dict(super().to_representation(instance))
        if not self._shows_draw(instance):  # a draft draw: nothing that could rebuild it
            data.update(draw_seed=None, draw_inputs={}, draw_report={}, draw_error="")
        return data


class RoundCreateInputSerializer(serializers.Serializer[Any]):
    word = serializers.PrimaryKeyRelatedField(queryset=PlayingWord.objects.all())
    stage = serializers.ChoiceField(choices=RoundStage.choices, default=RoundStage.BASIC)
    number = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    draw_method = serializers.ChoiceField(choices=DrawMethod.choices, required=False, default="")
    placka_mode = serializers.ChoiceField(
        choices=PlackaModeChoice.choices,
        required=False,
        default="",
        help_text="Empty: elimination for a final or small final, else until the first placka.",
    )
    first_place = serializers.IntegerField(
        min_value=1,
        max_value=999,
        required=False,
        allow_null=True,
        default=None,
        help_text="A final's or small final's best place decided (empty: by the stage).",
    )


class RoundFormatInputSerializer(serializers.Serializer[Any]):
    """A round's format; every field optional. Refused once the round's game has started."""

    word = serializers.PrimaryKeyRelatedField(queryset=PlayingWord.objects.all(), required=False)
    placka_mode = serializers.ChoiceField(choices=PlackaModeChoice.choices, required=False)
    first_place = serializers.IntegerField(
        min_value=1, max_value=999, required=False, allow_null=True
    )


class PlayoffCreateInputSerializer(serializers.Serializer[Any]):
    word = serializers.PrimaryKeyRelatedField(
        queryset=PlayingWord.objects.all(),
        required=False,
        allow_null=True,
        default=None,
        help_text="Empty: the last basic round's word.",
    )


class RoundWordInputSerializer(serializers.Serializer[Any]):
    word = serializers.PrimaryKeyRelatedField(queryset=PlayingWord.objects.all())


class RoundDrawInputSerializer(serializers.Serializer[Any]):
    seed = serializers.IntegerField(min_value=0, required=False, allow_null=True, default=None)
    method = serializers.ChoiceField(
        choices=drawn_method_choices(),
        required=False,
        default="",
        error_messages={"invalid_choice": drawn_method_refusal()},
    )


class RoundManualInputSerializer(serializers.Serializer[Any]):
    tables = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),
            allow_empty=False,
            min_length=1,
        ),
        allow_empty=False,
        min_length=1,
    )


class SeatSwapInputSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    entry = serializers.IntegerField()


class DrawStatusSerializer(serializers.Serializer[Any]):
    status = serializers.CharField()
    done = serializers.BooleanField()
    error = serializers.CharField()


class EntryNewcomerInputSerializer(PlayerCreateInputSerializer):
    """A newcomer not yet in the registry, registered at the desk (a member of ``club`` from
    the tournament's first day)."""

    member_since = None  # type: ignore[assignment]
