# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench clean accept-pages

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/havenprint build content --out output --target all

test: $(STAMP)
	$(BIN)/python -m pytest -q

# After a deliberate change to how pages look: store the new reference pages (look at every
# changed page first: `make test` saves them in tests/reference_pages/changed/).
accept-pages: $(STAMP)
	$(BIN)/python -m tests.reference_pages --accept

lint: $(STAMP)
	$(BIN)/ruff check generator bench tests

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) output/*/
