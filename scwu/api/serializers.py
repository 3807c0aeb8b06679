from __future__ import annotations

import datetime as dt
from typing import Any

from rest_framework import serializers

from scwu.model_serializer import ModelSerializer
from scwu.models import Ban, Club, Country, Membership, Player, PlayingWord, WordReview
from scwu.models.commission import Verdict
from scwu.models.players import Gender


class CountrySerializer(ModelSerializer[Country]):
    flag = serializers.CharField(read_only=True)

    class Meta:
        model = Country
        fields = ["id", "iso2", "iso3", "name_en", "name_cs", "name_ru", "flag"]


class ClubSerializer(ModelSerializer[Club]):
    country: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="iso3", read_only=True
    )
    captain: serializers.StringRelatedField[Any] = serializers.StringRelatedField(allow_null=True)

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "country", "captain", "founded"]


class MembershipSerializer(ModelSerializer[Membership]):
    club: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )

    class Meta:
        model = Membership
        fields = ["club", "start", "end"]


class PlayerSerializer(ModelSerializer[Player]):
    memberships = MembershipSerializer(many=True, read_only=True)
    banned = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ["id", "nickname", "real_name", "gender", "memberships", "banned"]

    def get_banned(self, obj: Player) -> bool:
        active = getattr(obj, "active_bans", None)
        if active is not None:
            return bool(active)
        return obj.bans.filter(lifted_on__isnull=True).exists()


class PlayerCreateInputSerializer(serializers.Serializer[Any]):
    nickname = serializers.CharField(max_length=40)
    real_name = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)
    gender = serializers.ChoiceField(
        choices=Gender.choices, required=False, default="", allow_blank=True
    )
    club = serializers.SlugRelatedField(
        slug_field="slug", queryset=Club.objects.all(), required=False, allow_null=True
    )
    member_since = serializers.DateField(required=False, default=dt.date.today)


class WordReviewSerializer(ModelSerializer[WordReview]):
    member: serializers.StringRelatedField[Any] = serializers.StringRelatedField()

    class Meta:
        model = WordReview
        fields = ["member", "verdict", "reason", "created_at"]


class PlayingWordSerializer(ModelSerializer[PlayingWord]):
    reviews = WordReviewSerializer(many=True, read_only=True)
    proposed_by: serializers.StringRelatedField[Any] = serializers.StringRelatedField(
        allow_null=True
    )

    class Meta:
        model = PlayingWord
        fields = [
            "id",
            "label",
            "letters",
            "language",
            "theme",
            "status",
            "proposed_by",
            "proposed_at",
            "decided_at",
            "reviews",
        ]


class WordProposeInputSerializer(serializers.Serializer[Any]):
    # A field named "label" shadows Field.label in the stubs; DRF itself handles it fine.
    label = serializers.CharField(  # type: ignore[assignment]
        max_length=60, required=False, default="", allow_blank=True
    )
    letters = serializers.CharField(max_length=40)
    language = serializers.ChoiceField(choices=["cs", "en", "ru", "sk", "de", "other"])
    theme = serializers.CharField(max_length=80, required=False, default="", allow_blank=True)


class WordReviewInputSerializer(serializers.Serializer[Any]):
    verdict = serializers.ChoiceField(choices=Verdict.choices)
    reason = serializers.CharField(required=False, default="", allow_blank=True)


class BanSerializer(ModelSerializer[Ban]):
    player: serializers.StringRelatedField[Any] = serializers.StringRelatedField()

    class Meta:
        model = Ban
        fields = ["id", "player", "source", "reason", "imposed_on", "lifted_on"]


class BanInputSerializer(serializers.Serializer[Any]):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    reason = serializers.CharField()


class EliteRosterInputSerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField(min_value=1900, max_value=2999)
    players = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), many=True, help_text="At most six members of the club."
    )


class EliteRosterSerializer(serializers.Serializer[Any]):
    club = serializers.CharField(source="club.slug")
    season = serializers.IntegerField()
    players = serializers.SerializerMethodField()

    def get_players(self, roster: Any) -> list[int]:
        return sorted(p.pk for p in roster.players.all())
