"""Text fields take text: DRF's ``CharField`` turns a number sent for a string into its
digits (``2.5`` becomes ``"2.5"``), so a body that breaks the schema was accepted. Applied
once, for every serializer of the API, from :class:`scwu.apps.ScwuConfig`."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

_original = serializers.CharField.to_internal_value


def _strict_to_internal_value(self: serializers.CharField, data: Any) -> str:
    if not isinstance(data, str):
        self.fail("invalid")
    return str(_original(self, data))


def install() -> None:
    serializers.CharField.to_internal_value = _strict_to_internal_value  # type: ignore[method-assign,assignment]
