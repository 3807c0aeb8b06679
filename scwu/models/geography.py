from __future__ import annotations

from django.db import models
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scwu.security.uploads import uploaded_image_field


class Country(models.Model):
    """A country as ISO 3166 knows it; results print its alpha-3 code (``CZE``)."""

    iso2 = models.CharField(_("ISO alpha-2"), max_length=2, unique=True)
    iso3 = models.CharField(_("ISO alpha-3"), max_length=3, unique=True)
    name_en = models.CharField(_("name (English)"), max_length=100)
    name_cs = models.CharField(_("name (Czech)"), max_length=100)
    name_ru = models.CharField(_("name (Russian)"), max_length=100)
    # ``flag`` is the emoji built from iso2; this is an uploaded picture of the flag.
    flag_image = uploaded_image_field(_("flag image"), upload_to="countries/flags/")

    class Meta:
        ordering = ["name_en"]
        verbose_name = _("country")
        verbose_name_plural = _("countries")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(iso2__regex=r"^[A-Z]{2}$"), name="country_iso2_upper"
            ),
            models.CheckConstraint(
                condition=models.Q(iso3__regex=r"^[A-Z]{3}$"), name="country_iso3_upper"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """The name in the active language, falling back to English."""
        language = (get_language() or "en")[:2]
        return str(getattr(self, f"name_{language}", "") or self.name_en)

    @property
    def flag(self) -> str:
        """The flag emoji built from the two regional-indicator letters of ``iso2``."""
        return "".join(chr(0x1F1E6 + ord(letter) - ord("A")) for letter in self.iso2.upper())
