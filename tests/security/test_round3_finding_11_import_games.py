"""Hardening round three, finding 11: ``import_games`` with hostile files. Every file below
is refused with one line on stderr and a non-zero exit, never a traceback, and writes
nothing; a file cannot approve a word, and its labels and slugs go through the site's
validators. A real export still imports."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import transaction
from django.db.models import Model
from django.test import Client

from games.models import AuditEntry, DealEntry
from scwu.models import Player, PlayingWord
from scwu.models.commission import WordStatus
from tests.factories import PlayingWordFactory
from tests.games.conftest import make_setup
from tournaments.exports.game_records import tournament_document
from tournaments.models import Entry, Season, Series, Tournament

pytestmark = pytest.mark.django_db

Edit = Callable[[dict[str, Any]], Any]


@pytest.fixture(scope="module")
def exported(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """A real export of a round with one played table, made once and rolled back."""
    with django_db_blocker.unblock(), transaction.atomic():
        s = make_setup(word="TONDA")
        s.tournament.slug = "spring-cup"
        s.tournament.save()
        s.lose("B", "C", "D", "B")
        document = json.loads(json.dumps(tournament_document(s.tournament, rounds=[1])))
        transaction.set_rollback(True)
    yield document


@pytest.fixture
def importer() -> User:
    PlayingWordFactory(letters="TONDA", label="Tonda", status=WordStatus.APPROVED)
    return User.objects.create_superuser("importer", "importer@scwu.example", "pw-import-1")


def _counts() -> dict[str, int]:
    models: list[type[Model]] = [
        Tournament, Player, PlayingWord, Series, Season, Entry, DealEntry, AuditEntry
    ]  # fmt: skip
    return {model.__name__: model.objects.count() for model in models}


def _run(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``manage.py import_games``: exit code, stdout, stderr. ``manage.py`` prints a
    ``CommandError`` as ``CommandError: <message>`` on stderr and exits with its return code;
    any other exception would be a traceback, and fails the test here. (Not
    ``run_from_argv``: it closes the database connection the test runs in.)"""
    try:
        call_command("import_games", str(path), user="importer")
    except CommandError as exc:
        code, err = exc.returncode, f"CommandError: {exc}\n"
    else:
        code, err = 0, ""
    out = capsys.readouterr()
    return code, out.out, err + out.err


def _set(path: str, value: Any) -> Edit:
    """An edit that sets ``a.b[0].c`` in the document."""

    def edit(document: dict[str, Any]) -> None:
        *parents, last = path.replace("[", ".").replace("]", "").split(".")
        node: Any = document
        for key in parents:
            node = node[int(key)] if key.isdigit() else node[key]
        node[int(last) if last.isdigit() else last] = value

    return edit


def _first_game(document: dict[str, Any]) -> dict[str, Any]:
    game: dict[str, Any] = document["rounds"][0]["tables"][0]["game"]
    return game


def _nul_in_game(document: dict[str, Any]) -> None:
    _first_game(document)["deals"][0]["rulings"] = [
        {"kind": "A", "offender": "B", "penalty": "extra_letter", "reason": "pe\x00eked"}
    ]


def _duplicate_round(document: dict[str, Any]) -> None:
    document["rounds"].append(copy.deepcopy(document["rounds"][0]))


#: name -> the file's text (a str or bytes) or an edit of the real export.
HOSTILE: dict[str, bytes | str | Edit] = {
    "truncated JSON": "TRUNCATE",
    "not UTF-8": b"\xff\xfe{\x00}",
    "brackets nested past the parser": "[" * 200_000 + "]" * 200_000,
    "a list, not a document": "[]",
    "another format": _set("format", "scwu-tournament/99"),
    "rounds of the wrong type": _set("rounds", "round one"),
    "an edition of the wrong type": _set("tournament.edition", "third"),
    "a huge edition": _set("tournament.edition", 10**40),
    "a huge round number": _set("rounds[0].number", 10**30),
    "a huge season": _set("tournament.season", 10**12),
    "NaN for a table number": _set("rounds[0].tables[0].number", float("nan")),
    "a NUL byte in a nickname": _set("entries[0].player", "Ton\x00da"),
    "a NUL byte deep in a game record": _nul_in_game,
    "an unknown top-level field": _set("comment", "hello"),
    "an unknown field in an entry": _set("entries[0].is_admin", True),
    "a series slug with a slash and spaces": _set("tournament.series.slug", "bad slug/<x>"),
    "a tournament slug escaping the URL": _set("tournament.slug", "../../admin"),
    "a word the commission never approved": _set("rounds[0].word", {"label": "Z", "letters": "ZZ"}),
    "a script label on an unapproved word": _set(
        "rounds[0].word", {"label": "<script>alert(1)</script>", "letters": "XSS"}
    ),
    "a newline in an unapproved word's label": _set(
        "rounds[0].word", {"label": "Ton\nda", "letters": "TONDAX"}
    ),
    "a nickname past 40 characters": _set("entries[0].player", "N" * 500),
    "an impossible date": _set("tournament.start_date", "2026-13-45"),
    "a seat for a player not entered": _set("rounds[0].tables[0].seats.A", "Nobody"),
    "a game record of the wrong type": _set("rounds[0].tables[0].game", "TONDA"),
    "a deal that is not a deal": lambda d: _first_game(d)["deals"].insert(0, 7),
    "the same round twice": _duplicate_round,
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_finding_11_a_hostile_file_is_refused_in_one_line_and_writes_nothing(
    name: str,
    exported: dict[str, Any],
    importer: User,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    hostile = HOSTILE[name]
    path = tmp_path / "games.json"
    if isinstance(hostile, bytes):
        path.write_bytes(hostile)
    elif hostile == "TRUNCATE":
        text = json.dumps(exported)
        path.write_text(text[: len(text) // 2])
    elif isinstance(hostile, str):
        path.write_text(hostile)
    else:
        document = copy.deepcopy(exported)
        hostile(document)
        path.write_text(json.dumps(document))
    before = _counts()

    code, out, err = _run(path, capsys)

    assert code != 0, (name, out)
    assert "Traceback" not in err and err.startswith("CommandError: "), (name, err)
    assert len(err.strip().splitlines()) == 1, (name, err)
    assert _counts() == before, name


def test_finding_11_at_least_fifteen_hostile_files() -> None:
    assert len(HOSTILE) >= 15


def test_finding_11_the_real_export_imports_and_takes_the_word_from_the_register(
    exported: dict[str, Any], importer: User, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The file's own label is a newline and a script: the register's approved word is used.
    document = copy.deepcopy(exported)
    document["rounds"][0]["word"]["label"] = "<script>x</script>\nTonda"
    path = tmp_path / "games.json"
    path.write_text(json.dumps(document))
    words = PlayingWord.objects.count()

    code, out, err = _run(path, capsys)

    assert code == 0 and "imported spring-cup" in out, err
    tournament = Tournament.objects.get(slug="spring-cup")
    assert tournament.rounds.get().word.label == "Tonda"
    assert PlayingWord.objects.count() == words
    assert not PlayingWord.objects.filter(label__contains="<").exists()
    assert DealEntry.objects.filter(game__table__round__tournament=tournament).count() == 4


def test_finding_11_an_imported_series_keeps_the_series_api_to_its_schema(
    exported: dict[str, Any], importer: User, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = copy.deepcopy(exported)
    document["tournament"]["series"] = {"slug": "spring-series", "name": "Spring series"}
    path = tmp_path / "games.json"
    path.write_text(json.dumps(document))
    code, _out, err = _run(path, capsys)
    assert code == 0, err
    answer = Client().get("/api/series/")
    assert answer.status_code == 200
    slugs = [row["slug"] for row in answer.json()["results"]]
    assert "spring-series" in slugs
