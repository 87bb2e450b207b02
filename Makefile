# otv66: the two commands are `make serve` (build and serve the game) and `make test`
# (install everything and run every test). Both work on a fresh clone.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8066
CHROMIUM ?= /usr/bin/chromium
JOBS ?= 2
# JOBS: test processes side by side (pytest-xdist) for the engine's and the browser tests; CI has 2 cores

.PHONY: serve build test install install-browser lint typecheck lint-js typecheck-js test-js test-engine test-pyodide test-e2e bench bench-ai bench-load clean

## serve: build dist/ and serve it on http://127.0.0.1:$(PORT)
serve: build
	$(PY) tools/serve.py --port $(PORT) dist

## build: the static site in dist/ (engine wheel, Pyodide runtime, web assets)
build: $(VENV)/.installed node_modules/.installed
	$(PY) tools/build_site.py

## test: install everything, then lint, type-check and unit-test (Python and the page's JavaScript), engine tests
## in Pyodide, browser tests
test: install install-browser lint typecheck lint-js typecheck-js test-js test-engine test-pyodide test-e2e

install: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,dev]' -r e2e/requirements.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

## install-browser: Debian's Chromium for Playwright (never a downloaded browser)
install-browser:
	@test -x $(CHROMIUM) || (apt-get update -qq && apt-get install -y -qq chromium)

lint: $(VENV)/.installed
	$(PY) -m ruff check otv66 tests e2e tools
	$(PY) -m ruff format --check otv66 tests e2e tools

typecheck: $(VENV)/.installed
	$(PY) -m mypy

## lint-js: Biome's lint and format check of web/js and tests-js (biome.jsonc)
lint-js: node_modules/.installed
	node_modules/.bin/biome check --error-on-warnings

## typecheck-js: strict TypeScript over the JSDoc types of web/js (nothing emitted); the worker has its own config
typecheck-js: node_modules/.installed
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/tsc -p tsconfig.worker.json

## test-js: unit tests of the page's pure modules (tests-js/, node --test)
test-js: node_modules/.installed
	node --test --test-timeout=60000 tests-js/*.test.js

## test-engine: the engine's tests and doctests in CPython, each stopped (as a failure) if it runs past 120 s
test-engine: $(VENV)/.installed
	$(PY) -m pytest -q --timeout 120 -n $(JOBS) tests otv66

## test-pyodide: the same engine tests inside real Pyodide (Node.js + npm pyodide)
test-pyodide: $(VENV)/.installed node_modules/.installed
	$(PY) tools/pyodide_tests.py

## test-e2e: the browser tests against the site `make build` left in dist/, JOBS at a time (the shipping tests'
## own three builds are made once, by the first process that needs them); -rs names a skipped test and why (a
## timing test skips on a machine too slow to press keys again and again)
test-e2e: build
	$(PY) -m pytest -q -rs -n $(JOBS) --site dist e2e

## bench: the engine's speed; bench-ai: the opponent's strength and decision times, in CPython and in Pyodide
bench: $(VENV)/.installed
	$(PY) -m otv66.bench engine

bench-ai: $(VENV)/.installed node_modules/.installed
	$(PY) -m otv66.bench ai --a master --b expert --deals 100
	node tools/pyodide_ai_bench.mjs

## bench-load: load times in headless Chromium (bare npm Pyodide; cold, warm, offline and 9 Mbit/s visits to the
## table and to playable; the worker's boot), medians of 5, and the bytes of a first visit (a few minutes)
bench-load: build
	$(PY) tools/bench_load.py --site dist

clean:
	rm -rf dist build .pytest_cache .mypy_cache .ruff_cache
