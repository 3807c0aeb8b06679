"""Every status an operation can answer, in the OpenAPI schema.

drf-spectacular documents the success answers each view declares. The answers that any
operation may give for reasons shared by the whole API are added here, once, by a
postprocessing hook:

* 400: a parameter or body that is not what the schema says (named in the answer);
* 401/403: not signed in, wrong credentials, or not allowed (DRF answers 403 for a session
  client, 401 with ``WWW-Authenticate`` where basic auth is the first scheme);
* 404: an object in the path that does not exist, or that the caller may not see;
* 405: a method the path does not offer;
* 409: well formed, but the federation's rules or the current state refuse it;
* 415: a body that is not JSON;
* 429: too many failed sign-ins (the lockout) or requests;
* 503: the database or the job queue is briefly unavailable (``Retry-After``; ``scwu.health``,
  ``scwu.broker``).
"""

from __future__ import annotations

from typing import Any

from scwu.security.text import TEXT_PATTERN

ERROR = "Error"
ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "What was wrong: ``detail``, or a list of reasons under each field's name.",
    "additionalProperties": True,
}
DESCRIPTIONS = {
    "400": "Invalid input: the answer names each field or parameter and the reason.",
    "401": "Not signed in or wrong credentials.",
    "403": "Not allowed, or not signed in (session clients).",
    "404": "Not found (or not visible to you).",
    "405": "Method not allowed.",
    "409": "Refused by the federation's rules or the current state: the answer names the field.",
    "415": "The body must be JSON (application/json).",
    "429": "Too many failed sign-ins or requests; retry after the given time.",
    "503": "The database or the job queue is briefly unavailable; retry after the given time.",
}
WRITE_METHODS = {"post", "put", "patch", "delete"}


def _error(status: str) -> dict[str, Any]:
    return {
        "description": DESCRIPTIONS[status],
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR}"}}},
    }


def common_responses(result: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
    """The postprocessing hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``)."""
    result.setdefault("components", {}).setdefault("schemas", {})[ERROR] = ERROR_SCHEMA
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            responses = operation["responses"]
            statuses = ["401", "403", "405", "409", "429", "503"]
            if operation.get("requestBody"):
                statuses.append("415")
            if operation.get("parameters") or operation.get("requestBody") or "{" in path:
                statuses.append("400")
            if "{" in path or method in WRITE_METHODS:
                statuses.append("404")
            for status in sorted(statuses):
                responses.setdefault(status, _error(status))
    return result


def _text_without_control_characters(schema: dict[str, Any]) -> None:
    if schema.get("type") == "string" and not {"format", "enum", "pattern"} & schema.keys():
        schema["pattern"] = TEXT_PATTERN
    for key in ("properties", "items", "additionalProperties"):
        value = schema.get(key)
        if isinstance(value, dict):
            children = value.values() if key == "properties" else [value]
            for child in children:
                if isinstance(child, dict):
                    _text_without_control_characters(child)
    for key in ("allOf", "oneOf", "anyOf"):
        for child in schema.get(key, []):
            if isinstance(child, dict):
                _text_without_control_characters(child)


def request_text_without_control_characters(
    result: dict[str, Any], **_kwargs: Any
) -> dict[str, Any]:
    """The postprocessing hook that says what every text field of a body takes: no control
    character but tab and line breaks (:mod:`scwu.api.strict` refuses them; ``Request``
    components are the bodies, ``COMPONENT_SPLIT_REQUEST``)."""
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request") and isinstance(schema, dict):
            _text_without_control_characters(schema)
    return result


def request_objects_closed(result: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
    """The postprocessing hook that says a body holds only the fields it names
    (``additionalProperties: false``): :mod:`scwu.api.strict` refuses any other. A free-form
    object (a ``DictField``: points by seat, a deal record) states its own."""
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        if (
            name.endswith("Request")
            and isinstance(schema, dict)
            and schema.get("type") == "object"
            and "properties" in schema
        ):
            schema.setdefault("additionalProperties", False)
    return result


def request_alternatives(result: dict[str, Any], generator: Any, **_kwargs: Any) -> dict[str, Any]:
    """The postprocessing hook that says which body fields stand in for each other: a request
    serializer's ``one_of_required`` names fields of which exactly one must be given (its
    ``validate`` refuses none or both), so a body with neither is not schema-valid."""
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        try:
            serializer = generator.registry[(name, "schemas")].object
        except KeyError:
            continue
        fields = getattr(serializer, "one_of_required", ())
        if name.endswith("Request") and fields and isinstance(schema, dict):
            schema["oneOf"] = [{"required": [field]} for field in fields]
    return result
