"""The optional compiled build of the deal state machine, and how to make or drop it.

``python -m engine.native build`` compiles :mod:`engine.deal`, unchanged, with mypyc
(part of mypy, a development dependency; it needs a C compiler and the Python headers)
into ``engine/_deal_native*.so``. When that file is present, :mod:`engine.deal`
hands out its compiled ``Deal`` (same code, same behaviour, about 1.5x faster); when it
is absent, or ``SCWU_ENGINE_PURE=1`` is set, the pure-Python module is the engine. The
site installs and runs with pip alone either way; ``python -m engine.native clean``
removes the build. Both are tested: the suite runs on whichever is active, and
``tests/engine/test_engine_native.py`` compares the two deal by deal.

>>> active() in ("compiled", "pure")
True
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["NATIVE_MODULE", "PURE_ENV", "active", "build", "clean", "main"]

#: The compiled twin of :mod:`engine.deal`.
NATIVE_MODULE = "engine._deal_native"
#: Set to ``1`` to keep to the pure-Python engine even when the compiled one is built.
PURE_ENV = "SCWU_ENGINE_PURE"

_ENGINE = Path(__file__).resolve().parent
# A plain mypy configuration: the build type-checks engine/deal.py against its imports
# only, without the project's Django plugins.
_MYPY_INI = "[mypy]\nignore_missing_imports = True\nfollow_imports = silent\n"


def active() -> str:
    """``compiled`` if :mod:`engine.deal` hands out the compiled ``Deal``, else ``pure``."""
    from engine.deal import Deal

    return "compiled" if Deal.__module__ == NATIVE_MODULE else "pure"


def built() -> list[Path]:
    """The compiled files present in the package."""
    return sorted(_ENGINE.glob("_deal_native*.so")) + sorted(_ENGINE.glob("_deal_native*.pyd"))


def clean() -> list[Path]:
    """Remove the compiled build; returns the files removed."""
    gone = built()
    for path in gone:
        path.unlink()
    return gone


def build() -> list[Path]:
    """Compile engine/deal.py as :data:`NATIVE_MODULE` (in a scratch copy of the package,
    so that nothing but the compiled files land in the source tree); returns them."""
    with tempfile.TemporaryDirectory(prefix="engine-native-") as tmp:
        work = Path(tmp)
        shutil.copytree(
            _ENGINE, work / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so")
        )
        shutil.copy(_ENGINE / "deal.py", work / "engine" / "_deal_native.py")
        (work / "mypy.ini").write_text(_MYPY_INI)
        env = {**os.environ, "PYTHONPATH": str(work)}
        subprocess.run(
            [sys.executable, "-m", "mypyc", "--config-file", "mypy.ini", "engine/_deal_native.py"],
            cwd=work,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        # The module and, for a module inside a package, mypyc's runtime library beside it.
        made = sorted((work / "engine").glob("_deal_native*.so"))
        if not made:
            raise RuntimeError("mypyc made no compiled file")
        clean()
        for path in made:
            shutil.copy(path, _ENGINE / path.name)
        return [_ENGINE / path.name for path in made]


def main(argv: list[str] | None = None) -> int:
    """``python -m engine.native build|clean|status``."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["build"]:
        for path in build():
            print(f"built {path}")
    elif args == ["clean"]:
        for path in clean():
            print(f"removed {path}")
    elif args == ["status"]:
        print(active())
    else:
        print("usage: python -m engine.native build|clean|status", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
