"""Read a tournament's game records (:mod:`.game_records`) back into a new tournament.

Everything goes through the services a director, a line judge and a referee use at the
tournament: the tournament, entries (players matched by nickname, else registered), the
rounds with their words, a manual draw of the tables as they were, then every misdeal,
deal and ruling in the order of the record (a ruling right after its deal; a deal the
referee held is entered held, :func:`games.services.deal_held_record`). A deal the record
says was played ``as_played`` (its dealer or sit-outs facts of play the rules no longer name:
a referee's correction, or a later ruling or correction on an earlier deal) is entered as a
referee's correction where the rules now name others, so the imported game replays to the
record's result. Every game record is replayed by the engine first; the whole import runs
in one transaction, so a refusal anywhere writes nothing.

Nothing bypasses the federation's own rules: a round's word must be one this federation's
commission approved (a file cannot approve a word), a missing season or series is created
through its model's validators, and a database refusal is a :class:`GameImportError` too.
The document's field types are checked first by ``import_games``
(``tournaments.api.game_records``, the site's input serializers).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DatabaseError, transaction
from django.db.models import Model
from django.utils.translation import gettext as _

from engine import InvalidScoreError, Ruleset, deal_loser
from engine.errors import EngineError
from engine.gameoutcome import DealOutcome
from engine.gamerecord import GameOutcome, replay_game
from engine.ledger import NextDeal
from games import services as scorekeeping
from games.adapter import game_events, seat_map
from games.models import DealEntry, TableGame
from scwu.models import Player, PlayingWord
from scwu.models.commission import WordStatus
from scwu.models.players import nickname_key
from scwu.roles import AnyUser
from scwu.services.players import player_create
from scwu.services.words import word_letters_normal
from tournaments.exports.game_records import (
    DOCUMENT_FORMAT,
    TOURNAMENT_FIELDS,
)
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundStatus,
    Season,
    Series,
    Table,
    TableKind,
    Tournament,
    TournamentStatus,
)
from tournaments.services.draw import round_draw_manual, round_draw_publish
from tournaments.services.entries import entry_check_in, entry_register, entry_withdraw
from tournaments.services.rounds import round_create, round_finish
from tournaments.services.tournaments import tournament_create, tournament_status_set

__all__ = ["GameImportError", "tournament_import"]

T = TypeVar("T")
M = TypeVar("M", bound=Model)


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


def _nul_at(value: object, path: str = "") -> str | None:
    """Where a NUL character hides (no text column stores one), in keys or values."""
    if isinstance(value, str):
        return path if "\x00" in value else None
    if isinstance(value, dict):
        for key, item in value.items():
            if "\x00" in str(key):
                return path or "document"
            found = _nul_at(item, f"{path}.{key}" if path else str(key))
            if found:
                return found
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = _nul_at(item, f"{path}[{index}]")
            if found:
                return found
    return None


def _replayed(record: object, where: str) -> GameOutcome:
    """The engine's replay of an untrusted record: whatever it cannot read is a refusal."""
    try:
        return replay_game(record)
    except (EngineError, KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise GameImportError(f"{where}: " + _("not a valid game record (%s).") % exc) from exc


def _check(document: object) -> dict[str, Any]:
    """The document's shape, and every game record replayed by the engine."""
    if not isinstance(document, dict) or document.get("format") != DOCUMENT_FORMAT:
        raise GameImportError(_("Not a tournament of game records (format %s).") % DOCUMENT_FORMAT)
    nul = _nul_at(document)
    if nul is not None:
        raise GameImportError(f"{nul}: " + _("a NUL character is not allowed."))
    tournament = document.get("tournament")
    rounds = document.get("rounds")
    entries = document.get("entries")
    if not isinstance(tournament, dict) or not isinstance(rounds, list):
        raise GameImportError(_("The document needs a tournament and its rounds."))
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise GameImportError(_("The document needs its entries."))
    if not all(
        isinstance(r, dict)
        and isinstance(r.get("number"), int)
        and isinstance(r.get("tables", []), list)
        and all(isinstance(t, dict) and isinstance(t.get("number"), int) for t in r["tables"])
        for r in rounds
    ):
        raise GameImportError(_("Each round and each table needs its number."))
    for round_ in rounds:
        for table in round_.get("tables", ()):
            where = f"round {round_.get('number')}, table {table.get('number')}"
            if table.get("kind", TableKind.PHYSICAL) != TableKind.PHYSICAL:
                raise GameImportError(f"{where}: " + _("only physical tables are imported."))
            if table.get("game") is not None:
                _replayed(table["game"], where)
    return document


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


def _word(data: Mapping[str, Any], where: str) -> PlayingWord:
    """The word this federation's commission approved with these letters (the same label
    first). Only the commission approves a word: a file that names another is refused, and
    the word has to be proposed and approved here first (the file carries no votes)."""
    letters, label = str(data.get("letters", "")), str(data.get("label", ""))
    words = PlayingWord.objects.filter(
        letters=word_letters_normal(letters), status=WordStatus.APPROVED
    )
    found = words.filter(label=label).first() or words.first()
    if found is None:
        raise GameImportError(
            f"{where}: "
            + _(
                "the word %(label)s (letters %(letters)s) is not approved by this federation's "
                "commission; propose it on the word register and import once it is approved."
            )
            % {"label": label or letters, "letters": letters}
        )
    return found


def _created(*, instance: M) -> M:
    """A season or series as the admin would create it: every field validator first."""
    instance.full_clean()
    instance.save()
    return instance


def _tournament(by: AnyUser, data: Mapping[str, Any]) -> Tournament:
    if Tournament.objects.filter(slug=data.get("slug")).exists():
        raise GameImportError(
            _("A tournament %(slug)s exists already: nothing was imported.")
            % {"slug": data.get("slug")}
        )
    if not isinstance(data.get("season"), int) or isinstance(data["season"], bool):
        raise GameImportError(_("tournament") + ": " + _("A season is a year, e.g. 2026."))
    season = Season.objects.filter(year=data["season"]).first()
    if season is None:
        season = _at(_("season"), _created, instance=Season(year=data["season"]))
    series_data = data.get("series") or {}
    series = Series.objects.filter(slug=series_data.get("slug", "imported")).first()
    if series is None:
        new = Series(
            slug=series_data.get("slug", "imported"), name=series_data.get("name", "Imported")
        )
        series = _at(_("series"), _created, instance=new)
    fields = {name: data[name] for name in TOURNAMENT_FIELDS if name in data and name != "status"}
    for name in ("start_date", "end_date"):
        try:
            fields[name] = dt.date.fromisoformat(fields[name])
        except (KeyError, TypeError, ValueError) as exc:
            raise GameImportError(f"{_('tournament')}.{name}: " + _("not a date.")) from exc
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


def _next_deal(table: Table) -> NextDeal | None:
    """Who the site's rules have deal and sit out the next deal at ``table`` now."""
    return game_events(TableGame.objects.get(table=table)).replay().next_deal


def _facts(
    table: Table, entry: Mapping[str, Any], replayed: DealOutcome
) -> tuple[dict[str, Any], str | None]:
    """The dealer and sit-outs to enter with a deal, and for the misdeals the dealer when it
    is not the rules'. A deal the record says was played ``as_played`` (a referee's
    correction, or a fact that a later correction or ruling left standing) is entered as a
    referee's correction when the site's rules now name another dealer or other sit-outs, so
    that replaying it gives what the record counts; the reason is the record's, if any."""
    given: dict[str, Any] = {"sat_out": list(replayed.sat_out)}
    if not entry.get("as_played"):
        return given, None
    upcoming = _next_deal(table)
    misdealer = replayed.misdeals[0].dealer if replayed.misdeals else replayed.dealer
    rules_dealer = upcoming.dealer if upcoming is not None else None
    misdeal_dealer = misdealer if misdealer != rules_dealer else None
    if upcoming is None or (
        replayed.dealer == upcoming.dealer
        and set(replayed.sat_out) == set(upcoming.sitting_out)
        and misdeal_dealer is None
    ):
        return given, misdeal_dealer
    given["dealer"] = replayed.dealer
    given["correction_reason"] = str(entry.get("correction") or "") or _(
        "Imported as played from a game record."
    )
    return given, misdeal_dealer


def _game(by: AnyUser, table: Table, record: Mapping[str, Any], where: str) -> None:
    outcome = _replayed(record, where)
    ruleset = Ruleset.from_json(record.get("ruleset", {}))
    for number, (entry, replayed) in enumerate(
        zip(record["deals"], outcome.deals, strict=True), start=1
    ):
        at = f"{where}, deal {number}"
        facts, misdeal_dealer = _facts(table, entry, replayed)
        for misdeal in entry.get("misdeals", ()):
            _at(
                at,
                scorekeeping.misdeal_record,
                by=by,
                table=table,
                waived=bool(misdeal.get("waived", False)),
                dealer=misdeal_dealer,
            )
        if entry.get("held"):
            # held by the referee: only its misdeals and who dealt it count
            _at(
                at,
                scorekeeping.deal_held_record,
                by=by,
                table=table,
                dealer=entry.get("dealer"),
            )
            continue
        if not replayed.played:
            continue
        if "record" in entry:
            given: dict[str, Any] = {"record": entry["record"]}
        elif "points" in entry:
            given = _points_entry(ruleset, replayed.players, entry)
        else:
            given = {"losers": list(entry["losers"])}
        deal: DealEntry = _at(
            at,
            scorekeeping.deal_record,
            by=by,
            table=table,
            **given,
            **facts,
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


def _present(by: AnyUser, entries: Mapping[str, Entry], seated: set[int], where: str) -> None:
    """Check in exactly the entries seated in the round (a league's night seats only who
    came; a draw seats everyone checked in)."""
    for entry in Entry.objects.filter(pk__in=[e.pk for e in entries.values()]):
        here = entry.pk in seated
        if entry.status != EntryStatus.WITHDRAWN and here != (
            entry.status == EntryStatus.CHECKED_IN
        ):
            _at(where, entry_check_in, by=by, entry=entry, checked_in=here)


def _round(
    by: AnyUser, tournament: Tournament, data: Mapping[str, Any], entries: dict[str, Entry]
) -> None:
    where = _("round %(n)s") % {"n": data.get("number")}
    round_: Round = _at(
        where,
        round_create,
        by=by,
        tournament=tournament,
        word=_word(data.get("word") or {}, where),
        stage=data.get("stage", "basic"),
        number=data.get("number"),
        placka_mode=data.get("placka_mode", ""),
        first_place=data.get("first_place"),
    )
    tables = sorted(data.get("tables", ()), key=lambda t: t["number"])
    if not tables:
        return  # planned, not drawn yet
    try:
        seating = [[entries[t["seats"][s]].pk for s in sorted(t["seats"])] for t in tables]
    except KeyError as exc:
        raise GameImportError(f"{where}: " + _("%s is seated but not entered.") % exc) from exc
    _present(by, entries, {pk for table in seating for pk in table}, where)
    _at(where, round_draw_manual, by=by, round=round_, tables=seating)
    _at(where, round_draw_publish, by=by, round=round_)
    drawn = Table.objects.filter(round_id=round_.pk).order_by("number")
    for data_table, table in zip(tables, drawn, strict=True):
        if data_table.get("game") is not None:
            _game(by, table, data_table["game"], f"{where}, table {table.number}")
    round_.refresh_from_db()
    if data.get("status") == RoundStatus.FINISHED and round_.status != RoundStatus.FINISHED:
        _at(where, round_finish, by=by, round=round_)


def tournament_import(*, by: AnyUser, document: object) -> Tournament:
    """Create the tournament of ``document`` with everything played in it; ``by`` must be
    allowed to direct, score and referee (a superuser). Raises :class:`GameImportError`;
    nothing is written then."""
    try:
        return _import(by, document)
    except DatabaseError as exc:
        # A value no check above foresaw and the database refused (rolled back).
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise GameImportError(_("The database refused the document: %s") % reason) from exc


@transaction.atomic
def _import(by: AnyUser, document: object) -> Tournament:
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
        checked_in = item.get("status") == EntryStatus.CHECKED_IN
        if item.get("status") != EntryStatus.WITHDRAWN and checked_in != (
            entry.status == EntryStatus.CHECKED_IN
        ):
            # as at the end: a no-show, or not at a league's last night
            _at(
                _("entry %(nickname)s") % {"nickname": item["player"]},
                entry_check_in,
                by=by,
                entry=entry,
                checked_in=checked_in,
            )
            entry.refresh_from_db()
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
