"""Form widgets every app's forms share."""

from __future__ import annotations

from typing import Any

from django import forms
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe


class DateInput(forms.DateInput):
    """The browser's date picker. Its value is always ISO 8601 (yyyy-mm-dd), whatever the
    page's language: Django would write the language's own input format (28.11.2026 in Czech
    and Russian), which the picker refuses, leaving the field empty."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None, format: str | None = None) -> None:
        super().__init__(attrs, format=format or "%Y-%m-%d")


class PickList(forms.CheckboxSelectMultiple):
    """Tick boxes as a list: each box beside its name, a thumb-sized row each, the whole list in
    the page (no box scrolling inside it) and, for lists of people or clubs, a filter box that
    scwu/picklist.js brings to life (without script the list works, unfiltered).

    Rendered by the site's template engine, not the form renderer's (which does not look in
    the project's templates)."""

    template_name = "widgets/pick_list.html"

    def __init__(self, attrs: dict[str, Any] | None = None, *, filterable: bool = True) -> None:
        super().__init__(attrs)
        self.filterable = filterable

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["filterable"] = self.filterable
        return context

    def _render(
        self, template_name: str, context: dict[str, Any], renderer: Any = None
    ) -> SafeString:
        return mark_safe(render_to_string(template_name, context))
