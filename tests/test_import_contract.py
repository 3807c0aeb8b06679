"""The import contract (``[tool.importlinter]`` in pyproject.toml): the layers, the pure
packages and the acyclic apps, checked by import-linter on every ``make test``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contract_is_kept() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    assert lint_imports.exists(), "lint-imports is missing: pip install -e '.[dev]'"
    run = subprocess.run(
        [str(lint_imports), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout, run.stdout
