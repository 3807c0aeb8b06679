"""Benchmarks of the site's layers (``python -m tools.bench.<name> --help``)."""
