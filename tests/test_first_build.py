"""What a new `havenprint build` process does before its first PDF (issue 31): it does not
compile what the build never uses, and it reads from the disk cache what an earlier process
worked out from the same files instead of working it out again. Each case runs a build in a
fresh Python and reports what happened in it (counts, types), never how long it took; the
times belong in bench/fresh_process.py and bench/against_typst.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO

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


def test_an_office_build_never_loads_pillow(kit: Path, tmp_path: Path) -> None:
    """ReportLab imports Pillow's Image module as it loads, for bitmaps, which an office
    build never draws: the module is there, not yet run (render/deferred_modules.py), and
    Pillow's colour management is not imported."""
    facts = in_new_process(tmp_path, """
import sys
module = sys.modules["PIL.Image"]
facts = {"code": code, "kind": type(module).__name__, "cms": "PIL.ImageCms" in sys.modules,
         "core": "PIL._imaging" in sys.modules}
""", "build", kit, "--out", tmp_path / "out", "--no-previews", "--jobs", "1")
    assert facts == {"code": 0, "kind": "_LazyModule", "cms": False, "core": False}


def test_deferred_pillow_is_pillow() -> None:
    from PIL import Image

    import generator.render.deferred_modules  # noqa: F401 -- as the engine loads it

    picture = Image.new("RGB", (2, 1), (255, 0, 0))
    assert picture.getpixel((1, 0)) == (255, 0, 0)
    assert isinstance(picture, Image.Image) and Image.__name__ == "PIL.Image"


COUNT_PASSES = """
import gc
passes = []
gc.callbacks.append(lambda phase, info: passes.append(info["generation"])
                    if phase == "start" else None)
threshold = gc.get_threshold()
#---
facts = {"code": code, "passes": len(passes), "threshold": gc.get_threshold() == threshold,
         "frozen": gc.get_freeze_count()}
"""


def test_a_build_runs_few_passes_of_the_garbage_collector(kit: Path, tmp_path: Path) -> None:
    """The collector's young passes walked every object the imports had made (twice before
    the first document) and ran 150 times a kit; the settings are taken back afterwards."""
    argv = ("build", kit, "--out", tmp_path / "out", "--no-previews", "--jobs", "1")
    in_new_process(tmp_path, COUNT_PASSES, *argv, cache=tmp_path / "cache")  # fills the cache
    facts = in_new_process(tmp_path, COUNT_PASSES, *argv, cache=tmp_path / "cache")
    assert facts["code"] == 0 and facts["threshold"] and facts["frozen"] == 0
    assert facts["passes"] < 20, facts  # 7; 110 with the collector as Python sets it


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
    their code from the cache folder."""
    cache = tmp_path / "cache"
    argv = ("build", kit, "--out", tmp_path / "out", "--no-previews", "--jobs", "1")
    first = in_new_process(tmp_path, COUNT_COMPILED, *argv, cache=cache)
    second = in_new_process(tmp_path, COUNT_COMPILED, *argv, cache=cache)
    assert "index.html.j2" in first["compiled"] and "front.j2" in first["compiled"]
    assert second == {"code": 0, "compiled": []}


COUNT_YAML = """
import generator.content.yaml_parser as yaml_parser
parsed = []
parse = yaml_parser.parsed
def counted(text, path, first_line):
    parsed.append(path.name)
    return parse(text, path, first_line)
yaml_parser.parsed = counted
#---
facts = {"code": code, "parsed": sorted(parsed)}
"""


def test_a_second_process_reads_the_yaml_files_the_first_parsed(kit: Path,
                                                                 tmp_path: Path) -> None:
    """site.yaml, resources.yaml, the layouts and the catalogues are parsed once; a file
    whose text changed (even at the same size and time) is parsed again, and a file with a
    problem is parsed, and reported, every time."""
    cache = tmp_path / "cache"
    argv = ("build", kit, "--out", tmp_path / "out", "--no-previews", "--jobs", "1")
    first = in_new_process(tmp_path, COUNT_YAML, *argv, cache=cache)
    assert first["code"] == 0
    assert {"site.yaml", "resources.yaml", "layout.yaml", "en.yaml"} <= set(first["parsed"])
    assert in_new_process(tmp_path, COUNT_YAML, *argv, cache=cache) == {"code": 0, "parsed": []}
    resources = kit / "resources.yaml"
    stamp = resources.stat()
    text = resources.read_text(encoding="utf-8")
    assert "1-800-799-7233" in text
    resources.write_text(text.replace("1-800-799-7233", "1-800-799-7234"), encoding="utf-8")
    os.utime(resources, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    changed = in_new_process(tmp_path, COUNT_YAML, *argv, cache=cache)
    assert changed == {"code": 0, "parsed": ["resources.yaml"]}
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8") + "paper: letter\npaper: a4\n",
                    encoding="utf-8")
    for _ in range(2):
        broken = in_new_process(tmp_path, COUNT_YAML, *argv, cache=cache)
        assert broken["code"] != 0 and "site.yaml" in broken["parsed"]


COUNT_ARTICLES = """
import generator.content.articles as articles
parsed = []
load = articles.load_article
def counted(path, *args, **kwargs):
    parsed.append(path.name)
    return load(path, *args, **kwargs)
articles.load_article = counted
import generator.content.caches as caches
caches.load_article = counted
#---
import sys
facts = {"code": code, "parsed": sorted(parsed), "markdown": "markdown_it" in sys.modules}
"""


def test_a_second_process_reads_the_articles_without_markdown_it(kit: Path,
                                                                 tmp_path: Path) -> None:
    """An article is parsed (markdown-it imported for it) once; the next process reads it
    back and never imports markdown-it; an article whose text changed is parsed again."""
    cache = tmp_path / "cache"
    argv = ("build", kit, "--out", tmp_path / "out", "--no-previews", "--jobs", "1")
    first = in_new_process(tmp_path, COUNT_ARTICLES, *argv, cache=cache)
    assert first["code"] == 0 and first["markdown"] and first["parsed"]
    second = in_new_process(tmp_path, COUNT_ARTICLES, *argv, cache=cache)
    assert second == {"code": 0, "parsed": [], "markdown": False}
    article = kit / "articles" / first["parsed"][0]
    stamp = article.stat()
    text = article.read_text(encoding="utf-8")
    article.write_text(text + "\n", encoding="utf-8")  # one more blank line at the end
    os.utime(article, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    third = in_new_process(tmp_path, COUNT_ARTICLES, *argv, cache=cache)
    assert third == {"code": 0, "parsed": [article.name], "markdown": True}


def test_kept_values_are_made_again_when_damaged_pruned_and_never_kept_when_stale(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.disk_cache import cache_folder, kept

    monkeypatch.setenv("HAVENPRINT_CACHE", str(tmp_path))
    cache_folder.cache_clear()
    made: list[str] = []

    def make(value: str) -> object:
        return lambda: made.append(value) or value

    def is_text(found: object) -> bool:
        return isinstance(found, str)

    try:
        assert kept("tried", "one", make("a"), is_text) == "a"
        assert kept("tried", "one", make("b"), is_text) == "a" and made == ["a"]
        (tmp_path / "havenprint" / "tried" / "one.pickle").write_bytes(b"not a pickle")
        assert kept("tried", "one", make("c"), is_text) == "c"  # damaged: made again
        assert kept("tried", "one", make("d"), lambda found: False) == "d"  # not valid
        assert kept("tried", "two", make("e"), is_text, still=lambda: False) == "e"
        assert not (tmp_path / "havenprint" / "tried" / "two.pickle").exists()
        for index in range(200):  # pruned after one write in about 16, to the 3 used last
            kept("tried", f"many-{index}", make(str(index)), is_text, most=3)
        left = {path.stem for path in (tmp_path / "havenprint" / "tried").glob("*.pickle")}
        indices = sorted(int(name.split("-")[1]) for name in left)
        assert 3 <= len(left) < 3 + 64  # pruned, and not long ago
        assert indices == list(range(200 - len(left), 200))  # those used last are left
        assert made[:4] == ["a", "c", "d", "e"] and len(made) == 204
    finally:
        cache_folder.cache_clear()


COUNT_LOCALES = """
import babel.localedata as localedata
loaded = []
load = localedata.load
def counted(name, *args, **kwargs):
    if name not in localedata._cache:
        loaded.append(name)
    return load(name, *args, **kwargs)
localedata.load = counted
#---
facts = {"code": code, "locales loaded": sorted(set(loaded))}
"""


def test_a_second_process_loads_no_cldr_locale(tmp_path: Path) -> None:
    """What a build reads from CLDR (month names, languages' names, digits, direction, the
    characters a CJK face is subset to) is kept after the first build: the next loads no
    locale's data at all."""
    from tests.conftest import default_kit_in

    kit = default_kit_in(tmp_path / "content", ["en", "ar", "zh-Hans"])
    cache = tmp_path / "cache"
    argv = ("build", kit, "--out", tmp_path / "out", "--no-previews", "--jobs", "1")
    first = in_new_process(tmp_path, COUNT_LOCALES, *argv, cache=cache)
    assert first["code"] == 0 and {"en", "root", "zh"} <= set(first["locales loaded"])
    second = in_new_process(tmp_path, COUNT_LOCALES, *argv, cache=cache)
    assert second == {"code": 0, "locales loaded": []}
