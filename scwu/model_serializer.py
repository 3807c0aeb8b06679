"""The API's ModelSerializer: the model's fields are built once per class, not per answer.

DRF's ``ModelSerializer.get_fields`` introspects the model on every instance (field
mapping, unique validators, translated labels): a quarter of a one-query endpoint's time.
The fields it builds depend only on the class and its ``Meta``, so they are built once and
deep-copied for each instance, as DRF itself does with a serializer's declared fields
(a field's deep copy re-creates it from its arguments and shares its validators).
"""

from __future__ import annotations

import copy
import threading
from typing import Any, TypeVar

from django.db.models import Model
from rest_framework import serializers
from rest_framework.fields import Field

_MT = TypeVar("_MT", bound=Model)
_lock = threading.Lock()
_built: dict[type[Any], dict[str, Field[Any, Any, Any, Any]]] = {}


class ModelSerializer(serializers.ModelSerializer[_MT]):
    """Use instead of DRF's; a subclass must not make its fields depend on the request
    (none does: a field that does is declared, and declared fields are deep-copied too)."""

    def get_fields(self) -> dict[str, Field[Any, Any, Any, Any]]:
        cls = type(self)
        built = _built.get(cls)
        if built is None:
            with _lock:
                built = _built.get(cls)
                if built is None:
                    built = _built[cls] = super().get_fields()
        return copy.deepcopy(built)
