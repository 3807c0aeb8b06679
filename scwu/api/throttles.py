"""API rate limits (DRF throttles on the shared cache, Redis in production).

Anonymous use is counted per client address (the one ``scwu/security/proxy.py`` believes,
so behind nginx each visitor has their own), signed-in use per user. The rates are read from
``settings.SCWU_API_RATES`` on every request (``SCWU_API_RATE_ANON``, ``SCWU_API_RATE_USER``);
a rate of ``None`` counts nothing. Past a rate the API answers 429 with ``Retry-After``.
"""

from __future__ import annotations

from django.conf import settings
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from scwu.security.proxy import client_address


class _RateFromSettings:
    scope: str

    def get_rate(self) -> str | None:
        rate = settings.SCWU_API_RATES.get(self.scope)
        return str(rate) if rate else None

    def get_ident(self, request: Request) -> str:
        return client_address(request._request)


class AnonApiThrottle(_RateFromSettings, AnonRateThrottle):
    scope = "anon"


class UserApiThrottle(_RateFromSettings, UserRateThrottle):
    scope = "user"
