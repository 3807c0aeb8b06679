"""Make the repository root importable for these tests.

The venv's editable install of ``scwu`` was made before ``tournaments/`` was a
package, so its finder maps nothing; until the project sets ``pythonpath = ["."]``
in pytest's configuration (or reinstalls), put the root on ``sys.path`` here.
"""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parents[3])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)
