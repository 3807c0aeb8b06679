from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    """A key an API client sends as ``Authorization: Token <key>``.

    Only the key's SHA-256 digest is stored: the key is random (256 bits), so a fast digest
    is as safe as a slow password hash and a made-up key costs one indexed lookup to refuse,
    where a password costs a second of hashing (``scwu/api/tokens.py``).
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="api_tokens",
        verbose_name=_("user"),
    )
    name = models.CharField(_("name"), max_length=100, help_text=_("What the key is for."))
    digest = models.CharField(_("digest"), max_length=64, unique=True, editable=False)
    #: The key's first characters, to tell keys apart in lists without storing the key.
    prefix = models.CharField(_("prefix"), max_length=12, editable=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    expires = models.DateTimeField(_("expires"), null=True, blank=True)
    last_used = models.DateTimeField(_("last used"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.name})"
