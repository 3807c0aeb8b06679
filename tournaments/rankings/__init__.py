"""Season rankings, qualification lists, records, profiles and the archive.

The database side of :mod:`tournaments.standings`' season and records maths:
``adapters`` turns rows into the pure inputs, ``services`` rewrites a season's
ranking rows (run by the worker after a tournament's placings change),
``selectors`` reads for the pages and the API, ``exports`` writes CSV and
``chart`` draws a player's success rate as inline SVG.

Everything here reads :class:`~tournaments.models.Placing` and
:class:`~games.models.results.SeatResult`, which the results recompute writes
from released rounds only, so nothing here can leak a silent round.
"""
