"""Smoke (1968): the second game of the seeds, as a pure-Python engine.

Standard library only. See :mod:`engine.smoke.hand` (one hand as a game state),
:mod:`engine.smoke.tally` (the tally sheet for physical tables),
:mod:`engine.smoke.readout` (the tally readout), :mod:`engine.smoke.jargon`
(the jargon rule), :mod:`engine.smoke.record` (JSON records) and
:mod:`engine.smoke.cli` (the command line).
"""
