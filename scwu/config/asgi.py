"""ASGI entry point: HTTP through Django, WebSockets through Channels (served by Daphne)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scwu.config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from scwu.config.startup import objects_freeze, young_generation_widen  # noqa: E402
from scwu.security.websocket import SameOriginValidator  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Origin must be this very site, port included (scwu/security/websocket.py).
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
objects_freeze()
young_generation_widen()
