"""A bounded load test against the real stack on 127.0.0.1: ``python -m tools.loadtest``.

It starts Daphne and a Celery worker on PostgreSQL and Redis (or uses ``--url``), seeds a
round of line-judged tables and practice games with bots, then for ``--seconds`` runs
judges recording deals through the API (with deliberate resends of the same key), readers
on the live pages and online players over WebSockets. It prints throughput, latency
percentiles and errors, and verifies that every deal sent is recorded exactly once and
that the stored standings equal a recomputation from scratch.
"""
