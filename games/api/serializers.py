"""Input and output serializers of the scorekeeping API."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.models import Penalty, RenoncKind


def _seat(**kwargs: Any) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=list("ABCDEF"), **kwargs)


class PointsField(serializers.DictField):
    child = serializers.IntegerField(min_value=0, max_value=33)


class DealRecordInputSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(
        min_value=1, help_text="The deal the caller believes is next (refused when stale)."
    )
    losers = serializers.ListField(child=_seat(), required=False, max_length=4)
    points = PointsField(required=False, help_text="Points of every seat that played.")
    end = serializers.ChoiceField(choices=["played", "early", "packed"], default="played")
    hejma = _seat(required=False, allow_null=True, default=None)
    last_trick = _seat(required=False, allow_null=True, default=None)
    packer = _seat(required=False, allow_null=True, default=None)
    record = serializers.JSONField(required=False, help_text="A full SCN deal record.")
    sat_out = serializers.ListField(child=_seat(), required=False, allow_null=True, default=None)
    idempotency_key = serializers.CharField(required=False, max_length=64, allow_null=True)


class DealUndoInputSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)


class DealCorrectInputSerializer(serializers.Serializer[Any]):
    losers = serializers.ListField(child=_seat(), required=False, allow_null=True, default=None)
    points = PointsField(required=False, allow_null=True, default=None)
    reason = serializers.CharField()


class MisdealInputSerializer(serializers.Serializer[Any]):
    waived = serializers.BooleanField(default=False)
    deal = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="Deal id, for a late misdeal."
    )


class RefereeCallInputSerializer(serializers.Serializer[Any]):
    called = serializers.BooleanField(default=True)


class PaperRowSerializer(serializers.Serializer[Any]):
    losers = serializers.ListField(child=_seat(), min_length=1, max_length=4)
    points = PointsField(required=False, default=dict)


class PaperEnterInputSerializer(serializers.Serializer[Any]):
    first_number = serializers.IntegerField(min_value=1)
    rows = PaperRowSerializer(many=True)


class RulingInputSerializer(serializers.Serializer[Any]):
    deal = serializers.IntegerField(help_text="Deal id.")
    kind = serializers.ChoiceField(choices=RenoncKind.choices)
    offender = _seat()
    intentional = serializers.BooleanField(default=False)
    penalty = serializers.ChoiceField(choices=Penalty.choices)
    reason = serializers.CharField()


class AppealInputSerializer(serializers.Serializer[Any]):
    grounds = serializers.CharField()


class AppealDecideInputSerializer(serializers.Serializer[Any]):
    overturn = serializers.BooleanField()
    reason = serializers.CharField()


# -- output -------------------------------------------------------------------


class SeatStateSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField()
    player = serializers.CharField()
    letters = serializers.IntegerField()
    word_so_far = serializers.CharField()
    is_mecbol = serializers.BooleanField()
    has_placka = serializers.BooleanField()
    is_active = serializers.BooleanField()
    is_disqualified = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True)
    place_shared = serializers.BooleanField()
    deals_played = serializers.IntegerField()
    deals_lost = serializers.IntegerField()


class NextDealSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    sitting_out = serializers.ListField(child=serializers.CharField())
    players = serializers.ListField(child=serializers.CharField())
    misdeals = serializers.IntegerField()


class DealStateSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(allow_null=True)
    number = serializers.IntegerField(allow_null=True)
    counted = serializers.BooleanField()
    issue = serializers.CharField(allow_null=True)
    dealer = serializers.CharField(allow_null=True)
    sitting_out = serializers.ListField(child=serializers.CharField())
    losers = serializers.ListField(child=serializers.CharField())
    recorded_losers = serializers.ListField(child=serializers.CharField())
    points = serializers.DictField(child=serializers.IntegerField())
    misdeals = serializers.IntegerField()
    letters = serializers.ListField(child=serializers.DictField())
    placka = serializers.ListField(child=serializers.CharField())
    flags = serializers.ListField(child=serializers.CharField())
    renonc = serializers.ListField(child=serializers.DictField())


class AppealOutSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    status = serializers.CharField()
    grounds = serializers.CharField()
    decision_reason = serializers.CharField()


class RulingOutSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    deal = serializers.IntegerField()
    deal_number = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField()
    offender = serializers.CharField()
    intentional = serializers.BooleanField()
    penalty = serializers.CharField()
    penalty_label = serializers.CharField()
    reason = serializers.CharField()
    referee = serializers.CharField(allow_null=True)
    ruled_at = serializers.DateTimeField()
    in_force = serializers.BooleanField()
    appeals = AppealOutSerializer(many=True)


class TableRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    round = serializers.IntegerField()


class GameStateSerializer(serializers.Serializer[Any]):
    table = TableRefSerializer()
    game = serializers.IntegerField(allow_null=True)
    word = serializers.CharField()
    letters = serializers.ListField(child=serializers.CharField())
    status = serializers.ChoiceField(choices=["running", "finished"])
    finished = serializers.BooleanField()
    finish_reason = serializers.CharField(allow_null=True)
    placka_mode = serializers.CharField()
    referee_called = serializers.BooleanField()
    seats = SeatStateSerializer(many=True)
    next_deal = NextDealSerializer(allow_null=True)
    deals = DealStateSerializer(many=True)
    remaining = serializers.ListField(child=serializers.CharField())
    rulings = RulingOutSerializer(many=True)


class DashboardTableSerializer(serializers.Serializer[Any]):
    table = TableRefSerializer()
    status = serializers.CharField()
    referee_called = serializers.BooleanField()
    deals_played = serializers.IntegerField()
    seats = SeatStateSerializer(many=True)
    mecbol = serializers.ListField(child=serializers.CharField())
    placka = serializers.ListField(child=serializers.CharField())
    rulings = RulingOutSerializer(many=True)


class DashboardSerializer(serializers.Serializer[Any]):
    round = serializers.DictField()
    tables = DashboardTableSerializer(many=True)
    tables_left = serializers.ListField(child=serializers.IntegerField())
    finished = serializers.BooleanField()


class AuditEntrySerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    by = serializers.CharField(source="by.username", allow_null=True, default=None)
    action = serializers.CharField()
    summary = serializers.CharField()
    detail = serializers.JSONField()
    before = serializers.JSONField()
    after = serializers.JSONField()
