"""The league's points list as one text box: ``4-3-2-1`` (or ``4, 3, 2, 1``)."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournament import league_points_validate


class LeaguePointsField(forms.CharField):
    def __init__(self, **kwargs: Any) -> None:
        # a model JSONField hands its form field these; the text box has no use for them
        kwargs.pop("encoder", None)
        kwargs.pop("decoder", None)
        kwargs.setdefault("max_length", 40)
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list):
            return "-".join(str(p) for p in value)
        return value

    def to_python(self, value: Any) -> list[int] | None:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return None
        parts = [p for p in re.split(r"[\s,;\-–]+", text) if p]
        if not all(p.isdigit() for p in parts):
            raise forms.ValidationError(
                _("Write whole numbers separated by dashes, e.g. 4-3-2-1."), code="invalid"
            )
        points = [int(p) for p in parts]
        league_points_validate(points)
        return points
