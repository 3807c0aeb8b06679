"""Themes that differ only by case or spaces ("detectives", "Detectives ") become one: every
word takes the spelling of its theme's oldest word. A word whose letters already stand in the
merged theme (live) keeps its spelling, so the per-theme uniqueness still holds."""

from __future__ import annotations

from typing import Any

from django.db import migrations

LIVE = ("proposed", "approved")


def merge(apps: Any, schema_editor: Any) -> None:
    PlayingWord = apps.get_model("scwu", "PlayingWord")
    canonical: dict[str, str] = {}
    for word in PlayingWord.objects.exclude(theme="").order_by("proposed_at", "pk"):
        key = " ".join(word.theme.split()).casefold()
        spelling = canonical.setdefault(key, " ".join(word.theme.split()))
        if word.theme == spelling:
            continue
        clash = (
            word.status in LIVE
            and PlayingWord.objects.filter(theme=spelling, letters=word.letters, status__in=LIVE)
            .exclude(pk=word.pk)
            .exists()
        )
        if not clash:
            word.theme = spelling
            word.save(update_fields=["theme"])


class Migration(migrations.Migration):
    dependencies = [("scwu", "0003_uploaded_images")]

    operations = [migrations.RunPython(merge, migrations.RunPython.noop)]
