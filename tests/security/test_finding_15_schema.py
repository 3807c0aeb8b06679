"""Finding 15: every status an operation can answer is in the OpenAPI schema (the
schemathesis run itself is ``tests/fuzz/test_api_schemathesis.py``)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_finding_15_every_operation_documents_its_error_statuses() -> None:
    schema = Client().get("/api/schema/?format=json").json()
    operations = [
        (path, method, op)
        for path, item in schema["paths"].items()
        for method, op in item.items()
        if isinstance(op, dict) and "responses" in op
    ]
    assert len(operations) > 50
    for path, method, op in operations:
        documented = set(op["responses"])
        assert {"403", "405", "409", "429", "503"} <= documented, (method, path)
        if "{" in path:
            assert {"400", "404"} <= documented, (method, path)
        if "requestBody" in op:
            assert "415" in documented, (method, path)
            assert set(op["requestBody"]["content"]) == {"application/json"}, (method, path)


def test_finding_15_an_unknown_api_path_answers_json() -> None:
    answer = Client().get("/api/categories/a.b/c/")
    assert answer.status_code == 404
    assert answer["Content-Type"] == "application/json"
