"""The Smoking Cat rules engine: pure Python, standard library only.

It implements the project's rules and record format, ``engine/RULES.md``: the
referee that never errs. Online tables run on it, bots play with it, and
recorded deals are replayed and checked by it. Nothing here imports Django.

Main names (all re-exported here):

* Cards and seats (:mod:`engine.cards`): ``Card``, ``Suit``, ``Rank``, ``Seat``,
  ``SEATS``, ``HEJMA``; ``Card.parse`` / ``card.code``, ``card.name(lang, pattern)``
  (``en``/``cs``/``ru``, ``czech``/``french``).
* Rules (:mod:`engine.rules`): ``Ruleset(rank_order, early_end, tie_without_hejma)``,
  ``DEFAULT_RULESET``, ``POINTS``; ``deal_loser(points, hejma=, last_trick=, end=,
  packer=, ruleset=)`` validates hand-entered points (33 in a played deal, 17 for an
  early end, packing) and returns the loser(s), raising ``InvalidScoreError``.
* A deal (:mod:`engine.deal`): ``Deal.new(seed=|rng=, dealer=, ruleset=)``,
  ``deal.turn``, ``deal.phase``, ``deal.legal_actions(seat=None, with_pack=False)``
  (sorted; ``with_pack`` adds the seat's pack whenever it may pack, on its turn or not),
  ``deal.apply(action, seat=None)`` (checked: ``IllegalActionError`` with ``.reason``),
  ``deal.can_pack(seat)``, ``deal.is_over()``, ``deal.result()`` -> ``DealResult``.
  Read-only: ``trick``, ``trick_leader``, ``led_suit``, ``tricks`` (``Trick(leader, cards,
  taker)``), ``last_trick``, ``tricks_played``, ``trick_counts()``, ``hand_mask(seat)``,
  ``dealt_mask(seat)``, ``passed_mask(seat)``, ``received_mask(seat)``, ``pack``,
  ``hejma_taker``, ``last_trick_taker``, ``points()``, ``history``, ``plays``. Every seat
  argument is a ``Seat``, a letter or an index (``Seat.of``); anything else raises
  ``ParseError`` ("not a seat").
* Actions (:mod:`engine.actions`): ints inside; JSON outside:
  ``{"type": "pass", "seat": "A", "cards": ["KS", "AH", "QS"]}``,
  ``{"type": "play", "card": "9C"}`` and ``{"type": "pack", "seat": "C"}``;
  ``action_to_json``, ``action_from_json``, ``apply_json(deal, obj, seat)``.
* Views (:mod:`engine.views`): ``seat_view(deal, seat)`` and ``public_view(deal)``,
  JSON-serialisable dicts showing exactly what the rules let a seat / anyone see.
* Records (:mod:`engine.scn`): ``score_record(dict) -> DealResult`` (raises
  ``InvalidRecordError`` with ``.code`` in ``format misdeal pass card incomplete
  pack`` and ``.detail``), ``DealRecord.from_json``/``to_json``, ``parse_record`` /
  ``format_record``, ``replay_record`` (states), ``deal_record(deal)`` (the SCN
  dict of a deal).
* Games (:mod:`engine.game`): ``Game(word, seed=, ruleset=, first_dealer=, referee=)``;
  ``Game.replay(word, seed=, actions=)`` rebuilds one from its seed and actions
  (ints or JSON objects); ``letters_of``, ``mecbol``, ``placings``, ``records``,
  ``ledger`` (the game ledger's state: each finished deal is recorded in the ledger,
  which alone gives the letters, the next dealer, the end and the placings);
  ``score_game_record({"word", "first_dealer", "deals"})`` reads that older four-seat
  form as a game record and replays it with ``replay_game`` (also codes ``dealer``
  and ``game``).
* Table rules (:mod:`engine.table_rules`), on seat letters, for tables of four to six:
  ``next_dealer(dealer, losers, order=, active=)`` (several losers: the first clockwise
  from the dealer's left; one who has left the table: the next seat clockwise from it),
  ``SitOutRule`` and ``sit_out(rule, dealer, active, order=, anchor=)``, ``leader`` and
  ``record_dealer`` (who leads a deal, and the dealer its SCN record names, whether the
  dealer plays or sits out); the game ledger, the game-record scorer and the site's
  scoring of full records use the same functions.
* The game ledger (:mod:`engine.ledger`): ``replay(LedgerSettings, events)`` gives a
  whole scorekept game's state (letters, misdeals, rulings, plackas, who deals and
  sits out); the site's tables and the game records (:mod:`engine.gamerecord`,
  ``replay_game(record)``) replay through it.
* Statistics (:mod:`engine.stats`): ``deal_stats(deal)``. Bots (:mod:`engine.bots`):
  ``RandomBot``, ``HeuristicBot``, ``play_match``; a bot's ``choose(k)`` is given the
  seat's :class:`~engine.knowledge.Knowledge` (its view and the cards it saw played),
  never the deal: ``bot_action(bot, deal, seat)`` builds it.
* Search: ``deal.clone()``, ``deal.undo()`` (takes the last action back exactly),
  ``deal.playout(rng)`` (finishes the deal at random); :mod:`engine.determinisation`:
  ``determinise(deal, seat, rng) -> Deal`` (the other hands sampled from what ``seat``
  knows), ``sample_hands``, ``deal_with_hands``, ``knowledge``, and ``Determiniser(k)``
  (the same from a bot's :class:`~engine.knowledge.Knowledge`: ``.sample(rng) -> Deal``).
* Command line: ``python -m engine score|score-game|play|bench|match|deals|analyse``,
  and ``python -m engine --game smoke ...`` (the 1968 game in :mod:`engine.smoke`, on
  the same names: ``turn``, ``is_over()``, ``result()``, ``seat_view``,
  ``IllegalActionError(message, reason=)``). Both follow :mod:`engine.console`: JSON
  one object a line, errors as one JSON line on standard output, exit 0 done, 1 invalid
  input, 2 usage error.

>>> deal = Deal.new(seed=1)
>>> while not deal.is_over():
...     deal.apply(deal.legal_actions()[0])
>>> score_record(deal_record(deal)) == deal.result()
True
"""

from engine.actions import (
    action_from_json,
    action_to_json,
    action_to_string,
    apply_json,
    pack_action,
    pass_action,
    play_action,
)
from engine.bots import Bot, HeuristicBot, RandomBot, bot_action, play_match
from engine.cards import HEJMA, SEATS, Card, Rank, Seat, Suit
from engine.deal import Deal
from engine.errors import (
    EngineError,
    IllegalActionError,
    InvalidRecordError,
    InvalidScoreError,
    ParseError,
    RulesetError,
)
from engine.game import Game, GameResult, placings, score_game_record
from engine.result import DealResult, Renonc
from engine.rules import DEFAULT_RULESET, POINTS, Ruleset, deal_loser
from engine.scn import (
    DealRecord,
    check_record,
    deal_record,
    format_record,
    parse_record,
    replay_record,
    score_record,
)
from engine.stats import DealStats, deal_stats
from engine.table_rules import SitOutRule, next_dealer, sit_out
from engine.views import public_view, seat_view

__all__ = [
    "DEFAULT_RULESET",
    "HEJMA",
    "POINTS",
    "SEATS",
    "Bot",
    "Card",
    "Deal",
    "DealRecord",
    "DealResult",
    "DealStats",
    "EngineError",
    "Game",
    "GameResult",
    "HeuristicBot",
    "IllegalActionError",
    "InvalidRecordError",
    "InvalidScoreError",
    "ParseError",
    "RandomBot",
    "Rank",
    "Renonc",
    "Ruleset",
    "RulesetError",
    "Seat",
    "SitOutRule",
    "Suit",
    "action_from_json",
    "action_to_json",
    "action_to_string",
    "apply_json",
    "bot_action",
    "check_record",
    "deal_loser",
    "deal_record",
    "deal_stats",
    "format_record",
    "next_dealer",
    "pack_action",
    "parse_record",
    "pass_action",
    "placings",
    "play_action",
    "play_match",
    "public_view",
    "replay_record",
    "score_game_record",
    "score_record",
    "seat_view",
    "sit_out",
]
