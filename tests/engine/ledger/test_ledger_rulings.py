"""Renonc rulings, withdrawals, corrections, undo and the effects diff."""

from engine.ledger import (
    DealCorrected,
    DealRecorded,
    DealUndone,
    Event,
    FinishReason,
    LedgerSettings,
    LetterSource,
    Penalty,
    PlackaMode,
    RenoncKind,
    RulingMade,
    RulingWithdrawn,
    diff_states,
    replay,
)

TONDA = tuple("TONDA")
SETTINGS = LedgerSettings(word=TONDA)


def deals(*losers: str) -> list[Event]:
    return [DealRecorded(f"d{i + 1}", tuple(seat)) for i, seat in enumerate(losers)]


def ruling(deal_id: str, offender: str, penalty: Penalty, rid: str = "r1") -> RulingMade:
    return RulingMade(rid, deal_id, RenoncKind.REVOKE, offender, penalty, ruled_by="ref")


def test_loses_deal_makes_the_offender_the_loser_and_the_next_dealer() -> None:
    state = replay(SETTINGS, [*deals("B"), ruling("d1", "C", Penalty.LOSES_DEAL)])
    deal = state.deals[0]
    assert deal.recorded_losers == ("B",) and deal.losers == ("C",)
    assert deal.rulings[0].replaced_losers == ("B",)
    assert "points_disregarded" in deal.flags
    assert state.seat("C").word_so_far == "T" and state.seat("B").letter_count == 0
    assert deal.next_dealer == "C"


def test_two_revoke_offenders_each_take_a_letter() -> None:
    events: list[Event] = [
        *deals("B"),
        ruling("d1", "C", Penalty.LOSES_DEAL, "r1"),
        ruling("d1", "D", Penalty.LOSES_DEAL, "r2"),
    ]
    state = replay(SETTINGS, events)
    assert state.deals[0].losers == ("C", "D")
    assert [s.letter_count for s in state.seats] == [0, 0, 1, 1]


def test_extra_letter_adds_a_letter_and_does_not_move_the_deal() -> None:
    state = replay(SETTINGS, [*deals("B"), ruling("d1", "D", Penalty.EXTRA_LETTER)])
    deal = state.deals[0]
    assert [(a.seat, a.letter, a.source) for a in deal.letter_awards] == [
        ("B", "T", LetterSource.DEAL),
        ("D", "T", LetterSource.RULING),
    ]
    assert deal.next_dealer == "B"
    assert state.seat("D").penalty_letters == 1


def test_loses_game_completes_the_word_and_ends_the_game() -> None:
    state = replay(SETTINGS, [*deals("B", "C"), ruling("d1", "D", Penalty.LOSES_GAME)])
    assert state.seat("D").word_so_far == "TONDA" and state.plackas == ("D",)
    assert state.finished and state.finish_reason is FinishReason.PLACKA
    assert state.deal("d2").counted is False
    assert [i.code for i in state.issues] == ["game_finished"]


def test_loses_game_in_elimination_sends_the_offender_out() -> None:
    settings = LedgerSettings(word=TONDA, seats=6, placka_mode=PlackaMode.ELIMINATION)
    state = replay(settings, [*deals("B"), ruling("d1", "A", Penalty.LOSES_GAME)])
    assert state.seat("A").place == 6 and state.seat("A").has_placka
    assert not state.finished and len(state.active_seats) == 5


def test_disqualification_at_four_ends_the_game_without_a_placka() -> None:
    state = replay(SETTINGS, [*deals("B"), ruling("d1", "C", Penalty.DISQUALIFICATION)])
    assert state.finished and state.finish_reason is FinishReason.FEWER_THAN_FOUR
    assert state.plackas == ()
    seat = state.seat("C")
    assert seat.is_disqualified and not seat.is_active and seat.place is None
    assert state.seat("B").place == 3 and state.seat("A").place == 1


def test_disqualification_at_five_leaves_four_who_play_on() -> None:
    settings = LedgerSettings(word=TONDA, seats=5)
    state = replay(settings, [*deals("B"), ruling("d1", "B", Penalty.DISQUALIFICATION)])
    assert not state.finished
    assert state.deals[0].left_table == ("B",)
    # The loser left: the next seat at the table clockwise deals; nobody sits out.
    assert state.next_deal is not None
    assert state.next_deal.dealer == "C" and state.next_deal.sitting_out == ()
    assert state.next_deal.players == ("A", "C", "D", "E")


def test_ban_has_the_same_effect_at_the_table_and_is_marked() -> None:
    settings = LedgerSettings(word=TONDA, seats=5)
    banned = replay(settings, [*deals("B"), ruling("d1", "D", Penalty.BAN)])
    disq = replay(settings, [*deals("B"), ruling("d1", "D", Penalty.DISQUALIFICATION)])
    assert banned.seat("D").is_banned and not disq.seat("D").is_banned
    assert banned.next_deal == disq.next_deal
    assert banned.active_seats == disq.active_seats == ("A", "B", "C", "E")


def test_ruling_on_an_old_deal_shifts_every_later_letter_and_dealer() -> None:
    events = deals("B", "C", "C", "D")
    before = replay(SETTINGS, events)
    assert [d.dealer for d in before.deals] == ["A", "B", "C", "C"]
    assert before.deal("d4").letter_awards[0].letter == "T"

    after = replay(SETTINGS, [*events, ruling("d1", "D", Penalty.LOSES_DEAL)])
    assert [d.dealer for d in after.deals] == ["A", "D", "C", "C"]
    assert after.deal("d4").letter_awards[0].letter == "O"  # D's second letter now
    assert [s.word_so_far for s in after.seats] == ["", "", "TO", "TO"]

    diff = diff_states(before, after)
    changed = {c.deal_id: {f.name: (f.before, f.after) for f in c.changes} for c in diff.deals}
    assert changed["d1"]["losers"] == ("B", "D")
    assert changed["d2"]["dealer"] == ("B", "D")
    assert changed["d4"]["letter awards"] == ("D:T", "D:O")
    assert "d3" not in changed
    assert "deal 2 (d2): dealer B -> D" in diff.summary()


def test_ruling_on_an_old_deal_at_five_seats_moves_sit_outs_and_flags_a_broken_deal() -> None:
    settings = LedgerSettings(word=TONDA, seats=5)
    events = deals("B", "C", "D")  # sit-outs A, B, C
    after = replay(settings, [*events, ruling("d1", "C", Penalty.LOSES_DEAL)])
    # C now deals d2 and sits out, but d2's recorded loser is C.
    assert after.deal("d2").counted is False and after.deal("d2").issue == "seat_sat_out"
    # d2 does not count, so C deals d3 too and D's loss stands.
    assert after.deal("d3").dealer == "C" and after.deal("d3").counted
    assert [i.code for i in after.issues] == ["seat_sat_out"]


def test_withdrawing_a_ruling_restores_the_exact_previous_state() -> None:
    events = deals("B", "C", "C", "D")
    made = [ruling("d2", "A", Penalty.LOSES_DEAL)]
    assert replay(SETTINGS, [*events, *made]) != replay(SETTINGS, events)
    withdrawn = [*events, *made, RulingWithdrawn("w1", "r1", reason="appeal upheld")]
    assert replay(SETTINGS, withdrawn) == replay(SETTINGS, events)
    assert diff_states(replay(SETTINGS, events), replay(SETTINGS, withdrawn)).is_empty


def test_undo_of_the_last_deal() -> None:
    events = deals("B", "C", "D")
    undone = replay(SETTINGS, [*events, DealUndone("u1")])
    assert undone == replay(SETTINGS, events[:-1])
    diff = diff_states(replay(SETTINGS, events), undone)
    assert [(c.deal_id, c.removed) for c in diff.deals] == [("d3", True)]


def test_undo_reopens_a_finished_game() -> None:
    settings = LedgerSettings(word=("X",))
    events: list[Event] = [*deals("B"), DealUndone("u1")]
    state = replay(settings, events)
    assert not state.finished and state.plackas == ()
    assert state.next_deal is not None and state.next_deal.dealer == "A"


def test_correcting_a_loser_recomputes_everything_after_it() -> None:
    events: list[Event] = [*deals("B", "C", "D"), DealCorrected("c1", "d1", losers=("D",))]
    state = replay(SETTINGS, events)
    assert state.deal("d1").losers == ("D",)
    assert [d.dealer for d in state.deals] == ["A", "D", "C"]
    assert state.seat("D").word_so_far == "TO" and state.seat("B").letter_count == 0
    assert state == replay(SETTINGS, deals("D", "C", "D"))


def test_correcting_points_keeps_the_loser() -> None:
    points = {"A": 1, "B": 30, "C": 1, "D": 1}
    events: list[Event] = [*deals("B"), DealCorrected("c1", "d1", points=points)]
    state = replay(SETTINGS, events)
    assert state.deal("d1").points_by_seat == points and state.deal("d1").losers == ("B",)


def test_diff_reports_seat_and_game_changes() -> None:
    settings = LedgerSettings(word=("X", "Y"))
    before = replay(settings, deals("B", "B"))
    after = replay(settings, [*deals("B", "B"), DealCorrected("c1", "d2", losers=("C",))])
    diff = diff_states(before, after)
    seats = {c.seat: {f.name for f in c.changes} for c in diff.seats}
    assert seats["B"] == {"word so far", "placka", "place"}
    assert {f.name for f in diff.game} >= {"finished", "next dealer"}
    assert "game: finished placka -> no" in diff.summary()
