"""The package: no Django, doctests run, views and actions are plain JSON."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
import subprocess
import sys

import pytest

import engine

MODULES = sorted(
    m.name
    for m in pkgutil.iter_modules(engine.__path__, "engine.")
    if not m.name.startswith("engine.smoke")
    # engine._deal_native, when built, is engine.deal compiled (engine/native.py)
    and m.name not in ("engine.__main__", "engine._deal_native")
)


def test_importing_engine_loads_no_django() -> None:
    code = (
        "import engine, engine.cli, engine.play, sys; "
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'celery', 'channels')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("name", ["engine", *MODULES])
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_public_functions_have_docstrings() -> None:
    for name in ["engine", *MODULES]:
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", []):
            obj = getattr(module, attr)
            if inspect.isfunction(obj) or inspect.isclass(obj):
                assert obj.__doc__, f"{name}.{attr} has no docstring"
