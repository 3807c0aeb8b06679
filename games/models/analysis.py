from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

ANALYSIS_SEATS = "ABCD"


class AnalysisError(models.TextChoices):
    """Why a deal has no analysis (the report is empty)."""

    NONE = "", _("analysed")
    RENONC = "renonc", _("ended by a renonc")
    INVALID = "invalid", _("record cannot be replayed")


class DealAnalysis(models.Model):
    """The post-deal analysis of one finished deal from one seat: computed once, by the
    analysis job when the deal ends (:func:`games.analysis.deal_analyse`), and served from
    here, never computed in a request.

    Keyed by the deal's content (``digest``: its record and ruleset), so the deal of an
    online table and the scorekeeping entry it became share their analysis.
    """

    digest = models.CharField(_("deal digest"), max_length=64)
    seat = models.CharField(_("seat"), max_length=1)
    report = models.JSONField(_("report"), null=True, blank=True)
    error = models.CharField(
        _("error"), max_length=10, choices=AnalysisError.choices, default="", blank=True
    )
    #: The engine's reason for an invalid record (in English, as the engine words it).
    detail = models.CharField(_("detail"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("analysed at"), auto_now_add=True)

    class Meta:
        verbose_name = _("deal analysis")
        verbose_name_plural = _("deal analyses")
        constraints = [
            models.UniqueConstraint(fields=["digest", "seat"], name="deal_analysis_once"),
            models.CheckConstraint(
                condition=models.Q(seat__in=list(ANALYSIS_SEATS)), name="deal_analysis_seat"
            ),
            models.CheckConstraint(
                condition=models.Q(error__in=AnalysisError.values), name="deal_analysis_error"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.digest[:12]} {self.seat}"
