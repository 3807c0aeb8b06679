"""Tools that the site does not need at run time: benchmarks, the load test and the demo data.

Each runs with ``python -m`` from the repository root (see the README); none is imported by
the runtime packages except the demo builders, which ``manage.py seed_demo`` loads.
"""
