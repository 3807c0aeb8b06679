"""The frames a process keeps for its connections are found only for the change that made
them: a seats-or-clock change sends a new frame of an existing version, and a process that
holds an older frame of that version must resync instead of sending it again."""

from __future__ import annotations

from typing import cast

from games.online.broadcast import state_event, step_get
from games.online.frames import StateFrame
from games.online.services import Change


def frame(version: int, grace: bool) -> StateFrame:
    # Only the keys the broadcast reads: it stores and finds frames, never looks inside.
    return cast(StateFrame, {"type": "state", "version": version, "clock": {"grace": grace}})


def test_a_frame_is_found_under_its_own_change_only() -> None:
    made_here = state_event(Change(game_id=991, steps=[{"": frame(7, grace=False)}]))
    assert made_here["versions"] == [7]
    assert step_get(991, 7, made_here["token"]) == {"": frame(7, grace=False)}
    # The clock ran out in another process: same version, another change.
    assert step_get(991, 7, "made-elsewhere") is None


def test_a_later_change_of_the_same_version_replaces_the_frame() -> None:
    first = state_event(Change(game_id=992, steps=[{"": frame(3, grace=False)}]))
    second = state_event(Change(game_id=992, steps=[{"": frame(3, grace=True)}]))
    assert step_get(992, 3, first["token"]) is None
    assert step_get(992, 3, second["token"]) == {"": frame(3, grace=True)}
