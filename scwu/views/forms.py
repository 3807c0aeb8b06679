"""Glue between Django forms and services: a service's ValidationError lands on the form."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django import forms
from django.core.exceptions import ValidationError

T = TypeVar("T")


def run_service(form: forms.Form, call: Callable[[], T]) -> T | None:
    """Run ``call``; on a user-fixable error attach its messages to ``form`` and return None."""
    try:
        return call()
    except ValidationError as exc:
        if hasattr(exc, "error_dict"):
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            form.add_error(None, exc.messages)
        return None
