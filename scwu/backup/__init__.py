"""Backups (a compressed dumpdata of everything) and the federation's open-format export."""
