"""Writes of the tournaments app, one module per entity: tournaments, entries, rounds, draw."""
