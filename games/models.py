"""Games at the tables (filled in by the scorekeeping work)."""
