# On a fresh machine: `make demo`, `make test`, then `make serve` (the web page).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test serve lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/havenprint build content --out output --target all

test: $(STAMP)
	$(BIN)/python -m pytest -q

serve: $(STAMP)
	$(BIN)/havenprint serve content --out output --open

lint: $(STAMP)
	$(BIN)/ruff check generator bench tests

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) output/*/
