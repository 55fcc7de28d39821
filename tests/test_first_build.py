"""What a new `havenprint build` process takes from an earlier one: the compiled templates
(besides the font files, tests/test_font_files.py). A build runs in a fresh Python and
reports what happened in it (what it compiled), never how long it took; the times belong in
bench/fresh_process.py and bench/against_typst.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.conftest import REPO, cache_with_session_fonts

# Runs havenprint's main() with argv[3:] (imported as the command imports it), then the
# code in argv[2], which leaves what it found in `facts`, written as JSON to argv[1].
# `before` (argv[2]'s first part, up to a line "#---") runs first: to count calls.
PROGRAM = """
import json, sys
before, after = sys.argv[2].split("#---\\n")
scope = {}
exec(before, scope)
from generator.commands.launch import command_line  # as the havenprint command starts
scope["code"] = command_line().main(sys.argv[3:])
exec(after, scope)
with open(sys.argv[1], "w", encoding="utf-8") as found:
    json.dump(scope["facts"], found)
"""


def in_new_process(scratch: Path, code: str, *argv: str | Path,
                   cache: Path | None = None) -> dict[str, Any]:
    """`facts` as `code` left them after `havenprint ARGV` in a new process (the disk cache
    in `cache`, if given)."""
    listing = scratch / "facts.json"
    env = dict(os.environ)
    if cache is not None:
        env["HAVENPRINT_CACHE"] = str(cache)
    if "#---\n" not in code:
        code = "#---\n" + code
    result = subprocess.run([sys.executable, "-c", PROGRAM, str(listing), code,
                             *(str(arg) for arg in argv)],
                            cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(listing.read_text(encoding="utf-8"))


COUNT_COMPILED = """
import jinja2.environment
compiled = []
compile_source = jinja2.environment.Environment.compile
def counted(self, source, name=None, filename=None, *args, **kwargs):
    compiled.append(name)
    return compile_source(self, source, name, filename, *args, **kwargs)
jinja2.environment.Environment.compile = counted
#---
facts = {"code": code, "compiled": compiled}
"""


def test_a_second_process_compiles_no_template(kit: Path, tmp_path: Path) -> None:
    """The layouts' templates and index.html's are compiled once; the next process loads
    their code from the cache folder (which holds the session's fonts: none is made)."""
    cache = cache_with_session_fonts(tmp_path / "cache")
    argv = ("build", kit, "--out", tmp_path / "out", "--no-previews", "--jobs", "1")
    first = in_new_process(tmp_path, COUNT_COMPILED, *argv, cache=cache)
    second = in_new_process(tmp_path, COUNT_COMPILED, *argv, cache=cache)
    assert "index.html.j2" in first["compiled"] and "front.j2" in first["compiled"]
    assert second == {"code": 0, "compiled": []}
