"""Input and output serializers of the scorekeeping API."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.models import PenaltyChoice, RenoncKindChoice


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
    record = serializers.DictField(required=False, help_text="A full SCN deal record (an object).")
    sat_out = serializers.ListField(
        child=_seat(),
        required=False,
        allow_null=True,
        default=None,
        help_text="Who sat out (tables of five and six): refused (409) unless whom the "
        "sit-out rule names, or a referee's correction (`correction_reason`).",
    )
    correction_reason = serializers.CharField(
        required=False,
        max_length=2000,
        help_text="A referee records the deal as played against the sit-out rule: why. "
        "Refused (409) for a deal by the rule, or from someone who is not a referee (403).",
    )
    idempotency_key = serializers.CharField(required=False, max_length=64, allow_null=True)
    recorder = serializers.CharField(
        required=False,
        max_length=64,
        help_text="Who recorded the deal on the phone that sends it (the table page's "
        "`data-recorder`): refused (409) unless it is the signed-in account.",
    )


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
    deal_number = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="The deal's number at this table (1 for the first deal), as the deal log "
        "and the scoresheet show it. Give this.",
    )
    deal = serializers.IntegerField(
        required=False,
        help_text="Deprecated: the deal's internal id. Still accepted when deal_number is "
        "not given; the deal must belong to this table.",
    )
    kind = serializers.ChoiceField(choices=RenoncKindChoice.choices)
    offender = _seat()
    intentional = serializers.BooleanField(default=False)
    penalty = serializers.ChoiceField(choices=PenaltyChoice.choices)
    reason = serializers.CharField()
    #: Exactly one of these names the deal: the schema says so too (``scwu.api.schema``).
    one_of_required = ("deal_number", "deal")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("deal_number") is None and attrs.get("deal") is None:
            raise serializers.ValidationError(
                {"deal_number": ["Give the number of the deal the ruling is about."]}
            )
        if attrs.get("deal_number") is not None and attrs.get("deal") is not None:
            raise serializers.ValidationError(
                {"deal": ["Give deal_number only (deal is the deprecated internal id)."]}
            )
        return attrs


class AppealInputSerializer(serializers.Serializer[Any]):
    grounds = serializers.CharField()


class AppealDecideInputSerializer(serializers.Serializer[Any]):
    overturn = serializers.BooleanField()
    reason = serializers.CharField()
    lift_ban = serializers.BooleanField(
        default=False,
        help_text="Must be true to overturn a ruling that banned the offender (lifts the ban).",
    )


# -- output -------------------------------------------------------------------


class LetterHistorySerializer(serializers.Serializer[Any]):
    letter = serializers.CharField()
    number = serializers.IntegerField(help_text="1-based position of the letter in the word")
    deal_number = serializers.IntegerField(allow_null=True)
    # The JSON key is "source"; a DRF field's own ``source`` attribute is not involved.
    source = serializers.CharField(help_text="deal, misdeal or ruling")  # type: ignore[assignment]
    ruling = serializers.IntegerField(allow_null=True, help_text="the ruling's id, if any")


class SeatStateSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField()
    player = serializers.CharField()
    letter_count = serializers.IntegerField(help_text="how many letters of the word it holds")
    word_so_far = serializers.CharField()
    is_mecbol = serializers.BooleanField()
    has_placka = serializers.BooleanField()
    is_active = serializers.BooleanField()
    is_disqualified = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True)
    place_shared = serializers.BooleanField()
    deals_played = serializers.IntegerField()
    deals_lost = serializers.IntegerField()
    history = LetterHistorySerializer(many=True, help_text="Every letter it holds, in order.")


class NextDealSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    sitting_out = serializers.ListField(child=serializers.CharField())
    players = serializers.ListField(child=serializers.CharField())
    misdeals = serializers.IntegerField()


class LetterAwardSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField()
    letter = serializers.CharField()
    # The JSON key is "source"; a DRF field's own ``source`` attribute is not involved.
    source = serializers.CharField(help_text="deal, misdeal or ruling")  # type: ignore[assignment]


class DealRulingSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    kind_label = serializers.CharField(help_text="The kind in the request's language.")
    offender = serializers.CharField()
    penalty = serializers.CharField()
    penalty_label = serializers.CharField(help_text="The penalty in the request's language.")
    reason = serializers.CharField()
    in_force = serializers.BooleanField()


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
    letter_awards = LetterAwardSerializer(
        many=True, help_text="Every letter the deal gave, in order: misdeals, losers, rulings."
    )
    placka = serializers.ListField(child=serializers.CharField())
    flags = serializers.ListField(
        child=serializers.CharField(),
        help_text="Warnings; dealer_as_played: the dealer stored as played differs from the "
        "one the rules derive after a later ruling or correction.",
    )
    renonc = serializers.ListField(child=serializers.DictField())
    held = serializers.BooleanField(
        help_text="Played at the table but no longer counted after a ruling: for the referee."
    )
    issue_message = serializers.CharField(allow_null=True)
    rulings = DealRulingSerializer(
        many=True, help_text="Rulings on this deal, overturned ones too."
    )
    analysable = serializers.BooleanField(
        help_text="entered with a full record: its review is at /games/deals/<id>/review/"
    )
    correction = serializers.CharField(
        allow_null=True,
        help_text="A referee's reason for recording the deal against the table's sit-out "
        "rule (who sat out is not whom the rule names); null for a deal by the rules.",
    )


class AppealOutSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    status = serializers.CharField()
    status_label = serializers.CharField(help_text="The status in the request's language.")
    grounds = serializers.CharField()
    decision_reason = serializers.CharField()


class RulingOutSerializer(DealRulingSerializer):
    deal = serializers.IntegerField()
    deal_number = serializers.IntegerField(allow_null=True)
    intentional = serializers.BooleanField()
    referee = serializers.CharField(allow_null=True)
    ruled_at = serializers.DateTimeField()
    appeals = AppealOutSerializer(many=True)


class RefereeCallSerializer(serializers.Serializer[Any]):
    called_at = serializers.DateTimeField()
    called_by = serializers.CharField(allow_null=True)
    acknowledged = serializers.BooleanField()
    acknowledged_at = serializers.DateTimeField(allow_null=True)
    acknowledged_by = serializers.CharField(allow_null=True)


class HeldDealSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(allow_null=True)
    issue = serializers.CharField(allow_null=True)
    message = serializers.CharField(allow_null=True)


class TableRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    round = serializers.IntegerField()


class GameStateSerializer(serializers.Serializer[Any]):
    table = TableRefSerializer()
    game = serializers.IntegerField(allow_null=True)
    word = serializers.CharField(help_text="the word's label as the round shows it")
    word_letters = serializers.ListField(
        child=serializers.CharField(), help_text="the letters a seat collects, one per loss"
    )
    status = serializers.ChoiceField(choices=["running", "finished"])
    finished = serializers.BooleanField()
    finish_reason = serializers.CharField(allow_null=True)
    placka_mode = serializers.CharField()
    referee_called = serializers.BooleanField()
    referee_call = RefereeCallSerializer(allow_null=True)
    needs_referee = serializers.BooleanField()
    held_deals = HeldDealSerializer(many=True)
    seats = SeatStateSerializer(many=True)
    next_deal = NextDealSerializer(allow_null=True)
    deals = DealStateSerializer(many=True)
    remaining = serializers.ListField(child=serializers.CharField())
    rulings = RulingOutSerializer(many=True)
    ahead = serializers.JSONField(
        required=False,
        help_text=(
            "The states after each possible loser of the next deals (seats, finished, next: "
            "dealer, sitting_out, players; after: the same by loser), replayed by the ledger."
        ),
    )


class DashboardTableSerializer(serializers.Serializer[Any]):
    table = TableRefSerializer()
    status = serializers.CharField()
    referee_called = serializers.BooleanField()
    referee_call = RefereeCallSerializer(allow_null=True)
    needs_referee = serializers.BooleanField()
    held_deals = HeldDealSerializer(many=True)
    deals_played = serializers.IntegerField()
    seats = SeatStateSerializer(many=True)
    mecbol = serializers.ListField(child=serializers.CharField())
    placka = serializers.ListField(child=serializers.CharField())
    rulings = RulingOutSerializer(many=True)


class RoundRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.CharField()


class DashboardSerializer(serializers.Serializer[Any]):
    round = RoundRefSerializer()
    tables = DashboardTableSerializer(many=True)
    calls = serializers.ListField(
        child=serializers.IntegerField(), help_text="Numbers of the tables calling a referee."
    )
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


class AnalysisChoiceSerializer(serializers.Serializer[Any]):
    action = serializers.DictField(help_text="the engine's JSON action (pass, play or pack)")
    loss = serializers.FloatField(help_text="estimated probability of losing the deal after it")


class AnalysisDecisionSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField(help_text="0-based index of the action in the deal")
    phase = serializers.ChoiceField(choices=["pass", "play", "pack"])
    trick = serializers.IntegerField(help_text="1-8 during play, 0 for the pass")
    samples = serializers.IntegerField(help_text="sampled deals behind each estimate")
    choices = AnalysisChoiceSerializer(many=True)
    chosen = serializers.DictField()
    chosen_loss = serializers.FloatField()
    best = serializers.DictField()
    best_loss = serializers.FloatField()


class AnalysisPendingSerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=["pending"])
    detail = serializers.CharField(help_text="the analysis job has not stored it yet")


class AnalysisQuerySerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(
        choices=["A", "B", "C", "D"],
        required=False,
        help_text="the seat to analyse (default: the loser)",
    )


class AnalysisSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField(help_text="the seat whose decisions are analysed")
    loser = serializers.ListField(child=serializers.CharField())
    points = serializers.ListField(child=serializers.IntegerField())
    end = serializers.CharField()
    decisions = AnalysisDecisionSerializer(many=True)
    deal = serializers.DictField(help_text="the deal's number and its table or online game")
