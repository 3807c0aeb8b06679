"""Test setup for the ledger.

The editable install was made before ``games/`` had any package in it, so its
finder maps nothing and ``import games`` only works with the repository root on
``sys.path``. Until ``pyproject.toml`` gets ``pythonpath = ["."]`` (or the
package is reinstalled), put the root there ourselves. No ``__init__.py`` in
``tests/games/``: without ``tests/__init__.py`` it would make pytest import
``tests/games`` as a top-level ``games`` package and shadow the real one.
"""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[3])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
