"""API shapes. Outputs are built from the engine's tally sheet (``session_data``) and
described by serializers so that drf-spectacular documents them."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from engine.smoke.tally import TallySheet
from games.smoke import selectors
from games.smoke.models import HAND_SIZE, SmokeSession
from scwu.api.query import WholeNumberField
from scwu.models import Club, Player

# ------------------------------------------------------------------ outputs


class RulesSerializer(serializers.Serializer[Any]):
    start = serializers.IntegerField()
    box = serializers.IntegerField()
    max_sits = serializers.IntegerField()
    penalty = serializers.IntegerField()
    blank = serializers.IntegerField()


class ParticipantSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    player = serializers.IntegerField(allow_null=True, help_text="registered player id")


class StandingSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    tally = serializers.IntegerField()
    change = serializers.IntegerField(help_text="change in the last hand")
    trend = serializers.ChoiceField(choices=["coming down", "going up", "steady"])
    sits = serializers.IntegerField(help_text="sits in a row")
    mustie = serializers.BooleanField()
    in_the_box = serializers.BooleanField()
    must_play = serializers.BooleanField(help_text="mustie or in the box: cannot sit next hand")
    winner = serializers.BooleanField()


class TallyLineSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    tally = serializers.IntegerField(allow_null=True)
    change = serializers.IntegerField(allow_null=True)
    trend = serializers.CharField(allow_null=True)
    sits = serializers.IntegerField()
    mustie = serializers.BooleanField()
    in_the_box = serializers.BooleanField()
    never_never_land = serializers.BooleanField()
    winner = serializers.BooleanField()
    text = serializers.CharField()
    spoken = serializers.CharField()


class ReadoutSerializer(serializers.Serializer[Any]):
    reader = serializers.CharField(help_text="took the first trick; reads the tally aloud")
    opening = serializers.CharField()
    lines = TallyLineSerializer(many=True, help_text="clockwise from the reader's left")
    text = serializers.CharField(help_text="the readout in the seeds' form")
    spoken = serializers.CharField(help_text="one plain paragraph for speech")


class ReadoutQuerySerializer(serializers.Serializer[Any]):
    """The readout's query: ``hand`` (default the last; one not recorded yet is a 409) and
    ``as`` (a Python keyword, hence added in :meth:`get_fields`)."""

    hand = WholeNumberField(
        min_value=1, required=False, help_text="hand number (default: the last)"
    )

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        fields["as"] = serializers.ChoiceField(
            choices=["json", "text", "spoken"],
            required=False,
            default="json",
            help_text="json (default), text (the seeds' form) or spoken (plain speech)",
        )
        return fields


class InfractionSerializer(serializers.Serializer[Any]):
    who = serializers.CharField()
    what = serializers.CharField(default="infraction")


class HandSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    stayed = serializers.ListField(child=serializers.CharField())
    sat = serializers.ListField(child=serializers.CharField())
    tricks = serializers.DictField(child=serializers.IntegerField())
    infractions = InfractionSerializer(many=True)
    first_trick = serializers.CharField(allow_null=True)
    first_out = serializers.CharField(allow_null=True)
    readout = ReadoutSerializer()


class SessionSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    club = serializers.CharField(allow_null=True, help_text="club slug")
    scorekeeper = serializers.CharField()
    status = serializers.CharField(help_text="running or finished")
    winner = serializers.CharField(allow_null=True)
    rules = RulesSerializer()
    participants = ParticipantSerializer(many=True)
    hand_count = serializers.IntegerField()
    next_dealer = serializers.CharField(allow_null=True)
    tally = StandingSerializer(many=True)
    readout = ReadoutSerializer(allow_null=True, help_text="after the last hand")


class SessionPageSerializer(serializers.Serializer[Any]):
    """One page of the session list (limit/offset pagination)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = SessionSerializer(many=True)


class SessionDetailSerializer(SessionSerializer):
    hands = HandSerializer(many=True)


class HandRecordedSerializer(serializers.Serializer[Any]):
    hand = HandSerializer()
    session = SessionSerializer()


def hand_data(sheet: TallySheet, index: int) -> dict[str, Any]:
    result = sheet.results[index]
    entry = result.entry
    return {
        "number": result.number,
        "dealer": entry.dealer,
        "stayed": list(entry.stayed),
        "sat": [n for n in sheet.participants if n not in entry.stayed],
        "tricks": dict(entry.tricks),
        "infractions": [{"who": i.who, "what": i.what} for i in entry.infractions],
        "first_trick": entry.first_trick,
        "first_out": entry.first_out,
        "readout": sheet.readout(index).as_dict(),
    }


def session_data(
    session: SmokeSession, *, hands: bool = False, sheet: TallySheet | None = None
) -> dict[str, Any]:
    """A session, its current tally and readout (and its hands) as plain data."""
    sheet = sheet or selectors.smoke_sheet(session)
    rules = sheet.rules
    data: dict[str, Any] = {
        "id": session.pk,
        "name": session.name,
        "date": session.date,
        "club": session.club.slug if session.club else None,
        "scorekeeper": session.created_by.get_username(),
        "status": "finished" if sheet.is_over() else "running",
        "winner": sheet.winner,
        "rules": {
            "start": rules.start,
            "box": rules.box,
            "max_sits": rules.max_sits,
            "penalty": rules.penalty,
            "blank": rules.blank,
        },
        "participants": [
            {"seat": p.seat, "name": p.name, "player": p.player_id}
            for p in selectors.smoke_participants(session)
        ],
        "hand_count": len(sheet.results),
        "next_dealer": None if sheet.is_over() else sheet.dealer,
        "tally": [
            {
                "name": s.name,
                "tally": s.tally,
                "change": s.change,
                "trend": s.trend,
                "sits": s.sits,
                "mustie": s.mustie,
                "in_the_box": s.in_box,
                "must_play": not rules.can_sit(s.tally, s.sits),
                "winner": s.winner,
            }
            for s in sheet.standings()
        ],
        "readout": sheet.readout().as_dict() if sheet.results else None,
    }
    if hands:
        data["hands"] = [hand_data(sheet, i) for i in range(len(sheet.results))]
    return data


# ------------------------------------------------------------------ inputs


class ParticipantInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), required=False, allow_null=True, default=None
    )


class SessionCreateInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=120)
    date = serializers.DateField(required=False, allow_null=True, default=None)
    club = serializers.SlugRelatedField(
        slug_field="slug", queryset=Club.objects.all(), required=False, allow_null=True
    )
    participants = ParticipantInputSerializer(
        many=True, help_text="in seating order (clockwise); a name, a player id, or both"
    )
    first_dealer = serializers.CharField(max_length=40, help_text="name of a participant")
    start = serializers.IntegerField(min_value=1, required=False)
    box = serializers.IntegerField(min_value=0, required=False)
    max_sits = serializers.IntegerField(min_value=1, required=False)
    penalty = serializers.IntegerField(min_value=0, required=False)
    blank = serializers.IntegerField(min_value=0, required=False)


class HandRecordInputSerializer(serializers.Serializer[Any]):
    stayed = serializers.ListField(
        child=serializers.CharField(), help_text="names of those who stayed; the rest sat"
    )
    tricks = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=HAND_SIZE),
        help_text="tricks per stayer, adding up to 5",
    )
    infractions = InfractionSerializer(many=True, required=False, default=list)
    first_trick = serializers.CharField(
        required=False, allow_null=True, default=None, help_text="deals next; reads the tally"
    )
    dealer = serializers.CharField(
        required=False, allow_null=True, default=None, help_text="checked against the sheet"
    )
    first_out = serializers.CharField(
        required=False,
        allow_null=True,
        default=None,
        help_text="when two reach zero in one hand: who got there first",
    )


class JargonInputSerializer(serializers.Serializer[Any]):
    line = serializers.CharField(max_length=1000, allow_blank=True, trim_whitespace=False)


class FindingSerializer(serializers.Serializer[Any]):
    word = serializers.CharField(help_text="as written")
    position = serializers.IntegerField()
    end = serializers.IntegerField()
    term = serializers.CharField(help_text="the forbidden term of the seeds' TERMS list")
    substitutes = serializers.ListField(child=serializers.CharField())
    suggestion = serializers.CharField()
    ambiguous = serializers.BooleanField(help_text="a number word that may be an everyday count")


class JargonOutputSerializer(serializers.Serializer[Any]):
    line = serializers.CharField()
    clean = serializers.BooleanField()
    suggestion = serializers.CharField(help_text="the line with each word replaced")
    findings = FindingSerializer(many=True)
