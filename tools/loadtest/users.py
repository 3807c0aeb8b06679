"""The simulated users: line judges and readers in threads, online players in asyncio."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from games.selectors import AHEAD_DEALS
from tools.loadtest.http import NETWORK_ERRORS, Http
from tools.loadtest.seed import Session
from tools.loadtest.stats import Recorder


@dataclass
class DealLedger:
    """What the judges sent: every key, and which ones the server acknowledged."""

    sent: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    acked: set[str] = field(default_factory=set)
    resent: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def send(self, table_id: int, key: str) -> None:
        with self._lock:
            self.sent[table_id].append(key)

    def ack(self, key: str) -> None:
        with self._lock:
            self.acked.add(key)

    def resend(self) -> None:
        with self._lock:
            self.resent += 1


def judge(
    *,
    base_url: str,
    table_id: int,
    session: Session,
    recorder: Recorder,
    ledger: DealLedger,
    stop: threading.Event,
    think: float,
    resend_share: float,
    seed: int,
) -> None:
    """Record deals at one table until time is up or the game ends; a lost answer is
    resent with the same key, and ``resend_share`` of the deals are resent on purpose.
    Each deal asks for the deals ahead, as the table page does (its state's look-ahead)."""
    rng = random.Random(seed)
    http_ = Http(base_url)
    path = f"/api/games/tables/{table_id}/deals/?ahead={AHEAD_DEALS}"
    headers = {"Cookie": session.cookie, "X-CSRFToken": session.csrftoken}
    number, players = 1, ["A", "B", "C", "D"]
    while not stop.is_set():
        key = uuid.uuid4().hex
        ledger.send(table_id, key)
        payload = {
            "number": number,
            "losers": [players[number % len(players)]],
            "idempotency_key": key,
        }
        state = _deal_until_answered(http_, path, payload, headers, recorder, stop, "deal record")
        if state is None:
            return
        ledger.ack(key)
        if rng.random() < resend_share:
            ledger.resend()
            again = _deal_until_answered(
                http_, path, payload, headers, recorder, stop, "deal resend"
            )
            if again is not None and len(again["deals"]) != len(state["deals"]):
                recorder.error("deal resend", "recorded twice")
        if not state.get("next_deal"):
            return  # the game is over (a placka)
        number, players = state["next_deal"]["number"], state["next_deal"]["players"]
        stop.wait(think * rng.uniform(0.5, 1.5))


def _deal_until_answered(
    http_: Http,
    path: str,
    payload: dict[str, Any],
    headers: dict[str, str],
    recorder: Recorder,
    stop: threading.Event,
    kind: str,
) -> dict[str, Any] | None:
    for attempt in range(50):
        try:
            status, body, took = http_.request("POST", path, payload, headers)
        except NETWORK_ERRORS as exc:
            recorder.error(kind, type(exc).__name__)
            time.sleep(min(5.0, 0.2 * 2**attempt))
            continue
        if status == 201:
            recorder.ok(kind, took)
            result: dict[str, Any] = json.loads(body)
            return result
        recorder.error(kind, f"HTTP {status}")
        if status < 500:
            return None  # refused: the ledger check reports the key as sent, not recorded
        time.sleep(min(5.0, 0.2 * 2**attempt))
    return None


def reader(
    *,
    base_url: str,
    paths: list[str],
    recorder: Recorder,
    stop: threading.Event,
    think: float,
    seed: int,
    session: Session | None = None,
    kind_of: str = "page",
) -> None:
    """A spectator refreshing the live pages, with a pause between loads; with a
    ``session``, a signed-in official refreshing theirs (``kind_of`` names them)."""
    rng = random.Random(seed)
    http_ = Http(base_url)
    headers = {"Cookie": session.cookie} if session is not None else None
    stop.wait(rng.uniform(0, think))  # spread the first loads
    while not stop.is_set():
        path = rng.choice(paths)
        kind = f"{kind_of} " + _page_name(path)
        try:
            status, _body, took = http_.request("GET", path, headers=headers)
        except NETWORK_ERRORS as exc:
            recorder.error(kind, type(exc).__name__)
        else:
            if status == 200:
                recorder.ok(kind, took)
            else:
                recorder.error(kind, f"HTTP {status}")
        stop.wait(think * rng.uniform(0.5, 1.5))


def _page_name(path: str) -> str:
    """A page's kind in the report: its last named part (``results``, ``dashboard``),
    or its first for a path ending in an id."""
    parts = [part for part in path.split("?")[0].strip("/").split("/") if part]
    named = [part for part in parts if not part.isdigit()]
    return named[-1] if named else "/"


def _online_action(view: dict[str, Any]) -> dict[str, Any] | None:
    if view.get("must_pass"):
        # The bots pass at once, each a version of its own: pass after them, on the newest.
        others = {seat for seat in "ABCD" if seat != view.get("seat")}
        if others <= set(view.get("passed_seats") or ()):
            return {"type": "pass", "cards": view["hand"][:3]}
        return None
    if view.get("legal_cards"):
        return {"type": "play", "card": view["legal_cards"][0]}
    return None


async def online_player(
    *,
    base_url: str,
    game_id: int,
    session: Session,
    recorder: Recorder,
    until: float,
    think: float = 0.0,
) -> None:
    """Plays seat A of a practice game against three server bots, timing each action
    from sending it to the state that shows it applied. Before each move the player thinks
    ``think`` seconds on average (0.5 to 1.5 times it), as the judges do between deals."""
    import websockets

    ws_url = base_url.replace("http://", "ws://") + f"/ws/online/{game_id}/"
    headers = {"Cookie": session.cookie, "Origin": base_url}
    rng = random.Random(game_id)
    try:
        async with websockets.connect(ws_url, additional_headers=headers, open_timeout=20) as ws:
            await ws.send(json.dumps({"type": "hello", "version": None}))
            acted: tuple[int, float] | None = None
            while (left := until - time.monotonic()) > 0:
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=left))
                except TimeoutError:
                    return
                if frame.get("type") == "error":
                    code = frame.get("code", "?")
                    recorder.error("online action", code)
                    acted = None
                    if code != "stale_version":  # after a stale version the state follows
                        await asyncio.sleep(0.5)
                        await ws.send(json.dumps({"type": "hello", "version": None}))
                    continue
                if frame.get("type") != "state":
                    continue
                version = frame["version"]
                if acted is not None and version > acted[0]:
                    recorder.ok("online action", time.perf_counter() - acted[1])
                    acted = None
                if frame["game"].get("finished"):
                    return
                action = _online_action(frame.get("view") or {})
                if action is not None and acted is None:
                    if think > 0:
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    acted = (version, time.perf_counter())
                    await ws.send(
                        json.dumps({"type": "action", "version": version, "action": action})
                    )
    except (OSError, websockets.WebSocketException) as exc:
        recorder.error("online action", type(exc).__name__)
