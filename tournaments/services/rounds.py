"""Rounds: planning a round with its playing word, the longer-word rule, finishing."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.models import DELETION
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from scwu.models import PlayingWord
from scwu.models.commission import WordStatus
from scwu.roles import AnyUser
from scwu.services.words import word_assert_usable
from tournaments.lifecycle import Action, Context, require
from tournaments.lifecycle.rounds import FINAL_STAGES, round_game_started
from tournaments.models import Round, RoundStage, RoundStatus, Table, TableKind, Tournament
from tournaments.models.rounds import DrawMethod, PlackaModeChoice
from tournaments.models.tournament import LongerWordRule
from tournaments.permissions import require_director
from tournaments.results.services import results_changed
from tournaments.services.changes import change_logged

DEFAULT_METHOD = {
    RoundStage.BASIC: DrawMethod.RANDOM,
    RoundStage.PLAYOFF: DrawMethod.STANDINGS,
    RoundStage.SEMIFINAL: DrawMethod.STANDINGS,
    RoundStage.SMALL_FINAL: DrawMethod.SEEDED_FINAL,
    RoundStage.FINAL: DrawMethod.SEEDED_FINAL,
}


def default_placka_mode(stage: str) -> str:
    """A final and a small final are played by elimination; other rounds end at the first
    placka."""
    return (
        PlackaModeChoice.ELIMINATION
        if stage in FINAL_STAGES
        else PlackaModeChoice.UNTIL_FIRST_PLACKA
    )


def _format_check(stage: str, placka_mode: str, first_place: int | None) -> None:
    if placka_mode not in PlackaModeChoice.values:
        raise ValidationError(
            {"placka_mode": [_("Choose until the first placka or elimination.")]}, code="invalid"
        )
    if first_place is not None:
        if stage not in FINAL_STAGES:
            raise ValidationError(
                {"first_place": [_("Only a final or a small final decides places.")]},
                code="not_final",
            )
        if stage == RoundStage.FINAL and first_place != 1:
            raise ValidationError(
                {"first_place": [_("A final decides the places from 1.")]}, code="invalid"
            )
        if stage == RoundStage.SMALL_FINAL and first_place < 2:
            raise ValidationError(
                {"first_place": [_("A small final decides places after the final's: 2 or more.")]},
                code="invalid",
            )


@transaction.atomic
def round_create(
    *,
    by: AnyUser | None,
    tournament: Tournament,
    word: PlayingWord,
    stage: str = RoundStage.BASIC,
    number: int | None = None,
    draw_method: str = "",
    placka_mode: str = "",
    first_place: int | None = None,
) -> Round:
    """Plan the next round with its playing word (approved by the commission) and its
    format: when the game ends (``placka_mode``, elimination by default for a final and a
    small final) and, for those, the best place it decides."""
    require_director(by, tournament)
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    if stage not in RoundStage.values:
        raise ValidationError({"stage": [_("Unknown stage.")]}, code="invalid")
    require(Action.CREATE_ROUND, tournament, Context(by=by, stage=stage))
    word_assert_usable(word)
    if number is None:
        number = (tournament.rounds.aggregate(m=Max("number"))["m"] or 0) + 1
    if tournament.rounds.filter(number=number).exists():
        raise ValidationError(
            {"number": [_("Round %(n)d already exists.") % {"n": number}]}, code="duplicate"
        )
    placka_mode = placka_mode or default_placka_mode(stage)
    _format_check(stage, placka_mode, first_place)
    round = Round(
        tournament=tournament,
        number=number,
        stage=stage,
        word=word,
        draw_method=draw_method or DEFAULT_METHOD[RoundStage(stage)],
        placka_mode=placka_mode,
        first_place=first_place,
    )
    round.full_clean()
    round.save()
    return round


def round_word_set(*, by: AnyUser | None, round: Round, word: PlayingWord) -> Round:
    """The director's choice of word for a round (also the longer word): the word part of
    ``round_format_set``, which alone decides until when a round's word may change."""
    return round_format_set(by=by, round=round, word=word)


def word_switch(round: Round, word: PlayingWord) -> None:
    """Puts ``word`` on the round. The first change of length keeps the word as planned,
    because the longer-word rule counts its extra letter from that one."""
    if round.planned_word_id is None and len(word.letters) != len(round.word.letters):
        round.planned_word = round.word
    round.word = word


_UNSET: Any = object()


@transaction.atomic
def round_format_set(
    *,
    by: AnyUser | None,
    round: Round,
    word: PlayingWord | None = None,
    placka_mode: str = "",
    first_place: int | None = _UNSET,
) -> Round:
    """Change a round's format (word, when the game ends, the best place it decides) until
    a game of the round starts; the games copy the format when they start."""
    round = (
        Round.objects.select_for_update(of=("self",), no_key=True)
        .select_related("tournament", "word")
        .get(pk=round.pk)
    )
    require_director(by, round.tournament)
    if round.status == RoundStatus.FINISHED or round_game_started(round):
        raise ValidationError(
            {
                "round": [
                    _(
                        "The game of this round has started: its word and format can no "
                        "longer change."
                    )
                ]
            },
            code="started",
        )
    if word is not None and word.pk != round.word_id:
        word_assert_usable(word)
        word_switch(round, word)
    mode = placka_mode or round.placka_mode
    place = round.first_place if first_place is _UNSET else first_place
    _format_check(round.stage, mode, place)
    round.placka_mode = mode
    round.first_place = place
    round.full_clean()
    round.save(update_fields=["word", "planned_word", "placka_mode", "first_place"])
    results_changed(round.tournament_id)
    return round


def round_word_for_field(round: Round, field_size: int) -> PlayingWord | None:
    """The longer-word rule: when fewer play than planned, a basic round's word gets one letter
    more. Returns the word to switch to (automatic rule), ``None`` when the word stands;
    raises when the director must choose or no approved word fits."""
    tournament = round.tournament
    planned = tournament.planned_field
    rule = tournament.longer_word_rule
    if (
        rule == LongerWordRule.OFF
        or round.stage != RoundStage.BASIC
        or not planned
        or field_size >= planned
    ):
        return None
    base = round.planned_word or round.word
    wanted = len(base.letters) + 1
    if len(round.word.letters) >= wanted:
        return None
    params = {"n": field_size, "planned": planned, "k": wanted, "theme": base.theme or "–"}
    if rule == LongerWordRule.DIRECTOR:
        raise ValidationError(
            {
                "word": [
                    _(
                        "The field (%(n)d) is smaller than planned (%(planned)d): choose an "
                        "approved word of %(k)d letters for this round."
                    )
                    % params
                ]
            },
            code="longer_word_needed",
        )
    used = round.tournament.rounds.exclude(pk=round.pk).values_list("word_id", flat=True)
    candidates = [
        w
        for w in PlayingWord.objects.filter(status=WordStatus.APPROVED, theme=base.theme)
        .exclude(pk__in=list(used))
        .order_by("letters")
        if len(w.letters) == wanted
    ]
    if not candidates:
        raise ValidationError(
            {
                "word": [
                    _(
                        "The field (%(n)d) is smaller than planned (%(planned)d), but theme "
                        "%(theme)s has no approved word of %(k)d letters: choose one."
                    )
                    % params
                ]
            },
            code="no_longer_word",
        )
    return candidates[0]


@transaction.atomic
def round_finish(*, by: AnyUser | None, round: Round, authorised: bool = False) -> Round:
    """Mark a published round finished. The games app calls this (``authorised``) when the
    last table completes its word; a director may also close a round by hand."""
    round = (
        Round.objects.select_for_update(of=("self",), no_key=True)
        .select_related("tournament")
        .get(pk=round.pk)
    )
    if not authorised:
        require_director(by, round.tournament)
    require(Action.FINISH_ROUND, round, Context(by=by))
    round.status = RoundStatus.FINISHED
    round.save(update_fields=["status"])
    results_changed(round.tournament_id)
    return round


@transaction.atomic
def round_reopen(*, by: AnyUser | None, round: Round) -> Round:
    """A director's way back from a finished round while the tournament runs: in play
    again (published), logged. Its games stay as they are, open to corrections."""
    round = _lock(round)
    require_director(by, round.tournament)
    require(Action.REOPEN_ROUND, round, Context(by=by))
    round.status = RoundStatus.PUBLISHED
    round.save(update_fields=["status"])
    change_logged(by=by, subject=round, message="Reopened the finished round.")
    results_changed(round.tournament_id)
    return round


@transaction.atomic
def round_delete(*, by: AnyUser | None, round: Round) -> None:
    """Delete a planned round or a draft draw, which no game has begun: the way back from a
    round planned too early or one that cannot be drawn."""
    round = _lock(round)
    require_director(by, round.tournament)
    require(Action.DELETE_ROUND, round, Context(by=by))
    tournament_id = round.tournament_id
    change_logged(by=by, subject=round, message="Deleted the round before play.", flag=DELETION)
    round.delete()
    results_changed(tournament_id)


def _lock(round: Round) -> Round:
    return (
        Round.objects.select_for_update(of=("self",), no_key=True)
        .select_related("tournament", "word", "planned_word")
        .get(pk=round.pk)
    )


@transaction.atomic
def table_kind_set(*, by: AnyUser | None, table: Table, kind: str) -> Table:
    """Make a table physical or online before its game starts (directors only).

    The kind decides who referees: the line judge's page or the engine. Once a game has
    begun at the table, switching would orphan what was recorded, so it is refused.
    """
    locked = Table.objects.select_for_update(no_key=True).select_related("round__tournament")
    table = locked.get(pk=table.pk)
    require_director(by, table.round.tournament)
    if kind not in TableKind.values:
        raise ValidationError({"kind": [_("Choose physical or online.")]}, code="invalid")
    if table.round.status not in (RoundStatus.DRAFT, RoundStatus.PUBLISHED):
        raise ValidationError(
            {"kind": [_("Only a drawn round's tables can change kind.")]}, code="round_status"
        )
    # Reverse one-to-one accessors: the scorekeeping game and the online game, if begun.
    if hasattr(table, "game") or hasattr(table, "online_game"):
        raise ValidationError(
            {"kind": [_("The game at this table has begun; its kind cannot change.")]},
            code="started",
        )
    table.kind = kind
    table.save(update_fields=["kind"])
    return table
