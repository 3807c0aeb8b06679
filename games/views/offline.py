"""The table page as an installable web app that opens without a network.

``/games/tables/sw.js`` is the service worker. The table page registers it for two scopes:
its default one, ``/games/tables/`` (every table page), and ``/t/`` (the short links of the
tables' QR codes), which its ``Service-Worker-Allowed`` header permits; nothing else of the
site is in its scope. ``/games/tables/<id>/manifest.webmanifest``
installs one table's page on the home screen. Whose copies the worker keeps, and for how
long, is ``scwu.security.offline``'s. The worker's cache is named after a release
string hashed from its own source and the static files it keeps, so a new release (any
change to them) installs a new worker that drops the old cache.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.loader import get_template, render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scwu.security import offline as offline_copies
from tournaments.models import Table

#: The static files of the table page, kept by the worker (what ``games/table.html`` and
#: ``base.html`` load, and the app icon).
TABLE_STATIC = (
    "scwu/site.css",
    "scwu/site.js",
    "games/games.css",
    "games/table.js",
    "games/icon.svg",
)
SW_TEMPLATE = "games/sw.js"


def release() -> str:
    """The release string: a hash of the worker's source and the static files it keeps."""
    digest = hashlib.sha256()
    worker: Any = get_template(SW_TEMPLATE)  # a Django template: its source is .template.source
    digest.update(worker.template.source.encode())
    for name in TABLE_STATIC:
        found = finders.find(name)
        digest.update(name.encode())
        if isinstance(found, str):
            with open(found, "rb") as data:
                digest.update(data.read())
    return digest.hexdigest()[:16]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    context = {
        "release": release(),
        "precache": json.dumps([static(name) for name in TABLE_STATIC]),
        # How long the worker serves a copy without reaching the server (its session's end
        # comes with each copy: scwu.security.offline).
        "max_age_ms": offline_copies.max_copy_seconds() * 1000,
        "scope_header": offline_copies.SCOPE_HEADER,
        "expires_header": offline_copies.EXPIRES_HEADER,
        "offline_html": json.dumps(render_to_string("games/offline.html", request=request)),
        "table_path": reverse("games:table", args=[0]),
    }
    response = HttpResponse(
        render_to_string(SW_TEMPLATE, context), content_type="text/javascript; charset=utf-8"
    )
    # Browsers check the worker at most every 24 h anyway; no-cache makes every check real.
    response["Cache-Control"] = "no-cache"
    # A worker's scope may not reach above its own folder unless this header allows it: the
    # short links (/t/) are outside /games/tables/. The page registers exactly two scopes.
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def manifest(request: HttpRequest, table_id: int) -> JsonResponse:
    table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=table_id)
    data = {
        "name": f"{table.round.tournament} · {table}",
        "short_name": _("Table %(number)s") % {"number": table.number},
        "start_url": reverse("games:table", args=[table.pk]),
        "scope": reverse("games:service-worker").rsplit("/", 1)[0] + "/",
        "display": "standalone",
        "background_color": "#f6f4ef",
        "theme_color": "#1f6f43",
        "icons": [{"src": static("games/icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    return response
