"""gunicorn for the site's HTTP (behind nginx; ``deploy/Procfile``). Variables: .env.example."""

import os

bind = os.environ.get("SCWU_WEB_BIND", "127.0.0.1:8001")
# Threads keep nginx's keep-alive connections and overlap the database waits (a deal write
# waits on its table's row lock). But the threads of one process share one interpreter lock:
# on the load test's 50 judges (2 cores), 4 processes x 2 threads recorded more deals a second
# than 3 x 8 with a p95 of 204-216 ms instead of 335-626 ms (two runs each), for less CPU per
# deal. Through nginx a one-query endpoint serves the same with both (about 1,250/s). Each thread
# keeps its own database connection (DATABASE_CONN_MAX_AGE in the Procfile): workers x threads.
worker_class = "gthread"
workers = int(os.environ.get("SCWU_WEB_WORKERS", "4"))
threads = int(os.environ.get("SCWU_WEB_THREADS", "2"))
# A gthread worker accepts a connection whenever it holds fewer than worker_connections (1,000
# by default) and queues its requests for its own threads. nginx's upstream connections then
# gathered on one worker: in the load test one of four did all the deals (20 s of CPU in 30 s,
# the others idle) and they queued behind its two threads (deal p95 296-616 ms, five runs).
# Capped at a few connections per thread, the other workers accept the rest (p95 152-210 ms,
# five runs of two to four per thread). gunicorn closes a connection after its answer rather
# than keep more than worker_connections - threads idle, so a worker always has room for work.
worker_connections = threads * 3
keepalive = 75  # longer than nginx's upstream keep-alive, so nginx closes first
timeout = 60
# SIGTERM: stop accepting, finish the requests in flight (honcho kills after 5 s).
graceful_timeout = 4
max_requests = 20000
max_requests_jitter = 2000
accesslog = os.environ.get("SCWU_WEB_ACCESS_LOG") or None
errorlog = "-"
loglevel = "warning"
proc_name = "scwu-web"
