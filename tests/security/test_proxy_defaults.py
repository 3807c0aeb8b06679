"""Finding 7 (hardening round three): the production topology trusts its own nginx without
being told, and `check --deploy` warns when a proxy header came from a peer not trusted."""

from __future__ import annotations

import logging
import os
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.core.checks import run_checks
from django.test import Client, override_settings
from django.urls import reverse

from tests.factories import UserFactory
from tests.security.signin_helpers import fresh_address, fresh_username

pytestmark = [pytest.mark.django_db]
PROCFILE = Path(__file__).resolve().parents[2] / "deploy" / "Procfile"
LOGIN = reverse("login")


def _procfile_environment(process: str, environ: dict[str, str]) -> dict[str, str]:
    """The environment a Procfile line gives its program (the shell runs the line, as
    honcho does), with the program replaced by one that prints the environment."""
    lines = PROCFILE.read_text().splitlines()
    line = next(raw.split(":", 1)[1] for raw in lines if raw.startswith(process + ":"))
    assignments = line.split(" exec ", 1)[0]
    printed = subprocess.run(
        ["sh", "-c", f"{assignments} exec env -0"],
        env=environ,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return dict(item.split("=", 1) for item in printed.split("\0") if "=" in item)


@pytest.mark.parametrize("given", [None, ""])  # unset, or empty as an old .env had it
def test_finding_07_the_topology_trusts_its_own_nginx_without_configuration(
    given: str | None,
) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "SCWU_TRUSTED_PROXIES"}
    if given is not None:
        environ["SCWU_TRUSTED_PROXIES"] = given
    trusted = _procfile_environment("web", environ).get("SCWU_TRUSTED_PROXIES", "")
    director = UserFactory(username=fresh_username("director"), password="right-password")

    nginx = "127.0.0.1"  # nginx reaches gunicorn over the loopback (SCWU_WEB_UPSTREAMS)

    def via_nginx(client_ip: str, password: str) -> int:
        return int(
            Client(REMOTE_ADDR=nginx)
            .post(
                LOGIN,
                {"login": director.username, "password": password},
                HTTP_X_FORWARDED_FOR=client_ip,
            )
            .status_code
        )

    with override_settings(SCWU_TRUSTED_PROXIES=[t for t in trusted.split(",") if t]):
        stranger = fresh_address()
        statuses = [via_nginx(stranger, "wrong") for _ in range(settings.AXES_FAILURE_LIMIT)]
        assert statuses[-1] == 429
        # the director, another client behind the same nginx, is not locked out
        assert via_nginx(fresh_address(), "right-password") == 302


def test_finding_07_an_explicit_list_in_the_environment_wins() -> None:
    environ = dict(os.environ, SCWU_TRUSTED_PROXIES="192.0.2.7")
    assert _procfile_environment("web", environ)["SCWU_TRUSTED_PROXIES"] == "192.0.2.7"


def _deploy_warnings() -> list[str]:
    return [m.id or "" for m in run_checks(include_deployment_checks=True) if m.id == "scwu.W001"]


@override_settings(SCWU_TRUSTED_PROXIES=[])
def test_finding_07_check_deploy_warns_of_a_proxy_header_from_an_untrusted_peer(
    caplog: pytest.LogCaptureFixture,
) -> None:
    peer = fresh_address()
    with caplog.at_level(logging.WARNING, logger="scwu.security.proxy"):
        Client(REMOTE_ADDR=peer).get("/healthz", HTTP_X_FORWARDED_FOR=fresh_address())
    assert any(peer in record.getMessage() for record in caplog.records)
    assert _deploy_warnings() == ["scwu.W001"]
    # once the peer is listed, the warning goes
    with override_settings(SCWU_TRUSTED_PROXIES=[peer]):
        assert _deploy_warnings() == []
