"""No import inside a function of the app packages: a function-level import hides a cycle
from the import contract (tests/test_import_contract.py). The few legitimate ones are listed
with the reason."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_PACKAGES = ("scwu", "tournaments", "games")

#: (file, imported module) -> why it must wait for the function to run.
ALLOWED = {
    ("scwu/apps.py", "scwu.api"): "AppConfig.ready: installs the strict API once apps are ready",
    ("scwu/apps.py", "scwu"): "AppConfig.ready: registers the email tasks (they import models)",
    ("tournaments/apps.py", "tournaments"): "AppConfig.ready: registers the tasks (they import "
    "models, which the app registry must have loaded)",
    ("tournaments/apps.py", "tournaments.results"): "AppConfig.ready: connects the results' "
    "receivers of the scorekeeping signals (they import models)",
    ("tournaments/apps.py", "tournaments.models"): "AppConfig.ready: installs the seasons' "
    "lookup into the federation's roster checks (a layer below, which cannot import it)",
    ("tournaments/apps.py", "scwu.services.clubs"): "AppConfig.ready: the same lookup's "
    "installer (it imports models)",
    ("tournaments/rating/apps.py", "tournaments.rating"): "AppConfig.ready: registers the "
    "rating task (it imports models)",
    ("games/apps.py", "games"): "AppConfig.ready: registers the deal analysis task (it "
    "imports models)",
    ("tournaments/pairing/schedules/exact.py", "ortools.sat.python"): "an optional extra "
    "(`.[schedules]`) that only the offline schedule build uses; the site never imports it",
    ("tournaments/pairing/schedules/rotational.py", "ortools.sat.python"): "the same optional "
    "extra, for the offline search of rotational base rounds",
    ("tournaments/pairing/schedules/lifted.py", "ortools.sat.python"): "the same optional "
    "extra, for the offline search of schedules kept by the partner swap",
    ("tournaments/pairing/schedules/cpsat.py", "ortools.sat.python"): "the same optional "
    "extra: the one place the offline searches run the solver",
    ("tournaments/pairing/schedules/extras_search.py", "ortools.sat.python"): "the same "
    "optional extra, for the offline search of where extra players sit",
}


def function_level_imports(source: str) -> list[tuple[int, str]]:
    """(line, module) of every import statement inside a function of ``source``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Import):
                found += [(inner.lineno, alias.name) for alias in inner.names]
            elif isinstance(inner, ast.ImportFrom):
                found.append((inner.lineno, "." * inner.level + (inner.module or "")))
    return found


def app_function_level_imports() -> dict[tuple[str, str], int]:
    found: dict[tuple[str, str], int] = {}
    for package in APP_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            name = path.relative_to(ROOT).as_posix()
            for line, module in function_level_imports(path.read_text(encoding="utf-8")):
                found.setdefault((name, module), line)
    return found


def test_the_finder_sees_imports_in_functions_and_methods_only() -> None:
    source = (
        "import os\n"
        "def f():\n    import json\n"
        "class C:\n    async def m(self):\n        from . import x\n"
        "    def n(self):\n        from a.b import c\n"
    )
    assert function_level_imports(source) == [(3, "json"), (6, "."), (8, "a.b")]


def test_no_function_level_import_in_the_apps_beyond_the_allowed_ones() -> None:
    found = app_function_level_imports()
    unexpected = sorted(
        f"{name}:{line}: {module}"
        for (name, module), line in found.items()
        if (name, module) not in ALLOWED
    )
    assert not unexpected, "imports inside functions (move them to the top):\n" + "\n".join(
        unexpected
    )
    stale = sorted(f"{name}: {module}" for name, module in ALLOWED.keys() - found.keys())
    assert not stale, "allowed imports that no longer exist:\n" + "\n".join(stale)
