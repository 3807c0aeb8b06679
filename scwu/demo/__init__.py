"""Demo data for `manage.py seed_demo`. Each app adds a seeder module to ``SEEDERS``.

A seeder module has ``seed(log) -> None`` and must be idempotent: running it twice leaves
the same data as running it once.
"""

SEEDERS = ["scwu.demo.federation", "tournaments.demo", "games.demo", "games.smoke_site.demo"]
DEMO_PASSWORD = "scwu-demo"
