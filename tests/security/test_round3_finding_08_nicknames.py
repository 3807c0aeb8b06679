"""Hardening round three, finding 8: nicknames are compared by UTS #39 confusable skeletons
computed from Unicode's own ``confusables.txt`` (shipped with its licence), not a table
written by hand."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from scwu.models import Player
from scwu.security import nicknames
from scwu.security.nicknames import (
    CONFUSABLES_FILE,
    confusable_pairs,
    nickname_looks,
    skeleton,
)
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _register(nickname: str) -> int:
    api = APIClient()
    api.force_authenticate(UserFactory(roles=["administrator"]))
    return api.post("/api/players/register/", {"nickname": nickname}, format="json").status_code


def test_finding_08_digit_and_ipa_look_alikes_of_an_existing_nickname_are_refused() -> None:
    assert _register("Tonda") == 201
    for look_alike in ("T0nda", "Tond\u0251", "TOND\u0391", "Tond\u0430"):  # 0, ɑ, Greek Α, а
        assert _register(look_alike) == 409, look_alike
    assert _register("Ivan") == 201
    assert _register("lvan") == 409  # a capital I is an l
    assert _register("Tomas") == 201  # different people still register
    assert sorted(Player.objects.values_list("nickname", flat=True)) == ["Ivan", "Tomas", "Tonda"]


def test_finding_08_the_skeleton_is_unicodes_mapping_for_every_line_of_the_data_file() -> None:
    # Each source character's skeleton is its prototype's, for every line of Unicode's file.
    checked = 0
    for source, prototype in confusable_pairs():
        assert skeleton(source) == skeleton(prototype), hex(ord(source))
        checked += 1
    assert checked > 6000


def test_finding_08_one_authority_no_hand_written_look_alike_table() -> None:
    source = Path(nicknames.__file__).read_text()
    assert "LOOKALIKES" not in source and "maketrans" not in source
    licence = CONFUSABLES_FILE.with_name("LICENSE-UNICODE.txt").read_text()
    assert "UNICODE LICENSE V3" in licence
    header = CONFUSABLES_FILE.read_text(encoding="utf-8-sig")[:400]
    assert "Unicode Security Mechanisms for UTS #39" in header


def test_finding_08_case_and_accents_do_not_hide_a_look_alike() -> None:
    assert nickname_looks("T0NDA") & nickname_looks("tonda")
    assert nickname_looks("Tond\u0251\u0301") & nickname_looks("Tonda")
    assert nickname_looks("\u0456van") & nickname_looks("Ivan")  # Cyrillic і, case folded
    assert not nickname_looks("Tonda") & nickname_looks("Tomas")
    assert unicodedata.normalize("NFD", skeleton("T0nda")) == "TOnda"
