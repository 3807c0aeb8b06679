"""Smoke (1968) scorekeeping on the site: sessions, hands, the tally readout, the jargon check.

The rules live in the pure engine (:mod:`engine.smoke`); this app stores what the table
said (participants, hands) and asks the engine's tally sheet for everything else.
"""
