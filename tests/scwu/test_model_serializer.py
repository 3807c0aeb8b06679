"""The API's ModelSerializer builds a class's model fields once and gives each answer its own."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework import serializers

from scwu.model_serializer import ModelSerializer
from scwu.models import Country
from tournaments.api.serializers import SeriesSerializer
from tournaments.models import Series


class _CountryCounted(ModelSerializer[Country]):
    class Meta:
        model = Country
        fields = ["id", "iso2", "iso3", "name_en"]


def _count_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    original = serializers.ModelSerializer.get_fields

    def counted(self: Any) -> Any:
        calls.append(1)
        return original(self)

    monkeypatch.setattr(serializers.ModelSerializer, "get_fields", counted)
    return calls


def test_the_model_is_introspected_once_per_class(monkeypatch: pytest.MonkeyPatch) -> None:
    class Fresh(ModelSerializer[Country]):
        class Meta:
            model = Country
            fields = ["id", "iso3"]

    calls = _count_builds(monkeypatch)
    for _ in range(5):
        assert set(Fresh().fields) == {"id", "iso3"}
    assert len(calls) == 1


def test_each_instance_binds_fields_of_its_own() -> None:
    first, second = _CountryCounted(), _CountryCounted()
    assert first.fields["iso2"] is not second.fields["iso2"]
    assert first.fields["iso2"].parent is first
    assert second.fields["iso2"].parent is second


@pytest.mark.django_db
def test_answers_and_validation_match_drfs_own_model_serializer() -> None:
    class Plain(serializers.ModelSerializer[Series]):
        class Meta:
            model = Series
            fields = SeriesSerializer.Meta.fields

    series = Series.objects.create(name="Classic", slug="classic")
    assert SeriesSerializer(series).data == Plain(series).data
    # The unique validator still runs on a cached field: a second "classic" is refused.
    for serializer_class in (SeriesSerializer, Plain):
        second = serializer_class(data={"name": "Classic again", "slug": "classic"})
        assert not second.is_valid()
        assert "slug" in second.errors
