"""A token bucket per connection: ``rate`` frames a second on average, ``burst`` at once."""

from __future__ import annotations

import time
from collections.abc import Callable

#: Frames a connection may send a second on average, and at once; every client keeps under it.
RATE, BURST = 10.0, 20


class TokenBucket:
    """>>> bucket = TokenBucket(rate=10, burst=2, clock=lambda: 0.0)
    >>> bucket.take(), bucket.take(), bucket.take()
    (True, True, False)
    """

    def __init__(
        self, *, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
