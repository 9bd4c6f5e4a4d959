# baccarat-exact: every task the README and CI use. Needs only python3 (>= 3.10).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export PYTHONHASHSEED := 0

.PHONY: run plot test check lint typecheck pytest golden bench docs data clean

# Installs are quiet: their output goes to .venv/install.log, shown only when they fail.
QUIET = > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }

$(BIN)/python:
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --upgrade pip $(QUIET)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	@$(BIN)/python -m pip install --quiet -e . $(QUIET)
	@$(BIN)/python -m compileall -q baccarat_exact
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	@$(BIN)/python -m pip install --quiet -e '.[test]' $(QUIET)
	@$(BIN)/python -m compileall -q baccarat_exact
	@touch $@ $(VENV)/.installed

$(VENV)/.installed-plot: pyproject.toml | $(BIN)/python
	@$(BIN)/python -m pip install --quiet -e '.[plot]' $(QUIET)
	@touch $@

## run: set up .venv and print the exact odds of the 8-deck default
run: $(VENV)/.installed
	@$(BIN)/baccarat-exact odds

## plot: install the plot extra (matplotlib) into .venv, for --plot
plot: $(VENV)/.installed-plot
	@echo "matplotlib installed: --plot FILE.png works with $(BIN)/baccarat-exact"

## test: install the test extra and run everything (lint, types, tests, golden files);
## the types and the golden files are checked beside the tests, on the cores pytest leaves
test: $(VENV)/.installed-test lint
	@$(MAKE) --no-print-directory -j3 typecheck pytest golden

## check: the same as test (the name other projects use)
check: test

lint: $(VENV)/.installed-test
	$(BIN)/ruff check baccarat_exact tests benchmarks docs
	$(BIN)/ruff format --check baccarat_exact tests benchmarks docs

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy --strict baccarat_exact

pytest: $(VENV)/.installed-test
	$(BIN)/pytest -n auto --dist loadfile

## golden: recompute every golden file with the tool's own check command
golden: $(VENV)/.installed
	$(BIN)/baccarat-exact check --quiet tests/golden

## bench: print every figure docs/performance.md records
bench: $(VENV)/.installed-test
	for script in benchmarks/bench_*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

## docs: regenerate the schemas' request parts, docs/cli.md, docs/bets.md, every example's
## output, and the example HTML report (validated, and photographed in headless Chromium)
docs: $(VENV)/.installed-test
	$(BIN)/python -c "from baccarat_exact.commands.schemas import write_schemas; print('schemas rewritten:', *write_schemas() or ['none'])"
	$(BIN)/python docs/gen_cli.py
	$(BIN)/python docs/gen_bets.py
	$(BIN)/python -m docs.gen_examples
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
		|| apt-get install -y -q chromium > $(VENV)/install.log 2>&1 \
		|| echo "make docs: could not install Chromium (apt-get install chromium)"
	$(BIN)/python -m docs.gen_report_page

## data: rebuild the shipped event table (a test checks it equals a fresh build)
data: $(VENV)/.installed
	$(BIN)/python -c "from baccarat_exact.engine.tables import build_event_table, save_event_table; save_event_table(build_event_table())"

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build *.egg-info baccarat_exact/engine/*.so baccarat_exact/blackjack/*.so
