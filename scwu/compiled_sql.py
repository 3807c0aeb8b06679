"""An ORM query compiled once per database and run again with other arguments.

The few queries every signed-in page runs (who the viewer is, which tournament a live page
shows) cost more to build through the ORM than to answer: a dozen ``Exists`` annotations
took a millisecond of Python for a query PostgreSQL answers in a tenth of that. The query is
still written with the ORM (its joins and table names stay the models'); only its SQL is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators  # type: ignore[attr-defined]
from django.db.models.sql.compiler import SQLCompiler


def _marker(kind: type[int] | type[str], number: int) -> int | str:
    """A stand-in for argument ``number`` while the query is compiled, found again among the
    compiled parameters: a whole number no primary key takes (within a 32-bit column's range,
    which the ORM would otherwise compile to "no rows"), or a text no slug or name is."""
    if kind is int:
        return -2_147_000_000 - number
    return f"~scwu-compiled-argument-{number}~"


class CompiledQuery:
    """``build(*arguments)``'s rows, its SQL compiled on first use for each database; the
    arguments are of ``kinds`` (``int`` or ``str``), each used as a parameter of the query."""

    def __init__(
        self, build: Callable[..., QuerySet[Any, Any]], *kinds: type[int] | type[str]
    ) -> None:
        self._build = build
        self._kinds = kinds
        #: Per database alias: the SQL, its parameters, and where each argument goes.
        self._compiled: dict[str, tuple[str, tuple[Any, ...], tuple[int | None, ...]]] = {}
        #: Per database alias: the compiler that wrote the SQL (what its columns are).
        self._compiled_by: dict[str, SQLCompiler] = {}

    def _compile(self, alias: str) -> tuple[str, tuple[Any, ...], tuple[int | None, ...]]:
        markers = [_marker(kind, number) for number, kind in enumerate(self._kinds)]
        query = self._build(*markers)
        compiler = query.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        self._compiled_by[alias] = compiler
        places = tuple(markers.index(p) if p in markers else None for p in params)
        found = sorted({place for place in places if place is not None})
        if found != list(range(len(self._kinds))):
            raise ValueError("every argument must be a parameter of the compiled query")
        return sql, tuple(params), places

    def rows(self, *arguments: int | str, using: str = "default") -> list[tuple[Any, ...]]:
        """The rows of the query with ``arguments``."""
        compiled = self._compiled.get(using)
        if compiled is None:
            compiled = self._compiled[using] = self._compile(using)
        sql, params, places = compiled
        values = [
            param if place is None else arguments[place]
            for param, place in zip(params, places, strict=True)
        ]
        with connections[using].cursor() as cursor:
            cursor.execute(sql, values)
            return cursor.fetchall()

    def instances(self, *arguments: int | str, using: str = "default") -> list[Model]:
        """The rows of a query of model instances (``select_related`` and annotations
        included) as those instances, made as the ORM's own iterable makes them."""
        rows: list[Any] = self.rows(*arguments, using=using)
        compiler = self._compiled_by[using]
        select, info = compiler.select, compiler.klass_info
        annotations = compiler.annotation_col_map
        assert info is not None and annotations is not None, "not a query of model instances"
        converters = compiler.get_converters([column[0] for column in select])
        if converters:
            rows = list(compiler.apply_converters(rows, converters))
        model, fields = info["model"], info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        names = [column[0].target.attname for column in select[start:end]]
        populators = get_related_populators(info, select, using)
        found: list[Model] = []
        for row in rows:
            instance = model.from_db(using, names, row[start:end])
            for populator in populators:
                populator.populate(row, instance)
            for name, index in annotations.items():
                setattr(instance, name, row[index])
            found.append(instance)
        return found
