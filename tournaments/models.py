"""Tournaments (filled in by the tournaments work)."""
