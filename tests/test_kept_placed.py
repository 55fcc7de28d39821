"""A document's placement kept on disk (generator/layout/kept_placed.py, issue 31): a second
process building an unchanged kit places nothing, and prints the same PDFs, byte for byte,
as one that did it all; an edit places again the documents it reaches, and only those; a
damaged kept file is made again; the web page's drafts and a document with a problem are
never kept.
Each build runs in a new Python, as the command does (tests/test_first_build.py's
in_new_process), and reports what it placed and worked out, never how long it took."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import default_kit_in, page_texts
from tests.test_first_build import in_new_process

# Counts, in the build's process, the documents placed (not read back), by format and
# language, each call noted by what `note` makes of its arguments.
COUNT_PLACED = """
import importlib
calls = {"placed": []}
def count(module, name, kind, note=lambda *args: 1):
    owner = importlib.import_module(module)
    original = getattr(owner, name)
    def counted(*args):
        calls[kind].append(note(*args))
        return original(*args)
    setattr(owner, name, counted)
count("generator.layout.kept_placed", "place_document", "placed",
      lambda composition, placement: [composition.layout.name, composition.lang])
#---
facts = {"code": code, "placed": sorted(calls["placed"])}
"""
LANGUAGES = ["en", "ar", "zh-Hans", "hi"]


def _build(tmp_path: Path, kit: Path, run: str) -> dict:
    return in_new_process(tmp_path, COUNT_PLACED, "build", kit, "--out", tmp_path / run,
                          "--no-previews", "--jobs", "1", cache=tmp_path / "cache")


def _pdfs(folder: Path) -> dict[Path, bytes]:
    return {path.relative_to(folder): path.read_bytes() for path in folder.rglob("*.pdf")}


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, dict]:
    """A kit in a left-to-right, a right-to-left, a Chinese and an Indic language, built
    twice, each time by a new process, with one cache folder."""
    tmp_path = tmp_path_factory.mktemp("kept-placed")
    kit = default_kit_in(tmp_path / "content", LANGUAGES)
    first = _build(tmp_path, kit, "first")
    second = _build(tmp_path, kit, "second")
    return tmp_path, first, second


def test_a_second_process_places_nothing_and_prints_the_same(
        two_builds: tuple[Path, dict, dict]) -> None:
    tmp_path, first, second = two_builds
    assert first["code"] == 0 and second["code"] == 0
    pdfs = _pdfs(tmp_path / "first")
    assert {lang for _, lang in first["placed"]} == set(LANGUAGES)
    assert len(first["placed"]) == len(pdfs) >= 7 * len(LANGUAGES)  # each once, office only
    assert second["placed"] == []
    assert _pdfs(tmp_path / "second") == pdfs


def test_an_edit_places_again_the_documents_it_reaches_only(
        two_builds: tuple[Path, dict, dict]) -> None:
    tmp_path, first, _ = two_builds
    kit = tmp_path / "content"
    article = kit / "articles" / "trauma-bonding.en.md"
    text = article.read_text(encoding="utf-8")
    assert "## What is trauma bonding?" in text
    article.write_text(text.replace("trauma bonding?", "a trauma bond?", 1), encoding="utf-8")
    edited = _build(tmp_path, kit, "edited")
    assert edited["code"] == 0
    assert edited["placed"] and {lang for _, lang in edited["placed"]} == {"en"}
    assert len(edited["placed"]) < len([1 for _, lang in first["placed"] if lang == "en"])
    brochure = page_texts((tmp_path / "edited" / "en" / "brochure.pdf").read_bytes())
    assert "What is a trauma bond?" in " ".join(brochure)
    unchanged = _pdfs(tmp_path / "second")
    for path, data in _pdfs(tmp_path / "edited").items():
        if path.parts[0] != "en":
            assert data == unchanged[path]


def test_a_damaged_kept_placement_is_placed_again(tmp_path: Path) -> None:
    kit = default_kit_in(tmp_path / "content", ["ar"])
    first = _build(tmp_path, kit, "first")
    kept = sorted((tmp_path / "cache" / "havenprint" / "placed").glob("placed-*.pickle"))
    assert first["code"] == 0 and len(kept) == len(first["placed"]) >= 7
    whole = {path: path.read_bytes() for path in kept}
    for path in kept[::2]:
        path.write_bytes(whole[path][: len(whole[path]) // 2])  # cut short
    for path in kept[1::2]:
        path.write_bytes(b"not a pickle")
    second = _build(tmp_path, kit, "second")
    assert second["placed"] == first["placed"]
    assert _pdfs(tmp_path / "second") == _pdfs(tmp_path / "first")
    third = _build(tmp_path, kit, "third")  # what the second placed was kept again, whole
    assert third["placed"] == []
    assert _pdfs(tmp_path / "third") == _pdfs(tmp_path / "first")


def test_drafts_and_documents_with_a_problem_are_never_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    import generator.layout.kept_placed as kept_placed
    from generator.build import compose_document, document_placement, lay_out
    from generator.content.layouts import available_layouts
    from generator.content.load import load_kit
    from generator.disk_cache import cache_folder
    from generator.errors import Problem

    monkeypatch.setenv("HAVENPRINT_CACHE", str(tmp_path / "cache"))
    cache_folder.cache_clear()
    try:
        kit = load_kit(default_kit_in(tmp_path / "content", ["en"]))
        layout = available_layouts()["pocket-card"]
        lay_out(kit, layout, "en")  # as the web page lays out a draft
        folder = tmp_path / "cache" / "havenprint" / "placed"
        assert not list(folder.glob("*")) if folder.exists() else True
        composition = compose_document(kit, layout, "en")
        placement = document_placement(kit, composition)
        place = kept_placed.place_document

        def with_a_problem(*args: object) -> object:
            placed = place(*args)  # type: ignore[arg-type]
            return replace(placed, problems=[Problem(kit.root / "site.yaml", "too small")])

        monkeypatch.setattr(kept_placed, "place_document", with_a_problem)
        assert kept_placed.placed_document(composition, placement, keep=True).problems
        assert not list(folder.glob("*")) if folder.exists() else True
        monkeypatch.setattr(kept_placed, "place_document", place)
        kept_placed.placed_document(composition, placement, keep=True)
        assert len(list(folder.glob("placed-*.pickle"))) == 1
    finally:
        cache_folder.cache_clear()
