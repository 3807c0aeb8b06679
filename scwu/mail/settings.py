"""Where the site's email goes, from the environment.

Nothing set (the embedded default, ``make demo``): every message is printed to the console, so
nothing needs a mail server. ``EMAIL_URL`` (``smtp://user:password@host:587`` with STARTTLS
asked by ``?tls=1``, or ``smtps://...`` for TLS from the first byte) or ``EMAIL_HOST`` with
``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS`` and
``EMAIL_USE_SSL`` switch to SMTP. ``EMAIL_URL`` wins when both are set.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

from scwu.env import env_bool, env_int, env_str

CONSOLE_BACKEND = "django.core.mail.backends.console.EmailBackend"
SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
_SCHEMES = {"smtp": False, "smtps": True}
_TRUE = {"1", "true", "yes", "on"}


def _from_url(url: str) -> dict[str, Any]:
    parts = urlsplit(url)
    if parts.scheme not in _SCHEMES:
        raise ImproperlyConfigured(
            f"EMAIL_URL must start with smtp:// or smtps://, not {parts.scheme or url!r}."
        )
    if not parts.hostname:
        raise ImproperlyConfigured("EMAIL_URL names no host (smtp://host:port).")
    try:
        port = parts.port
    except ValueError as exc:
        raise ImproperlyConfigured(f"EMAIL_URL has a port that is no number: {url!r}.") from exc
    ssl = _SCHEMES[parts.scheme]
    query = parse_qs(parts.query)
    tls = not ssl and query.get("tls", ["0"])[0].lower() in _TRUE
    return {
        "EMAIL_BACKEND": SMTP_BACKEND,
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port or (465 if ssl else 587 if tls else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_SSL": ssl,
        "EMAIL_USE_TLS": tls,
    }


def email_settings() -> dict[str, Any]:
    """The ``EMAIL_*`` settings the environment asks for (console when it asks for none)."""
    common: dict[str, Any] = {
        # A mail server that does not answer must not hold a worker for minutes.
        "EMAIL_TIMEOUT": env_int("EMAIL_TIMEOUT", 10),
    }
    if url := env_str("EMAIL_URL"):
        return {**common, **_from_url(url)}
    if host := env_str("EMAIL_HOST"):
        ssl = env_bool("EMAIL_USE_SSL", default=False)
        tls = env_bool("EMAIL_USE_TLS", default=False)
        if ssl and tls:
            raise ImproperlyConfigured("EMAIL_USE_SSL and EMAIL_USE_TLS exclude each other.")
        return {
            **common,
            "EMAIL_BACKEND": SMTP_BACKEND,
            "EMAIL_HOST": host,
            "EMAIL_PORT": env_int("EMAIL_PORT", 465 if ssl else 587 if tls else 25),
            "EMAIL_HOST_USER": env_str("EMAIL_HOST_USER"),
            "EMAIL_HOST_PASSWORD": env_str("EMAIL_HOST_PASSWORD"),
            "EMAIL_USE_SSL": ssl,
            "EMAIL_USE_TLS": tls,
        }
    return {**common, "EMAIL_BACKEND": CONSOLE_BACKEND}
