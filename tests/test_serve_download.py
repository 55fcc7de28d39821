"""The Download page in-process: a partial build lists what was not built and why, and the
page answers whatever manifest.json it finds (an older kit's, another tool's, a damaged one)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.serve_support import csrf_headers, digest_on_disk


def _not_built(html: str) -> str:
    found = re.search(r'<section class="panel error-panel not-built".*?</section>', html, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0))) if found else ""


def test_a_partial_build_lists_what_was_not_built_and_why(served) -> None:
    client, workspace, kit = served
    site = kit / "site.yaml"
    assert client.get("/download").status_code == 200
    added = client.post("/settings/language", json={
        "action": "add", "language": "Somali", "base": digest_on_disk(site)},
        headers=csrf_headers(workspace))
    assert added.status_code == 200, added.text
    built = client.post("/download/build", json={}, headers=csrf_headers(workspace))
    assert built.status_code == 200, built.text
    assert "so" in {lang for lang in re.findall(r"\((\w+)\)", " ".join(built.json()["failed"]))}
    manifest = json.loads((workspace.out / "manifest.json").read_text(encoding="utf-8"))
    somali = [item for item in manifest["not_built"] if item["lang"] == "so"]
    assert somali and all(item["problems"][0]["file"] == "site.yaml" for item in somali)
    assert all(not Path(problem["file"]).is_absolute()
               for item in somali for problem in item["problems"])

    page = client.get("/download")
    assert page.status_code == 200
    said = _not_built(page.text)
    assert "Pocket card" in said and "Somali" in said
    assert "no list of words that would give the card away" in said  # the reason, plainly
    assert "Settings (site.yaml, line" in said  # and where it is fixed
    assert "discreet" not in said

    removed = client.post("/settings/language", json={
        "action": "remove", "language": "so", "base": digest_on_disk(site)},
        headers=csrf_headers(workspace))
    assert removed.status_code == 200, removed.text
    assert client.get("/download").status_code == 200  # the old kit's manifest, still read


NOT_BUILT_SHAPES = [
    [{"format": "pocket-card", "lang": "so"}],  # havenprint before reasons were kept
    [{"format": "pocket-card", "lang": "so", "audience": "teen"}],
    [{"format": "pocket-card", "lang": "so", "problems": "not a list"}],
    [{"format": "pocket-card", "lang": "so", "problems": [None, 3, "a reason", {"message": 4},
                                                          {"file": "/etc/passwd", "line": "x",
                                                           "message": "why"}]}],
    [{"format": None, "lang": ["so"], "audience": 7}],
    ["pocket-card (so)", ["brochure", "so"], ["brochure"], 12, None, True],
    {"format": "pocket-card"},
    "everything",
    None,
]


@pytest.mark.parametrize("not_built", NOT_BUILT_SHAPES)
def test_the_page_answers_whatever_the_manifest_lists_as_not_built(served, not_built) -> None:
    client, workspace, _ = served
    workspace.out.mkdir(parents=True, exist_ok=True)
    (workspace.out / "manifest.json").write_text(json.dumps(
        {"outputs": [], "not_built": not_built}), encoding="utf-8")
    page = client.get("/download")
    assert page.status_code == 200, page.text
    if isinstance(not_built, list) and not_built:
        assert "Not built" in page.text


def test_the_page_answers_outputs_of_any_shape(served) -> None:
    client, workspace, _ = served
    out = workspace.out
    (out / "en").mkdir(parents=True)
    (out / "en" / "pocket-card.pdf").write_bytes(b"%PDF-1.4 not really")
    (out / "manifest.json").write_text(json.dumps({"outputs": [
        {"path": "en/pocket-card.pdf", "kind": "pdf", "size": "twelve", "lang": 5,
         "format": ["pocket-card"], "target": "nowhere", "audience": {"x": 1}},
        {"path": "en/pocket-card.pdf", "kind": "pdf", "size": True, "format_size": 3},
        {"path": "en/pocket-card.pdf", "kind": "web page", "size": None, "lang": None},
        {"path": "en/pocket-card.pdf", "kind": "preview", "pdf": None},
        {"path": 5}, {"kind": "pdf"}, "a string", None, 4,
    ], "not_built": []}), encoding="utf-8")
    page = client.get("/download")
    assert page.status_code == 200, page.text
