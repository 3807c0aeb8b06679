"""The game records document (``games.json``) as ``import_games`` reads it.

Every field goes through the site's own input serializers before the import services see
the document: the tournament's fields as a director sets them (``TournamentInputSerializer``,
slugs by their slug validator), a round's format as the round form takes it
(``RoundCreateInputSerializer``), nicknames no longer than the register's. A field the
document format does not have is refused, as is any NUL character (DRF's ``CharField``).
What the fields mean together (a word the commission approved, a nickname free, a game the
engine replays) is the services' to say (:mod:`tournaments.services.game_records_import`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

from tournaments.api.serializers import RoundCreateInputSerializer, TournamentInputSerializer
from tournaments.exports.game_records import DOCUMENT_FORMAT, TOURNAMENT_FIELDS
from tournaments.models import EntryStatus, RoundStatus, TableKind
from tournaments.models.rounds import PlackaModeChoice

#: Bounds no real tournament reaches; a file past them is refused before anything is read.
MAX_ENTRIES = 2000
MAX_ROUNDS = 200
MAX_TABLES = 500


class SeriesInputSerializer(serializers.Serializer[Any]):
    slug = serializers.SlugField(max_length=80)
    name = serializers.CharField(max_length=80)


class DocumentTournamentSerializer(TournamentInputSerializer):  # type: ignore[misc]
    """The tournament's fields as a director sets them; its season and series by value (the
    import creates them when missing, through their models' validators)."""

    season = serializers.IntegerField(min_value=1900, max_value=2999)  # type: ignore[assignment]
    series = SeriesInputSerializer()  # type: ignore[assignment]

    class Meta(TournamentInputSerializer.Meta):
        fields = [*TOURNAMENT_FIELDS, "season", "series"]


class DocumentEntrySerializer(serializers.Serializer[Any]):
    player = serializers.CharField(max_length=40)
    real_name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    status = serializers.ChoiceField(choices=EntryStatus.choices, required=False)
    classified = serializers.BooleanField(required=False)


class DocumentWordSerializer(serializers.Serializer[Any]):
    # (a field named like Field.label: DRF's metaclass takes it off the class)
    label = serializers.CharField(  # type: ignore[assignment]
        max_length=60, required=False, allow_blank=True
    )
    letters = serializers.CharField(max_length=40)


class DocumentTableSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(min_value=1, max_value=999)
    kind = serializers.ChoiceField(choices=TableKind.choices, required=False)
    seats = serializers.DictField(child=serializers.CharField(max_length=40), allow_empty=False)
    # A game record: the engine replays it (engine/RULES.md, "Game records").
    game = serializers.DictField(allow_null=True, required=False)


class DocumentRoundSerializer(RoundCreateInputSerializer):
    word = DocumentWordSerializer()  # type: ignore[assignment]
    number = serializers.IntegerField(min_value=1, max_value=999)
    # No draw method: the draw is the tables as they were.
    draw_method = None  # type: ignore[assignment]
    # An export writes "" for "by the stage", as the round form's empty choice.
    placka_mode = serializers.ChoiceField(
        choices=PlackaModeChoice.choices, required=False, allow_blank=True
    )
    tables = serializers.ListField(child=DocumentTableSerializer(), max_length=MAX_TABLES)
    # Where the round had got to: a finished round is finished again, one without tables
    # stays planned (older documents have no status: drawn and published, as before).
    status = serializers.ChoiceField(choices=RoundStatus.choices, required=False)


class GameRecordsDocumentSerializer(serializers.Serializer[Any]):
    format = serializers.ChoiceField(choices=[DOCUMENT_FORMAT])
    tournament = DocumentTournamentSerializer()
    entries = serializers.ListField(child=DocumentEntrySerializer(), max_length=MAX_ENTRIES)
    rounds = serializers.ListField(child=DocumentRoundSerializer(), max_length=MAX_ROUNDS)


def document_errors(document: object) -> str | None:
    """The first thing wrong with ``document``'s fields, as ``where: why``; None if none."""
    checked = GameRecordsDocumentSerializer(data=document)
    if checked.is_valid():
        return None
    return _first(checked.errors, "")


def _first(errors: Any, path: str) -> str:
    """The first error of DRF's nested errors, with the path to it (``rounds[0].word``)."""
    if isinstance(errors, Mapping):
        key, value = next(iter(errors.items()))
        if key == "non_field_errors":
            return _first(value, path)
        if isinstance(key, int):
            return _first(value, f"{path}[{key}]")
        return _first(value, f"{path}.{key}" if path else str(key))
    if isinstance(errors, list) and errors:
        if all(isinstance(e, str) for e in errors):
            return f"{path or 'document'}: {errors[0]}"
        for index, item in enumerate(errors):
            if item:
                return _first(item, f"{path}[{index}]")
    return f"{path or 'document'}: {errors}"
