"""SCWU: the federation registry (players, clubs, playing words, bans), the lowest Django app.

The project's configuration lives in :mod:`scwu.config`, above every app.
"""
