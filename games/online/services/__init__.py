"""Writes of the online tables (views, the consumer and the clock runner call these)."""

from games.online.services.chat import (
    can_moderate,
    online_chat_hide,
    online_chat_post,
    online_seat_mute,
)
from games.online.services.clock import (
    online_clock_expire,
    online_director_decide,
    online_presence,
    online_presence_expire,
    online_presence_refresh,
)
from games.online.services.setup import (
    online_game_start,
    online_join,
    online_practice_again,
    online_practice_create,
    online_practice_leave,
)
from games.online.services.table import Change, online_act, online_state, seat_of

__all__ = [
    "Change",
    "can_moderate",
    "online_act",
    "online_chat_hide",
    "online_chat_post",
    "online_clock_expire",
    "online_director_decide",
    "online_game_start",
    "online_join",
    "online_practice_again",
    "online_practice_create",
    "online_practice_leave",
    "online_presence",
    "online_presence_expire",
    "online_presence_refresh",
    "online_seat_mute",
    "online_state",
    "seat_of",
]
