"""gunicorn for the site's HTTP (behind nginx; ``deploy/Procfile``). Variables: .env.example."""

import os

bind = os.environ.get("SCWU_WEB_BIND", "127.0.0.1:8001")
# Threads keep nginx's keep-alive connections and overlap the database waits (a deal write
# waits on its table's row lock; with 4 threads such waits left the pages queueing for
# seconds in the load test). Each thread keeps its own database connection
# (DATABASE_CONN_MAX_AGE in the Procfile): workers × threads connections.
worker_class = "gthread"
workers = int(os.environ.get("SCWU_WEB_WORKERS", "3"))
threads = int(os.environ.get("SCWU_WEB_THREADS", "8"))
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
