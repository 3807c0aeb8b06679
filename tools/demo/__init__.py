"""Demo data for `manage.py seed_demo`. Each app adds a seeder module to ``SEEDERS``.

A seeder module has ``seed(log) -> None`` and must be idempotent: running it twice leaves
the same data as running it once.
"""

SEEDERS = [
    "tools.demo.federation",
    "tools.demo.tournaments",
    "tools.demo.games",
    "tools.demo.smoke",
]
DEMO_PASSWORD = "scwu-demo"
