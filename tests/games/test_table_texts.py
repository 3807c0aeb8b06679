"""The table page's texts with placeholders reach the script translated."""

from __future__ import annotations

import json
import re

from django.test import Client
from django.utils import translation

from tests.games.conftest import Setup


def test_texts_with_placeholders_are_translated_on_a_czech_table_page(setup: Setup) -> None:
    client = Client()
    client.cookies["django_language"] = "cs"
    with translation.override("cs"):
        page = client.get(f"/games/tables/{setup.table.pk}/").content.decode()
    texts = json.loads(re.search(r'id="table-texts"[^>]*>(.*?)</script>', page, re.S)[1])
    assert texts["acknowledged"].startswith("Rozhodčí je na cestě")
    assert "%(count)s" in texts["waiting"] and texts["waiting"].startswith("Bez spojení")
