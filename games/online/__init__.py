"""Online tables: live Smoking Cat refereed by the engine over WebSockets.

The state of a table is always ``engine.game.Game.replay(word, seed=..., actions=...)``
of the stored row; everything else (views, clocks, bots) derives from it.

Decisions the protocol left open (the protocol itself is the issue's, unchanged):

* ``version`` is the number of actions applied (0 at the deal of the first deal; the next
  deal is dealt by the same action that ends a deal). A change of seats or clock alone
  (presence, grace, a bot taking over, the director's call) resends a ``state`` of the
  *same* version; clients keep the newest frame with ``version >= their own``.
* One write applies the human's action and every bot move it unlocks in one transaction,
  so a change arrives as one ``state`` frame per new version, back to back. Bots pass at
  once at the start of each deal. The clock is on the engine's seat to move.
* ``clock`` also carries ``waiting_for_director`` (a seat or null). A human to move who
  runs out of time gets ``grace_seconds`` more (one who is disconnected starts in the
  grace period); then a bot plays for them at a practice table, while a tournament table
  waits for the director (``POST /online/<id>/decide/`` with ``decision=bot|wait``).
  A returning player takes the seat back. Deals a bot played are listed in the SCN
  record's ``online.bot_takeover``.
* Tournament tables are opened by a director or referee (``POST
  /online/tables/<table_id>/start/``); bots sit there only when ``allow_bots``. Online
  games end at the first placka, so rounds in elimination mode are refused.
* ``{"type": "mute", "seat": "B", "muted": false}`` lifts a mute. Seated players and
  moderators write in the chat; spectators read it.
* When the channel layer (Redis) cannot be reached a connection's frames carry
  ``paused: true`` and its actions are refused with ``paused`` until it rejoins (it
  retries every 2 s and then sends a fresh state).
"""
