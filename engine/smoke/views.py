"""Per-participant views of a Smoke hand (information hiding, OpenSpiel style).

>>> from engine.smoke.hand import HandState
>>> view = seat_view(HandState(3, seed=1), 0)
>>> len(view["hand"]), "stock" in view
(5, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.smoke.actions import Kind
from engine.smoke.cards import codes
from engine.smoke.errors import RulesError

if TYPE_CHECKING:
    from engine.smoke.hand import HandState


def seat_view(state: HandState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see, as a JSON-ready dict: his own cards only, no stock."""
    if not 0 <= seat < state.n:
        raise RulesError(f"no seat {seat} at a table of {state.n}", code="participant")
    current = state.turn
    return {
        "seat": seat,
        "participants": state.n,
        "dealer": state.dealer,
        "phase": state.phase.value,
        "current": current,
        "smoke": state.turned.code,
        "tallies": list(state.tallies or []),
        "sits": list(state.sits or []),
        "hand": codes(sorted(state.hands[seat])),
        "hand_sizes": [len(hand) for hand in state.hands],
        "decisions": [
            {
                "seat": d.seat,
                "action": "sit" if d.action.kind is Kind.SIT else "draw",
                "count": len(d.action.cards),
            }
            for d in state.decisions
        ],
        "stayers": state.stayers if state.phase.value != "draw" else [],
        "no_smoke": list(state.no_smoke),
        "leader": state.leader,
        "trick": [[s, c.code] for s, c in state.trick],
        "tricks": [
            {"leader": t.leader, "plays": [[s, c.code] for s, c in t.plays], "winner": t.winner}
            for t in state.tricks
        ],
        "penalties": [{"seat": p.seat, "what": p.what} for p in state.penalties],
        "stock_size": len(state.stock),
        "legal": [a.code for a in state.legal_actions()] if seat == current else [],
    }
