from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _settings_with(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE", "REDIS"))
    }
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; from django.conf import settings; "
            "django.setup(); print(settings.DATABASES['default']['ENGINE'], "
            "settings.CELERY_TASK_ALWAYS_EAGER, settings.CHANNEL_LAYERS['default']['BACKEND'])",
        ],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "scwu.config.settings", **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_embedded_default_is_sqlite_eager_in_memory() -> None:
    result = _settings_with({})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.sqlite3",
        "True",
        "channels.layers.InMemoryChannelLayer",
    ]


def test_environment_switches_to_postgresql_and_redis() -> None:
    result = _settings_with(
        {
            "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/test",
            "REDIS_URL": "redis://127.0.0.1:6379/0",
            "DJANGO_DEBUG": "1",
        }
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.postgresql",
        "False",
        "channels_redis.core.RedisChannelLayer",
    ]


def test_production_refuses_to_start_without_secret_key() -> None:
    result = _settings_with({"DJANGO_DEBUG": "0", "DJANGO_ALLOWED_HOSTS": "scwu.example"})
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_production_refuses_to_start_without_allowed_hosts() -> None:
    result = _settings_with({"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "k" * 64 + "-Zq9!"})
    assert "DJANGO_ALLOWED_HOSTS must be set" in result.stderr


def test_check_deploy_is_clean_with_production_variables() -> None:
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE", "REDIS"))
    }
    env = {
        **clean,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "k" * 64 + "-Zq9!",
        "DJANGO_ALLOWED_HOSTS": "scwu.example",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_cookies_hsts_and_csp_are_on() -> None:
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE", "REDIS"))
    }
    script = (
        "import django; from django.conf import settings; django.setup(); "
        "print(settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE, "
        "settings.SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS >= 31536000, "
        "settings.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
        "'csp.middleware.CSPMiddleware' in settings.MIDDLEWARE, "
        "'axes.middleware.AxesMiddleware' in settings.MIDDLEWARE)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "scwu.config.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "k" * 64 + "-Zq9!",
            "DJANGO_ALLOWED_HOSTS": "scwu.example",
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True"] * 7
