"""The optional compiled engine (engine/native.py) and its pure-Python fallback agree.

The rest of the suite runs on whichever engine is active; run it once more with
``SCWU_ENGINE_PURE=1`` after ``python -m engine.native build`` to cover both.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from engine import deal as deal_module
from engine.errors import IllegalActionError
from engine.native import NATIVE_MODULE, PURE_ENV, active

ROOT = Path(__file__).resolve().parents[2]


def _status(env_pure: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if env_pure is not None:
        env[PURE_ENV] = env_pure
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run(
        [sys.executable, "-m", "engine.native", "status"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def _compiled() -> ModuleType | None:
    try:
        return importlib.import_module(NATIVE_MODULE)
    except ImportError:
        return None


def test_the_pure_engine_is_chosen_when_asked_for() -> None:
    assert _status("1") == "pure"
    expected = "compiled" if _compiled() is not None else "pure"
    assert _status(None) == expected


def test_the_active_engine_is_the_one_engine_deal_hands_out() -> None:
    compiled = _compiled()
    declined = os.environ.get(PURE_ENV) == "1"
    if compiled is None or declined:
        assert active() == "pure" and deal_module.Deal.__module__ == "engine.deal"
    else:
        assert active() == "compiled" and deal_module.Deal is compiled.Deal


def _pure_module() -> ModuleType:
    """A fresh import of engine/deal.py that keeps its own (pure) classes."""
    spec = importlib.util.spec_from_file_location("engine_deal_pure", deal_module.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _trace(deal_cls: type, seed: int) -> list[object]:
    """Everything observable along one random deal, with illegal probes on the way."""
    rng = random.Random(seed)
    deal = deal_cls.new(rng=rng, dealer=seed & 3)  # type: ignore[attr-defined]
    seen: list[object] = []
    while acts := deal.legal_actions():
        bad = rng.choice([-1, 36, 1 << 40, "7H", None, rng.randrange(32)])
        try:
            deal.clone().apply(bad)
            seen.append(("ok", bad))
        except IllegalActionError as err:
            seen.append((err.reason, str(err)))
        action = acts[int(rng.random() * len(acts))]
        deal.apply(action)
        seen.append((tuple(acts), deal.history, deal.trick, deal.points(), deal.turn))
    seen.append(deal.result())
    return seen


@pytest.mark.skipif(_compiled() is None, reason="the compiled engine is not built")
def test_the_compiled_engine_plays_exactly_as_the_pure_one() -> None:
    compiled = _compiled()
    assert compiled is not None
    pure = _pure_module()
    assert pure.Deal is not compiled.Deal
    for seed in range(200):
        assert _trace(compiled.Deal, seed) == _trace(pure.Deal, seed)
