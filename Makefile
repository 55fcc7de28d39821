# On a fresh machine: `make demo`, `make test`, then `make serve` (the web page).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test every-python-tests serve lint docs bench bench-quick clean wheel-check \
	accept-pages bytecode

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# An editable install leaves havenprint's own modules uncompiled: where PYTHONDONTWRITEBYTECODE
# is set, every new process would compile them again (bench/README.md). A wheel is compiled
# by pip.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q generator

demo: bytecode
	$(BIN)/havenprint build content --out output --target all

# The whole suite, one worker per core (pytest-xdist), each test file kept on one worker so
# that its module fixtures (a kit built in many languages) are made once, handed out in the
# suite's order (tests/conftest.py, LONGEST_FIRST: the longest files first, so that the
# workers end together); the slowest tests named at the end (bench/README.md, The test suite).
TEST_WORKERS ?= auto
test: $(STAMP)
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder \
		--durations=25

# The tests CI runs on every supported Python besides the main one (.ci/other-python 3.12,
# 3.13; `make test` runs the whole suite on the main one, 3.11): the corrections of ReportLab's
# shaped text, byte-for-byte reproducibility, every script's rendering, and the discretion
# check's verdict on every test title, which rests on Python's Unicode data (case folding,
# NFKC, character names) (about 2 minutes).
EVERY_PYTHON_TESTS := tests/test_reportlab_text.py tests/test_reproducible.py \
	tests/test_scripts.py tests/test_rtl_numbers.py tests/test_typesetting.py \
	tests/test_outside_titles.py

every-python-tests:
	@echo $(EVERY_PYTHON_TESTS)

serve: $(STAMP)
	$(BIN)/havenprint serve content --out output --open

# After a deliberate change to how pages look: store the new reference pages (look at every
# changed page first: `make test` saves them in tests/reference_pages/changed/).
accept-pages: $(STAMP)
	$(BIN)/python -m tests.reference_pages --accept

# The documentation site (docs/, mkdocs.yml) into site/; --strict stops at a broken link or
# a page missing from the navigation.
docs: $(STAMP)
	$(BIN)/mkdocs build --strict --quiet --site-dir site

lint: $(STAMP)
	$(BIN)/ruff check generator bench tests
	$(BIN)/mypy generator bench
	$(BIN)/lint-imports

# The package as users install it (not editable): a wheel in a fresh venv lists the formats
# and builds the default kit from its own copies of layouts, locales and fonts.
wheel-check: $(STAMP)
	rm -rf build dist .wheel-venv .wheel-out
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir dist .
	$(PYTHON) -m venv .wheel-venv
	.wheel-venv/bin/python -m pip install --quiet dist/havenprint-*.whl
	cd /tmp && $(CURDIR)/.wheel-venv/bin/havenprint formats
	cd /tmp && $(CURDIR)/.wheel-venv/bin/havenprint build $(CURDIR)/content \
		--out $(CURDIR)/.wheel-out --no-previews
	rm -rf build dist .wheel-venv .wheel-out

bench: bytecode
	$(BIN)/python bench/bench.py

# Every part of the benchmark once, small (under a minute): CI runs it, so that it cannot
# break unseen. Its figures are not the ones to quote (`make bench`).
bench-quick: bytecode
	$(BIN)/python bench/bench.py --quick

clean:
	rm -rf $(VENV) .venv312 .venv313 .ci-out output/*/ site/
