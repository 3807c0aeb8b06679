"""Finding 14: operations defaults. Backups are readable by their owner only; the audit
trail refuses bulk updates (and, on PostgreSQL, any UPDATE in the database); debug only when
asked; a strong secret key outside debug; /healthz exempt from the https redirect; the
forwarded-proto header believed only from configured proxies."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import DatabaseError, connection, transaction
from django.test import Client, override_settings

from games.models import AuditEntry
from scwu.backup.dump import backup_write
from tests.games.conftest import make_setup

ROOT = Path(__file__).resolve().parents[2]
STRONG = "k" * 64 + "-Zq9!"


def _settings(env: dict[str, str], expr: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "DATABASE", "REDIS", "SCWU_"))
    }
    return subprocess.run(
        [sys.executable, "-c", f"import django; from django.conf import settings; "
         f"django.setup(); print({expr})"],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "scwu.config.settings", **env},
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip


@pytest.mark.django_db
def test_finding_14_backup_file_is_owner_only(tmp_path: Path) -> None:
    target = tmp_path / "scwu.json.gz"
    target.write_text("old")
    target.chmod(0o644)
    backup_write(target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


@pytest.mark.django_db
def test_finding_14_audit_queryset_update_is_refused() -> None:
    s = make_setup()
    s.lose("B")
    with pytest.raises(RuntimeError):
        AuditEntry.objects.update(summary="forged")
    with pytest.raises(RuntimeError):
        AuditEntry.objects.all().delete()
    assert not AuditEntry.objects.filter(summary="forged").exists()


@pytest.mark.integration
@pytest.mark.django_db
def test_finding_14_audit_update_is_refused_by_postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the trigger is PostgreSQL's")
    s = make_setup()
    s.lose("B")
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE games_auditentry SET summary = 'forged'")
    assert not AuditEntry.objects.filter(summary="forged").exists()


def test_finding_14_debug_is_off_with_real_services_unless_asked() -> None:
    env = {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/x"}
    refused = _settings(env, "settings.DEBUG")
    assert refused.returncode != 0 and "DJANGO_SECRET_KEY must be set" in refused.stderr
    ok = _settings(
        {**env, "DJANGO_SECRET_KEY": STRONG, "DJANGO_ALLOWED_HOSTS": "x"}, "settings.DEBUG"
    )
    assert ok.stdout.strip() == "False", ok.stderr
    asked = _settings({**env, "DJANGO_DEBUG": "1"}, "settings.DEBUG")
    assert asked.stdout.strip() == "True", asked.stderr


def test_finding_14_weak_secret_key_is_refused() -> None:
    result = _settings(
        {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "abc", "DJANGO_ALLOWED_HOSTS": "x"}, "1"
    )
    assert result.returncode != 0 and "too weak" in result.stderr


@pytest.mark.django_db
@override_settings(SECURE_SSL_REDIRECT=True)
def test_finding_14_healthz_is_exempt_from_the_https_redirect() -> None:
    assert Client().get("/healthz").status_code == 200
    assert Client().get("/tournaments/").status_code == 301


@pytest.mark.django_db
@override_settings(
    SECURE_SSL_REDIRECT=True,
    SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
    SCWU_TRUSTED_PROXIES=["10.9.0.0/16"],
)
def test_finding_14_forwarded_proto_is_believed_only_from_trusted_proxies() -> None:
    stranger = Client(REMOTE_ADDR="203.0.113.7").get(
        "/tournaments/", HTTP_X_FORWARDED_PROTO="https"
    )
    assert stranger.status_code == 301  # still plain http: redirected
    proxied = Client(REMOTE_ADDR="10.9.0.2").get("/tournaments/", HTTP_X_FORWARDED_PROTO="https")
    assert proxied.status_code == 200
