"""What a command imports: a new process loads only the libraries the command uses, so that
`havenprint build` starts quickly (issue 18). Each case runs the command in a fresh Python
and lists the modules loaded once it has finished; times belong in bench/fresh_process.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

# Runs havenprint's main() and writes the names in sys.modules afterwards (also after
# `--version`, which exits through SystemExit).
PROGRAM = """
import json, sys
from generator.commands.cli import main
try:
    main(sys.argv[2:])
finally:
    with open(sys.argv[1], "w", encoding="utf-8") as listing:
        json.dump(sorted(sys.modules), listing)
"""

# Never needed to build PDFs in English without previews.
NOT_FOR_A_BUILD = (
    "generator.kit.previews",  # PNG previews (pdfium itself reads every PDF's page sizes)
    "rich",  # the progress bar, on a terminal only
    "starlette", "uvicorn", "ruamel", "generator.serve.server", "generator.serve.app",
    "generator.importers",  # `havenprint import` and sites with `resources:`
    "generator.translating.translator_file",  # `havenprint locale init`
    "multiprocessing",  # `havenprint batch`
    "ssl", "http.client", "urllib.request", "xml.sax",  # what some helpers drag in
    "icu4py", "noto_cjk_sans_otc",  # scripts without spaces between words, CJK
)
# What `--version` and `formats` need none of: the pipeline and its libraries.
PIPELINE = ("generator.pipeline.build", "reportlab", "PIL", "jinja2", "markdown_it", "babel",
            "phonenumbers", "fontTools", "qrcode", "concurrent.futures")


def imported_by(scratch: Path, *argv: str | Path) -> set[str]:
    """The modules loaded by `havenprint ARGV` run from this repository in a new process."""
    listing = scratch / "modules.json"
    result = subprocess.run([sys.executable, "-c", PROGRAM, str(listing),
                             *(str(arg) for arg in argv)],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    return set(json.loads(listing.read_text(encoding="utf-8")))


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The names in `names` of which a module or a submodule is in `modules`."""
    return [name for name in names
            if name in modules or any(module.startswith(f"{name}.") for module in modules)]


def test_an_english_build_without_previews_imports_no_preview_server_or_importer(
        kit: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    modules = imported_by(tmp_path, "build", kit, "--out", out, "--no-previews")
    assert (out / "en" / "pocket-card.pdf").is_file()
    assert loaded(modules, NOT_FOR_A_BUILD) == []
    pipeline = ("reportlab", "generator.pipeline.build")
    assert loaded(modules, pipeline) == list(pipeline)


def test_previews_still_load_pdfium(kit: Path, tmp_path: Path) -> None:
    modules = imported_by(tmp_path, "build", kit, "--out", tmp_path / "out",
                          "--format", "pocket-card")
    assert loaded(modules, ("pypdfium2", "generator.kit.previews")) == [
        "pypdfium2", "generator.kit.previews"]


@pytest.mark.parametrize("argv", [("--version",), ("formats",)])
def test_version_and_formats_import_no_pipeline(argv: tuple[str, ...], tmp_path: Path) -> None:
    modules = imported_by(tmp_path, *argv)
    assert loaded(modules, PIPELINE) == []
    assert loaded(modules, NOT_FOR_A_BUILD) == []
