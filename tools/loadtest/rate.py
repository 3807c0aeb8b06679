"""Requests per second of some paths of a running site, one after the other in rounds.

``python -m tools.loadtest.rate --url http://127.0.0.1:8000 --seconds 5 --rounds 3 PATH ...``

Keep-alive connections (``--concurrency``) in one asyncio loop, GET only, on loopback; each
round measures every path for ``--seconds`` in turn, so a busy machine affects them alike.
Prints each path's best and median rate, its error count, and its ratio to the first path.
API paths are rate limited per client address: start the site with ``SCWU_API_RATE_ANON=off``
(README, The API) and, through the topology's nginx, ``SCWU_NGINX_RATE=off``, or every
answer past the first few a second is a 429.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from urllib.parse import urlsplit


async def _client(host: str, port: int, path: str, until: float, counts: list[int]) -> None:
    request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: application/json\r\n\r\n".encode()
    reader, writer = await asyncio.open_connection(host, port)
    try:
        while time.monotonic() < until:
            writer.write(request)
            status_line = await reader.readline()
            length, chunked, close = 0, False, False
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                name, value = name.strip().lower(), value.strip().lower()
                if name == "content-length":
                    length = int(value)
                elif name == "transfer-encoding" and "chunked" in value:
                    chunked = True
                elif name == "connection" and value == "close":
                    close = True
            if chunked:
                while (size := int((await reader.readline()).strip() or b"0", 16)) > 0:
                    await reader.readexactly(size + 2)
                await reader.readline()
            elif length:
                await reader.readexactly(length)
            ok = status_line.split(b" ")[1:2] in ([b"200"], [b"304"])
            counts[0 if ok else 1] += 1
            if close:
                writer.close()
                reader, writer = await asyncio.open_connection(host, port)
    finally:
        writer.close()


async def measure(url: str, path: str, seconds: float, concurrency: int) -> tuple[float, int]:
    """(requests per second answered 200/304, errors) for ``path`` during ``seconds``."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    counts = [0, 0]
    started = time.monotonic()
    until = started + seconds
    await asyncio.gather(
        *(_client(host, port, path, until, counts) for _ in range(concurrency)),
        return_exceptions=False,
    )
    return counts[0] / (time.monotonic() - started), counts[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.loadtest.rate", description=__doc__)
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args(argv)
    if not (0 < args.seconds <= 60 and 0 < args.rounds <= 10 and 0 < args.concurrency <= 256):
        parser.error("bounded runs only: --seconds <= 60, --rounds <= 10, --concurrency <= 256")
    rates: dict[str, list[float]] = {path: [] for path in args.paths}
    errors: dict[str, int] = dict.fromkeys(args.paths, 0)
    for _ in range(args.rounds):
        for path in args.paths:
            try:
                rate, failed = asyncio.run(measure(args.url, path, args.seconds, args.concurrency))
            except OSError as exc:
                print(f"cannot reach {args.url}: {exc}")
                return 1
            rates[path].append(rate)
            errors[path] += failed
    first = statistics.median(rates[args.paths[0]])
    if not first:
        # Nothing answered 200 on the first path (a wrong address, a 502): a ratio to it means
        # nothing, so say why instead of dividing by zero.
        print(f"{args.paths[0]}: no answer 200/304 in {errors[args.paths[0]]} tries at {args.url}")
        return 1
    print(f"{'path':<60}{'best/s':>9}{'median/s':>10}{'ratio':>7}  errors")
    for path in args.paths:
        median = statistics.median(rates[path])
        print(
            f"{path:<60}{max(rates[path]):>9.0f}{median:>10.0f}{median / first:>7.2f}  "
            f"{errors[path]}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
