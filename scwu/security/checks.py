"""``manage.py check --deploy`` warnings about the reverse proxy."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Tags, Warning, register

from scwu.security.proxy import is_trusted_proxy, untrusted_forwarded_last


@register(Tags.security, deploy=True)
def untrusted_proxy_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """A proxy header arrived from a peer that is not trusted: the proxy in front is not
    listed, so every client counts as the proxy's address (one lockout for all)."""
    seen = untrusted_forwarded_last()
    if seen is None or is_trusted_proxy(str(seen.get("peer", ""))):
        return []
    peer = seen.get("peer")
    return [
        Warning(
            f"{seen.get('headers')} arrived from {peer}, which is not in "
            "SCWU_TRUSTED_PROXIES, and was ignored.",
            hint=(
                f"If {peer} is your reverse proxy, add it to SCWU_TRUSTED_PROXIES: until then "
                "every client behind it has its address, and five failed sign-ins by anyone "
                "lock an account out for everyone. The deploy/ topology trusts its own nginx "
                f"by itself. Trusted now: {', '.join(settings.SCWU_TRUSTED_PROXIES) or 'none'}."
            ),
            id="scwu.W001",
        )
    ]
