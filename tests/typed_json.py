"""Checks a JSON value against a TypedDict, and a DRF serializer's fields against one:
the tests of the site's typed contracts (:mod:`games.contracts`, :mod:`games.online.frames`)."""

from __future__ import annotations

import types
from typing import Any, NotRequired, Required, Union, get_args, get_origin, get_type_hints

from rest_framework import serializers


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and hasattr(tp, "__required_keys__")


def _strip(tp: Any) -> Any:
    while get_origin(tp) in (NotRequired, Required):
        tp = get_args(tp)[0]
    return tp


def mismatches(value: Any, tp: Any, path: str = "$") -> list[str]:
    """Where ``value`` does not have the type ``tp`` (empty when it does). A TypedDict
    takes exactly its keys: a missing required key or an unknown key is a mismatch."""
    tp = _strip(tp)
    if tp is Any:
        return []
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = [mismatches(value, option, path) for option in get_args(tp)]
        return [] if any(not found for found in options) else min(options, key=len)
    if tp is type(None):
        return [] if value is None else [f"{path}: {value!r} is not null"]
    if _is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__} is not an object ({tp.__name__})"]
        hints = get_type_hints(tp, include_extras=True)
        # From the hints, not ``__required_keys__``: that misses NotRequired in a module
        # with postponed annotations.
        required = [key for key, hint in hints.items() if get_origin(hint) is not NotRequired]
        found = [f"{path}.{key}: missing" for key in required if key not in value]
        found += [f"{path}.{key}: not in {tp.__name__}" for key in value if key not in hints]
        for key, item in value.items():
            if key in hints:
                found += mismatches(item, hints[key], f"{path}.{key}")
        return found
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__} is not a list"]
        (item_type,) = get_args(tp)
        return [
            m for i, item in enumerate(value) for m in mismatches(item, item_type, f"{path}[{i}]")
        ]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__} is not an object"]
        key_type, item_type = get_args(tp)
        return [
            m
            for key, item in value.items()
            for m in mismatches(key, key_type, f"{path} key")
            + mismatches(item, item_type, f"{path}.{key}")
        ]
    if tp is int:  # bool is an int in Python, never in the contract
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif tp is str:
        ok = isinstance(value, str)  # a StrEnum member is sent as its string
    else:
        ok = isinstance(value, tp)
    return [] if ok else [f"{path}: {value!r} is not {getattr(tp, '__name__', tp)}"]


def serializer_mismatches(
    serializer: serializers.BaseSerializer[Any], tp: Any, path: str = "$"
) -> list[str]:
    """Where a serializer's declared fields differ from a TypedDict's keys, nested serializers
    included: the OpenAPI schema then documents exactly the contract's keys."""
    hints = get_type_hints(tp, include_extras=True)
    fields = serializer.fields  # type: ignore[attr-defined]
    found = [f"{path}.{key}: not declared" for key in hints if key not in fields]
    found += [f"{path}.{key}: not in {tp.__name__}" for key in fields if key not in hints]
    for key, field in fields.items():
        if key not in hints:
            continue
        inner = _strip(hints[key])
        options = [t for t in get_args(inner) if t is not type(None)] or [inner]
        target = options[0]
        if get_origin(target) is list:
            (target,) = get_args(target)
        if isinstance(field, serializers.ListSerializer):
            field = field.child
        if isinstance(field, serializers.JSONField):
            continue  # documented as free JSON (the recursive ``ahead`` tree)
        if isinstance(field, serializers.Serializer) and _is_typeddict(target):
            found += serializer_mismatches(field, target, f"{path}.{key}")
        elif isinstance(field, serializers.Serializer) or _is_typeddict(target):
            found.append(f"{path}.{key}: one side is nested, the other is not")
        nullable = len(get_args(inner)) > len(options) or inner is type(None)
        if getattr(field, "allow_null", False) is not nullable and not isinstance(
            field, serializers.Serializer
        ):
            found.append(f"{path}.{key}: allow_null is {field.allow_null}, the contract {nullable}")
    return found
