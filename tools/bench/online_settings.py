"""Settings of the online bench's server: the site's, with SQLite in WAL mode and
``synchronous=NORMAL`` (durable at each checkpoint rather than each commit, as a SQLite
deployment would run it). PostgreSQL (``DATABASE_URL``) is left as configured."""

from scwu.config.settings import *  # noqa: F403
from scwu.config.settings import DATABASES

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        **DATABASES["default"].get("OPTIONS", {}),
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # One connection for the server's database thread, not one per frame.
    DATABASES["default"]["CONN_MAX_AGE"] = None
