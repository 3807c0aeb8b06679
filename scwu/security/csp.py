"""The site's content security policy (django-csp 4).

Our JavaScript lives in static files; the few inline scripts carry the request's nonce. The API
docs pages come from the sidecar package (our own static files, no CDN); Swagger UI is served
split (its start-up script is a separate request), but both docs pages carry an inline
``<style>`` and ReDoc runs a blob: worker, so only those two pages are relaxed.
"""

from __future__ import annotations

from typing import Any

from csp.constants import NONCE, NONE, SELF


def content_security_policy() -> dict[str, Any]:
    """The policy for every page (the value of ``CONTENT_SECURITY_POLICY``)."""
    return {
        "DIRECTIVES": {
            "default-src": [SELF],
            "script-src": [SELF, NONCE],
            "style-src": [SELF],
            # Swagger UI draws its icons as data: images.
            "img-src": [SELF, "data:"],
            "font-src": [SELF],
            # 'self' covers the same-origin WebSocket of the online tables (CSP level 3).
            "connect-src": [SELF],
            # The table page's service worker and web app manifest (games.views.offline).
            "worker-src": [SELF],
            "manifest-src": [SELF],
            "object-src": [NONE],
            "base-uri": [SELF],
            "form-action": [SELF],
            "frame-ancestors": [NONE],
        }
    }


#: What the API docs pages add to the policy (applied with ``csp.decorators.csp_update``).
API_DOCS_POLICY_UPDATE: dict[str, Any] = {
    "style-src": ["'unsafe-inline'"],
    "worker-src": ["blob:"],
}
