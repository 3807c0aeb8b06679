# Two commands set everything up on a fresh machine with only Python 3.11+ and pip:
#   make demo   - venv, install, migrate, demo data, serve on http://127.0.0.1:8000
#   make test   - venv, install, the whole suite on the embedded default (SQLite, eager Celery)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1:8000

.PHONY: demo test install native serve worker production messages lint typecheck check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

demo: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py seed_demo
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/daphne -b $(firstword $(subst :, ,$(HOST))) -p $(lastword $(subst :, ,$(HOST))) scwu.config.asgi:application

test: install
	$(BIN)/python -m pytest -m "not integration and not axe" $(PYTEST_ARGS)

# Optional: compile engine/deal.py with mypyc (needs gcc and the Python headers); the pure
# Python engine stays the fallback (SCWU_ENGINE_PURE=1 forces it).
native: install
	$(BIN)/python -m engine.native build

worker: install
	$(BIN)/celery -A scwu.config worker --loglevel=info

# The production topology (README "Production"): every step, then nginx, gunicorn, uvicorn,
# a Celery worker and beat under honcho, all reading .env (ENV_FILE=... for another file).
ENV_FILE ?= .env
HONCHO := $(BIN)/honcho -d . -f deploy/Procfile -e $(ENV_FILE)
production: install
	$(HONCHO) run $(BIN)/python manage.py check --deploy --fail-level ERROR
	$(HONCHO) run $(BIN)/python manage.py migrate --noinput
	$(HONCHO) run $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(HONCHO) run sh -c 'mkdir -p "$${SCWU_RUN_DIR:-deploy/run}"'
	$(HONCHO) start

messages: install
	$(BIN)/python manage.py makemessages -l cs -l ru --ignore=.venv --ignore=engine --ignore=tests --ignore=staticfiles
	$(BIN)/python manage.py compilemessages --ignore=.venv

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

typecheck: install
	$(BIN)/mypy .

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .mypy_cache .ruff_cache engine/_deal_native*.so
