"""The API's input fields are strict, for every serializer (installed once, from
:class:`scwu.apps.ScwuConfig`):

* text fields take text: DRF's ``CharField`` turns a number sent for a string into its
  digits (``2.5`` becomes ``"2.5"``), so a body that breaks the schema was accepted;
* a boolean is ``true`` or ``false``: DRF's ``BooleanField`` also reads ``0``, ``1``,
  ``"yes"`` and ``"on"``, which the schema's boolean is not;
* no text takes a control character (:mod:`scwu.security.text`, the rule the schema states
  as the text's pattern): every ``CharField`` (slug, e-mail and choice-like text fields
  included), every reference by slug (``SlugRelatedField``: its value goes into a database
  query, and PostgreSQL answers a NUL in a text parameter with an error, a 500), and every
  string anywhere in a free-form object (``DictField``, ``JSONField``: stored as JSON, where
  PostgreSQL refuses a NUL too). Each is a 400 naming the field.
* a body holds only the fields its serializer takes: a field it does not know (misspelt,
  ``winner`` for ``losers``) or only shows (read-only) is a 400 naming it, never ignored
  while the rest is written. The schema says so (``additionalProperties: false`` on every
  request body, :func:`scwu.api.schema.request_objects_closed`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from scwu.security.text import has_control_characters

CONTROL_CHARACTERS_MESSAGE = _("Control characters are not allowed (tab and line breaks are).")

_char_to_internal = serializers.CharField.to_internal_value
_slug_to_internal = serializers.SlugRelatedField.to_internal_value
_dict_to_internal = serializers.DictField.to_internal_value
_json_to_internal = serializers.JSONField.to_internal_value
_serializer_to_internal = serializers.Serializer.to_internal_value

UNKNOWN_FIELD_MESSAGE = _("Unknown field.")


def refuse_control_characters(value: Any) -> None:
    """A DRF ``ValidationError`` if any string in ``value`` (a string, or the keys and values
    of objects and lists at any depth) holds a control character."""
    if isinstance(value, str):
        if has_control_characters(value):
            raise serializers.ValidationError(CONTROL_CHARACTERS_MESSAGE, code="control_characters")
    elif isinstance(value, dict):
        for key, item in value.items():
            refuse_control_characters(key)
            refuse_control_characters(item)
    elif isinstance(value, list | tuple):
        for item in value:
            refuse_control_characters(item)


def _text(self: serializers.CharField, data: Any) -> str:
    if not isinstance(data, str):
        self.fail("invalid")
    refuse_control_characters(data)
    return str(_char_to_internal(self, data))


def _boolean(self: serializers.BooleanField, data: Any) -> bool:
    if not isinstance(data, bool):
        self.fail("invalid")
    return data


def _slug_reference(self: serializers.SlugRelatedField[Any], data: Any) -> Any:
    # A slug is text (or a whole number, as a season's year); anything else would reach the
    # query as it is.
    if isinstance(data, bool) or not isinstance(data, str | int):
        self.fail("invalid")
    refuse_control_characters(data)
    return _slug_to_internal(self, data)


def _free_object(self: serializers.DictField, data: Any) -> Any:
    value = _dict_to_internal(self, data)
    refuse_control_characters(value)
    return value


def _free_json(self: serializers.JSONField, data: Any) -> Any:
    # After parsing: a JSONField given as a string holds ``\u0000`` escapes, not NULs.
    value = _json_to_internal(self, data)
    refuse_control_characters(value)
    return value


def accepted_fields(serializer: serializers.Serializer[Any]) -> set[str]:
    """The names a body given to ``serializer`` may hold: its writable fields (a hidden
    field takes its value from the request, never from the body)."""
    return {
        name
        for name, field in serializer.fields.items()
        if not field.read_only and not isinstance(field, serializers.HiddenField)
    }


def _known_fields_only(self: serializers.Serializer[Any], data: Any) -> Any:
    if isinstance(data, Mapping):
        unknown = sorted(str(name) for name in data if name not in accepted_fields(self))
        if unknown:
            raise serializers.ValidationError(
                {name: [UNKNOWN_FIELD_MESSAGE] for name in unknown}, code="unknown_field"
            )
    return _serializer_to_internal(self, data)


def install() -> None:
    # The stubs type each method by the field's generic parameters; these take what DRF passes.
    fields: Any = serializers
    fields.CharField.to_internal_value = _text
    fields.BooleanField.to_internal_value = _boolean
    fields.SlugRelatedField.to_internal_value = _slug_reference
    fields.DictField.to_internal_value = _free_object
    fields.JSONField.to_internal_value = _free_json
    fields.Serializer.to_internal_value = _known_fields_only
