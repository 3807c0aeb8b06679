"""HTTP for the simulated users and the benchmarks: one keep-alive connection per client
(no Django here, so a benchmark's own process can use it before Django is set up)."""

from __future__ import annotations

import http.client
import json
import time
from typing import Any
from urllib.parse import urlsplit

NETWORK_ERRORS = (OSError, http.client.HTTPException)


class Http:
    """One keep-alive connection, reopened after a network error."""

    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.conn: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, bytes, float]:
        data = json.dumps(body).encode() if body is not None else None
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        started = time.perf_counter()
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            self.conn.request(method, path, body=data, headers=all_headers)
            answer = self.conn.getresponse()
            payload = answer.read()
            return answer.status, payload, time.perf_counter() - started
        except NETWORK_ERRORS:
            if self.conn is not None:
                self.conn.close()
            self.conn = None
            raise
