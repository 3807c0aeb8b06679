"""Pure-Python draws for SCWU tournaments (no Django): per-round draws and schedules.

Per round: build a :class:`DrawRequest` and call :func:`draw_make`; for the
manual method, :func:`check_manual_draw` lists problems before confirming.
A request's ``teams`` (player id -> team id) keep teammates at different tables
(:mod:`.teammates`). Whole events: :func:`schedule_make`.  Errors the director can fix subclass
:class:`PairingError` (a ``ValueError``); :class:`PairingBug` is a bug.
"""

from .draws import FinalDraw, ManualDraw, RandomDraw, StandingsDraw, draw_check, draw_make
from .errors import (
    DrawProblemsError,
    FieldSizeError,
    InputError,
    PairingBug,
    PairingError,
    TieAtCutError,
)
from .flags import TEMPLATES, Flag
from .manual import check_manual_draw
from .model import (
    Draw,
    DrawRequest,
    Eligibility,
    Entrant,
    Method,
    PastRound,
    QualityReport,
    RepeatPair,
    TablePolicy,
)
from .schedule import Schedule, ScheduleReport, repeat_free_bound, schedule_make
from .sizes import table_sizes

__all__ = [
    "TEMPLATES",
    "Draw",
    "DrawProblemsError",
    "DrawRequest",
    "Eligibility",
    "Entrant",
    "FieldSizeError",
    "FinalDraw",
    "Flag",
    "InputError",
    "ManualDraw",
    "Method",
    "PairingBug",
    "PairingError",
    "PastRound",
    "QualityReport",
    "RandomDraw",
    "RepeatPair",
    "Schedule",
    "ScheduleReport",
    "StandingsDraw",
    "TablePolicy",
    "TieAtCutError",
    "check_manual_draw",
    "draw_check",
    "draw_make",
    "repeat_free_bound",
    "schedule_make",
    "table_sizes",
]
