"""The content security policy is sent on every page and does not break our own."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.games.conftest import make_round, make_tournament

HEADER = "Content-Security-Policy"


def _directives(header: str) -> dict[str, list[str]]:
    parts = (part.strip().split() for part in header.split(";") if part.strip())
    return {words[0]: words[1:] for words in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/players/", "/tournaments/", "/accounts/login/"])
def test_pages_carry_a_strict_policy(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    policy = _directives(response[HEADER])
    assert policy["default-src"] == ["'self'"]
    assert "'unsafe-inline'" not in policy["script-src"]
    assert "'unsafe-eval'" not in policy["script-src"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]


@pytest.mark.django_db
def test_an_inline_script_carries_the_nonce_of_its_response(client: Client, director: User) -> None:
    tournament = make_tournament(status="running")
    tournament.directors.add(director)
    round_ = make_round(tournament, status="planned")
    client.force_login(director)
    response = client.get(f"/tournaments/{tournament.slug}/rounds/{round_.number}/manage/")
    assert response.status_code == 200
    scripts = re.findall(rb"<script(?![^>]*\bsrc=)([^>]*)>", response.content)
    assert scripts, "the page has an inline script to check"
    nonce = re.search(r"'nonce-([^']+)'", response[HEADER])
    assert nonce is not None
    for attributes in scripts:
        if b"application/json" in attributes:
            continue  # a data block, never run
        assert f'nonce="{nonce.group(1)}"'.encode() in attributes


@pytest.mark.django_db
def test_swagger_ui_is_served_split_so_it_needs_no_inline_script(client: Client) -> None:
    page = client.get("/api/docs/")
    assert page.status_code == 200
    assert re.search(rb"<script>\s*\S", page.content) is None
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_only_the_docs_pages_allow_inline_styles(client: Client, path: str) -> None:
    docs = _directives(client.get(path)[HEADER])
    assert "'unsafe-inline'" in docs["style-src"]
    assert "'unsafe-inline'" not in docs["script-src"]
    home = _directives(client.get("/")[HEADER])
    assert home["style-src"] == ["'self'"]
