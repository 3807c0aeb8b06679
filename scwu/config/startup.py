"""What a server process does once its application is loaded, before its first request."""

from __future__ import annotations

import gc

from django.urls import get_resolver


def objects_freeze() -> None:
    """Load every view, then keep the objects of start-up out of the collector's sweeps.

    A full collection walks every tracked object: in a WebSocket process that meant about
    150,000 of them from Django and the site alone, and each sweep stopped every table of
    the process for 75-180 ms (measured with 100 online tables; the p99 of an action fell
    from 183 to 63 ms once frozen). Start-up objects live as long as the process, so the
    collector has nothing to gain from them.
    """
    get_resolver().url_patterns  # noqa: B018 - imports every view module now, not on a request
    gc.collect()
    gc.freeze()


#: Tracked objects allocated (net) before the collector sweeps its youngest generation
#: (CPython's default is 700).
YOUNG_OBJECTS = 50_000


def young_generation_widen() -> None:
    """Let the collector sweep the youngest objects every ``YOUNG_OBJECTS`` allocations,
    not every 700, in the WebSocket process.

    At 800 actions a second an action's objects (its frames, coroutines, futures, context
    copies) lived through two young sweeps and were promoted to the oldest generation,
    which then grew by a quarter every few seconds and was swept whole: 250-350 ms with
    every table of the process stopped, most of the round trips' p95 (500 tables at a 2 s
    think time: p95 330-470 ms; with young sweeps every 50,000 allocations, no full sweep
    in 30 s and p95 40 ms). A wider young generation lets short-lived objects die young;
    a young sweep of 50,000 objects costs a few milliseconds.
    """
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, middle, oldest)
