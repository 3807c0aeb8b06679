"""The WebSocket of an online table (``ws/online/<game_id>/``): hello/state, action, chat,
chat_hide, mute, ping (the frames: ``games.online.frames``; the choices made: ``games.online``).

The seat comes from the session's user, never from a frame. After every change each
connection sends the frame of its own seat (spectators: the public frame). When the
channel layer (Redis) is unreachable the connection says so: its frames carry
``paused: true`` and actions are refused with ``paused`` until it can rejoin the table's
group, so no player acts on a table the others cannot see move.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections import deque
from typing import Any

import orjson
from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games.online import clock_runner, presence, selectors, services
from games.online.broadcast import (
    change_send,
    change_token,
    group_name,
    group_send_others,
    state_event,
    step_get,
)
from games.online.database import in_database_thread
from games.online.errors import OnlineError
from games.online.frames import PUBLIC, WATCH, Step
from games.online.slots import Taken, slots_release, slots_take
from games.online.throttle import BURST, RATE, TokenBucket
from scwu.security.proxy import scope_address

log = logging.getLogger(__name__)

MAX_FRAME = 4096
#: Throttled frames after which the connection is closed (persistent abuse).
MAX_STRIKES = 40
CLOSE_ABUSE = 4008
CLOSE_NO_GAME = 4404
#: Refused: the table or the address holds as many spectators' WebSockets as allowed.
CLOSE_TOO_MANY = 4429
REJOIN_SECONDS = 2.0
#: The changes of its own actions a connection remembers, to skip their echo from the group.
OWN_CHANGES = 8
#: orjson refusing what the standard encoder refuses (datetimes, dataclasses), not writing it.
_STRICT = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


class TableConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    game_id: int
    seat: str | None
    paused: bool
    #: May see a held round's table as a spectator (its full frame, not the public's).
    watcher: bool = False

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Channels' loop, plus: when it ends with an error (the channel layer's receive
        failed: Redis unreachable or timed out), the server closes the socket with 1011 and
        no ``websocket.disconnect`` reaches :meth:`disconnect`; run it here, so the seat does
        not stay connected."""
        try:
            await super().__call__(scope, receive, send)
        except Exception:
            log.warning("online: connection ended by an error, leaving the table", exc_info=True)
            await self.disconnect(1011)
            raise

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its ``aclose_old_connections()`` before each message:
        that is a trip through the one database thread, queued behind every table's writes,
        for each frame in and each change out. Every database access of this consumer goes
        through ``in_database_thread``, which closes old connections itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user = self.scope.get("user")
        self.seat = None
        self.paused = False
        self.version = -1
        self.bucket = TokenBucket(rate=RATE, burst=BURST)
        self.strikes = 0
        self.joined = False
        self._rejoin: asyncio.Task[None] | None = None
        self.slots: Taken | None = None
        self._own: deque[str] = deque(maxlen=OWN_CHANGES)
        # Accept first: the server drops a handshake the application leaves waiting.
        await self.accept()
        # A table its user may not see (a held round's) closes as if it did not exist.
        viewer = await in_database_thread(selectors.online_viewer)(
            game_id=self.game_id, user=self.user
        )
        self.watcher, seated = viewer.watcher, viewer.seated
        if not viewer.visible:
            await self.close(code=CLOSE_NO_GAME)
            return
        if not seated:  # a spectator takes slots of the table and of the address
            self.slots = await sync_to_async(slots_take, thread_sensitive=False)(
                game_id=self.game_id, address=scope_address(self.scope), token=uuid.uuid4().hex
            )
            if self.slots is None:
                await self.send_json(OnlineError("too_many_connections").frame())
                await self.close(code=CLOSE_TOO_MANY)
                return
        self.joined = True
        await self._join_group()
        clock_runner.ensure_running()
        await self._presence(connected=True)
        if (user_id := self._user_id()) is not None:  # vouched for on this process's beat
            presence.held_add(self.game_id, user_id)
        log_frames = await in_database_thread(selectors.online_chat_log)(game_id=self.game_id)
        await self.send_json({"type": "chat_log", "messages": log_frames})

    async def disconnect(self, code: int) -> None:
        slots, self.slots = getattr(self, "slots", None), None
        if slots is not None:
            await sync_to_async(slots_release, thread_sensitive=False)(slots)
        if not getattr(self, "joined", False):
            return
        self.joined = False  # once, whichever way the connection ended
        if self._rejoin is not None:
            self._rejoin.cancel()
        try:
            await self.channel_layer.group_discard(group_name(self.game_id), self.channel_name)
        except Exception:  # the layer is down: nothing to leave
            log.warning("online %s: could not leave the group", self.game_id)
        if (user_id := self._user_id()) is not None:
            presence.held_remove(self.game_id, user_id)
        await self._presence(connected=False)

    # -- frames in ----------------------------------------------------------------------
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.bucket.take():
            self.strikes += 1
            if self.strikes > MAX_STRIKES:
                await self.close(code=CLOSE_ABUSE)
                return
            await self.send_json(OnlineError("throttled").frame())
            return
        try:
            frame = _parse(text_data)
            await self._handle(frame)
        except OnlineError as exc:
            await self.send_json(exc.frame())
            if exc.code == "stale_version":
                await self._send_state()

    async def _handle(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "ping":
            await self.send_json({"type": "pong"})
        elif kind == "hello":
            await self._send_state()
        elif kind == "action":
            await self._act(frame)
        elif kind == "chat":
            message = await in_database_thread(services.online_chat_post)(
                game_id=self.game_id, user=self.user, text=frame.get("text")
            )
            await self._group_or_self({"type": "table.chat", "frame": message})
        elif kind == "chat_hide":
            hidden = await in_database_thread(services.online_chat_hide)(
                game_id=self.game_id, user=self.user, message_id=frame.get("id")
            )
            await self._group_or_self({"type": "table.chat", "frame": hidden})
        elif kind == "mute":
            await in_database_thread(services.online_seat_mute)(
                game_id=self.game_id,
                user=self.user,
                seat=frame.get("seat"),
                muted=frame.get("muted", True) is not False,
            )
        else:
            raise OnlineError("malformed")

    async def _act(self, frame: dict[str, Any]) -> None:
        if self.paused:
            raise OnlineError("paused")
        change = await in_database_thread(services.online_act)(
            game_id=self.game_id,
            user=self.user,
            action=frame.get("action"),
            version=frame.get("version"),
        )
        # The player sees the move at once, not after a trip through the channel layer and
        # the process's queue of every table's messages; the group's copy of this change,
        # sent to the others, is skipped here when it comes back (table_state).
        token = change_token()
        self._own.append(token)
        self._seat_from(change.users)
        try:
            await self._send_steps(change.steps)
        except OSError:  # the player left meanwhile (the server's "client disconnected")
            log.info("online %s: the acting player left before seeing the move", self.game_id)
        try:
            await group_send_others(
                self.channel_layer,
                group_name(self.game_id),
                lambda: state_event(change, token),
                self.channel_name,
            )
        except Exception:
            # The move is stored and shown here; only the others cannot hear of it: paused.
            log.exception("online %s: channel layer unreachable", self.game_id)
            self._pause()
            await self._send_steps(change.steps[-1:])  # the newest frame again, paused

    # -- frames out ---------------------------------------------------------------------
    @classmethod
    async def encode_json(cls, content: Any) -> str:
        """A frame's text, written by orjson (compact; each action sends a few state frames
        of 2-3 KB, and the standard library's encoder was a twentieth of the process's
        time). What orjson would write differently or refuses (keys that are not text, a
        datetime or dataclass the standard encoder refuses too) is the standard library's."""
        try:
            return orjson.dumps(content, option=_STRICT).decode()
        except TypeError:  # orjson.JSONEncodeError included
            return json.dumps(content)

    async def table_state(self, event: dict[str, Any]) -> None:
        """A change of the table: send this connection's own frame of each new version."""
        token = event.get("token", "")
        if token in self._own:
            return  # this connection's own action, already sent (_act)
        self._seat_from(event.get("users") or {})
        steps = [step_get(self.game_id, version, token) for version in event["versions"]]
        if any(step is None for step in steps):
            await self._send_state()  # frames made in another process: resync
            return
        await self._send_steps(steps)  # type: ignore[arg-type]

    def _user_id(self) -> int | None:
        return getattr(self.user, "pk", None) if self.user is not None else None

    def _seat_from(self, users: dict[str, int | None]) -> None:
        """The seat of this connection's user (a player may have joined meanwhile)."""
        user_id = self._user_id()
        if user_id is None:
            self.seat = None  # the public, never a bot's or an empty seat
            return
        self.seat = next((s for s, u in users.items() if u == user_id), None)

    async def _send_steps(self, steps: list[Step]) -> None:
        for step in steps:
            own = step.get(self.seat) if self.seat else None
            frame = own or (step.get(WATCH) if self.watcher else None) or step[PUBLIC]
            if frame["version"] < self.version:
                continue  # an older change overtaken by a resync
            self.version = frame["version"]
            await self.send_json({**frame, "paused": True} if self.paused else frame)

    async def table_chat(self, event: dict[str, Any]) -> None:
        await self.send_json(event["frame"])

    async def _send_state(self) -> None:
        change = await in_database_thread(services.online_state)(game_id=self.game_id)
        self.version = -1
        self._seat_from(change.users)
        await self._send_steps(change.steps)

    async def _presence(self, *, connected: bool) -> None:
        change = await in_database_thread(services.online_presence)(
            game_id=self.game_id, user=self.user, connected=connected
        )
        if change is None:
            return
        try:
            await change_send(self.channel_layer, change)
        except Exception:
            log.warning("online %s: presence not broadcast (channel layer)", self.game_id)

    async def _group_or_self(self, event: dict[str, Any]) -> None:
        try:
            await self.channel_layer.group_send(group_name(self.game_id), event)
        except Exception:
            self._pause()
            await self.table_chat(event)

    # -- the channel layer --------------------------------------------------------------
    async def _join_group(self) -> bool:
        try:
            await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
        except Exception:
            log.warning("online %s: channel layer unreachable, table paused", self.game_id)
            self._pause()
            return False
        return True

    def _pause(self) -> None:
        self.paused = True
        if self._rejoin is None or self._rejoin.done():
            self._rejoin = asyncio.ensure_future(self._rejoin_loop())

    async def _rejoin_loop(self) -> None:
        while True:
            await asyncio.sleep(REJOIN_SECONDS)
            try:
                await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
            except Exception:
                continue
            self.paused = False
            await self._send_state()
            return


def _parse(text: str | None) -> dict[str, Any]:
    if text is None or len(text) > MAX_FRAME:
        raise OnlineError("malformed")
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise OnlineError("malformed") from exc
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        raise OnlineError("malformed")
    return frame
