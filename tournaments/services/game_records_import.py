"""Read a tournament's game records (:mod:`.game_records`) back into a new tournament.

Everything goes through the services a director, a line judge and a referee use at the
tournament: the tournament, entries (players matched by nickname, else registered), the
rounds with their words, a manual draw of the tables as they were, then every misdeal,
deal and ruling in the order played. Every game record is replayed by the engine first;
the whole import runs in one transaction, so a refusal anywhere writes nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from engine import InvalidScoreError, Ruleset, deal_loser
from engine.errors import EngineError
from engine.gamerecord import GameOutcome, replay_game
from games import services as scorekeeping
from games.adapter import game_events, seat_map
from games.models import DealEntry, TableGame
from scwu.models import Player, PlayingWord
from scwu.models.commission import WordStatus
from scwu.models.players import nickname_key
from scwu.roles import AnyUser
from scwu.services.players import player_create
from tournaments.exports.game_records import (
    DOCUMENT_FORMAT,
    TOURNAMENT_FIELDS,
)
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    Season,
    Series,
    Table,
    TableKind,
    Tournament,
    TournamentStatus,
)
from tournaments.services.draw import round_draw_manual, round_draw_publish
from tournaments.services.entries import entry_check_in, entry_register, entry_withdraw
from tournaments.services.rounds import round_create
from tournaments.services.tournaments import tournament_create, tournament_status_set

__all__ = ["GameImportError", "tournament_import"]

T = TypeVar("T")


class GameImportError(ValueError):
    """A document that cannot be imported; the message says where and why."""


def _at(where: str, service: Callable[..., T], **arguments: Any) -> T:
    """Run a service; a refusal becomes one message that says where it happened."""
    try:
        return service(**arguments)
    except ValidationError as exc:
        raise GameImportError(f"{where}: {' '.join(exc.messages)}") from exc
    except PermissionDenied as exc:
        raise GameImportError(f"{where}: {exc}") from exc


def _check(document: object) -> dict[str, Any]:
    """The document's shape, and every game record replayed by the engine."""
    if not isinstance(document, dict) or document.get("format") != DOCUMENT_FORMAT:
        raise GameImportError(_("Not a tournament of game records (format %s).") % DOCUMENT_FORMAT)
    tournament = document.get("tournament")
    rounds = document.get("rounds")
    entries = document.get("entries")
    if not isinstance(tournament, dict) or not isinstance(rounds, list):
        raise GameImportError(_("The document needs a tournament and its rounds."))
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise GameImportError(_("The document needs its entries."))
    for round_ in rounds:
        for table in round_.get("tables", ()):
            where = f"round {round_.get('number')}, table {table.get('number')}"
            if table.get("kind", TableKind.PHYSICAL) != TableKind.PHYSICAL:
                raise GameImportError(f"{where}: " + _("only physical tables are imported."))
            if table.get("game") is not None:
                try:
                    replay_game(table["game"])
                except EngineError as exc:
                    raise GameImportError(f"{where}: {exc}") from exc
                _refuse_facts_of_play(table["game"], where)
    return document


def _refuse_facts_of_play(record: Mapping[str, Any], where: str) -> None:
    """Scorekeeping deals by the rules: a deal dealt or held against them (after a late
    correction) can be written only by replaying that history, which the file does not hold."""
    for number, entry in enumerate(record["deals"], start=1):
        if entry.get("held") or entry.get("as_played"):
            raise GameImportError(
                f"{where}, deal {number}: "
                + _(
                    "it was dealt or held against the rules after a late correction; "
                    "a game like that cannot be entered again."
                )
            )


def _same_result(table: Table, outcome: GameOutcome, where: str) -> None:
    """The game as the site now counts it must give the record's result."""
    state = game_events(TableGame.objects.get(table=table)).replay()
    site = GameOutcome.of(outcome.word, state, ()).result_json()
    if site != outcome.result_json():
        raise GameImportError(
            f"{where}: "
            + _("the imported game gives %(site)s, the record %(record)s.")
            % {"site": site, "record": outcome.result_json()}
        )


def _player(by: AnyUser, nickname: str, real_name: str) -> Player:
    found = Player.objects.filter(nickname_key=nickname_key(nickname)).first()
    if found is not None:
        return found
    where = _("player %(nickname)s") % {"nickname": nickname}
    return _at(
        where,
        player_create,
        by=by,
        nickname=nickname,
        real_name=real_name,
        authorised=True,
    )


def _word(data: Mapping[str, Any]) -> PlayingWord:
    """The approved word with these letters; a word the commission of the exporting site
    approved is recorded as approved here too (the file carries no votes to replay)."""
    letters, label = str(data.get("letters", "")), str(data.get("label", ""))
    words = PlayingWord.objects.filter(letters=letters, status=WordStatus.APPROVED)
    found = words.filter(label=label).first() or words.first()
    if found is not None:
        return found
    return PlayingWord.objects.create(
        letters=letters, label=label or letters, status=WordStatus.APPROVED
    )


def _tournament(by: AnyUser, data: Mapping[str, Any]) -> Tournament:
    if Tournament.objects.filter(slug=data.get("slug")).exists():
        raise GameImportError(
            _("A tournament %(slug)s exists already: nothing was imported.")
            % {"slug": data.get("slug")}
        )
    season, _created = Season.objects.get_or_create(year=int(data["season"]))
    series_data = data.get("series") or {}
    series, _created = Series.objects.get_or_create(
        slug=series_data.get("slug", "imported"),
        defaults={"name": series_data.get("name", "Imported")},
    )
    fields = {name: data[name] for name in TOURNAMENT_FIELDS if name in data and name != "status"}
    for name in ("start_date", "end_date"):
        fields[name] = dt.date.fromisoformat(fields[name])
    tournament = _at(
        _("tournament"),
        tournament_create,
        by=by,
        season=season,
        series=series,
        **fields,
    )
    for status in (TournamentStatus.REGISTRATION, TournamentStatus.RUNNING):
        _at(
            _("tournament"),
            tournament_status_set,
            by=by,
            tournament=tournament,
            status=status,
        )
    return tournament


def _points_entry(
    ruleset: Ruleset, players: Sequence[str], entry: Mapping[str, Any]
) -> dict[str, Any]:
    """The deal as a physical table enters points: the end of the deal and, for a tie, who
    took Hejma and the last trick, found so the engine names the recorded loser(s).
    Without such a reading the points alone are not enterable: the loser is entered."""
    losers = list(entry["losers"])
    points: dict[str, int] = entry["points"]
    mapping = seat_map(players)
    engine_points = {engine: points[seat] for engine, seat in mapping.items()}
    end = "played" if sum(points.values()) == 33 else "early"
    takers = [None, *players]
    for hejma in takers:
        for last in takers if end == "played" else [None]:
            back = {seat: engine for engine, seat in mapping.items()}
            try:
                found = deal_loser(
                    engine_points,
                    hejma=back.get(hejma or ""),
                    last_trick=back.get(last or ""),
                    end=end,  # type: ignore[arg-type]
                    ruleset=ruleset,
                )
            except InvalidScoreError:
                continue
            if sorted(mapping[s.code] for s in found) == sorted(losers):
                return {
                    "losers": losers,
                    "points": points,
                    "end": end,
                    "hejma": hejma,
                    "last_trick": last,
                }
    return {"losers": losers}


def _game(by: AnyUser, table: Table, record: Mapping[str, Any], where: str) -> None:
    outcome = replay_game(record)
    ruleset = Ruleset.from_json(record.get("ruleset", {}))
    for number, (entry, replayed) in enumerate(
        zip(record["deals"], outcome.deals, strict=True), start=1
    ):
        at = f"{where}, deal {number}"
        for misdeal in entry.get("misdeals", ()):
            _at(
                at,
                scorekeeping.misdeal_record,
                by=by,
                table=table,
                waived=bool(misdeal.get("waived", False)),
            )
        if not replayed.played:
            continue
        if "record" in entry:
            given: dict[str, Any] = {"record": entry["record"]}
        elif "points" in entry:
            given = _points_entry(ruleset, replayed.players, entry)
        else:
            given = {"losers": list(entry["losers"])}
        given["sat_out"] = list(replayed.sat_out)
        deal: DealEntry = _at(
            at,
            scorekeeping.deal_record,
            by=by,
            table=table,
            **given,
        )
        for ruling in entry.get("rulings", ()):
            _at(
                at,
                scorekeeping.ruling_make,
                by=by,
                table=table,
                deal=deal,
                kind=ruling["kind"],
                offender=ruling["offender"],
                penalty=ruling["penalty"],
                intentional=bool(ruling.get("intentional", False)),
                reason=str(ruling.get("reason") or _("imported ruling")),
            )
    _same_result(table, outcome, where)


def _round(
    by: AnyUser, tournament: Tournament, data: Mapping[str, Any], entries: dict[str, Entry]
) -> None:
    where = _("round %(n)s") % {"n": data.get("number")}
    round_: Round = _at(
        where,
        round_create,
        by=by,
        tournament=tournament,
        word=_word(data.get("word") or {}),
        stage=data.get("stage", "basic"),
        number=data.get("number"),
        placka_mode=data.get("placka_mode", ""),
        first_place=data.get("first_place"),
    )
    tables = sorted(data.get("tables", ()), key=lambda t: t["number"])
    try:
        seating = [[entries[t["seats"][s]].pk for s in sorted(t["seats"])] for t in tables]
    except KeyError as exc:
        raise GameImportError(f"{where}: " + _("%s is seated but not entered.") % exc) from exc
    _at(where, round_draw_manual, by=by, round=round_, tables=seating)
    _at(where, round_draw_publish, by=by, round=round_)
    drawn = Table.objects.filter(round_id=round_.pk).order_by("number")
    for data_table, table in zip(tables, drawn, strict=True):
        if data_table.get("game") is not None:
            _game(by, table, data_table["game"], f"{where}, table {table.number}")


@transaction.atomic
def tournament_import(*, by: AnyUser, document: object) -> Tournament:
    """Create the tournament of ``document`` with everything played in it; ``by`` must be
    allowed to direct, score and referee (a superuser). Raises :class:`GameImportError`."""
    data = _check(document)
    tournament = _tournament(by, data["tournament"])
    entries: dict[str, Entry] = {}
    for item in data["entries"]:
        nickname = str(item.get("player", ""))
        player = _player(by, nickname, str(item.get("real_name", "")))
        where = _("entry %(nickname)s") % {"nickname": nickname}
        entry = _at(where, entry_register, by=by, tournament=tournament, player=player)
        entries[nickname] = _at(where, entry_check_in, by=by, entry=entry)
    for round_data in sorted(data["rounds"], key=lambda r: r["number"]):
        _round(by, tournament, round_data, entries)
    for item in data["entries"]:
        entry = Entry.objects.get(pk=entries[str(item["player"])].pk)
        if item.get("status") == EntryStatus.WITHDRAWN and entry.status != EntryStatus.WITHDRAWN:
            classified = bool(item.get("classified", False))
            _at(
                _("entry %(nickname)s") % {"nickname": item["player"]},
                entry_withdraw,
                by=by,
                entry=entry,
                classified=classified,
            )
    if data["tournament"].get("status") == TournamentStatus.FINISHED:
        _at(
            _("tournament"),
            tournament_status_set,
            by=by,
            tournament=tournament,
            status=TournamentStatus.FINISHED,
        )
    return tournament
