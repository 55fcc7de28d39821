"""Audience packs (`audiences: [teen]` and `audiences/<name>/`): each pack builds beside the
main kit into `<out>/<name>/<lang>/`, its own outside title, card line, colours, articles and
lines in its PDFs, its files in the one index.html and manifest.json; `check` and `build`
name a pack's own files and lines for its problems; names that would share an output folder
with a language (or with the previews) are refused. Read back from the PDFs, the manifest
and the index, and compared with what the content folder says."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.content.kit_parts import find_article
from tests.conftest import DEFAULT_CONTENT, edit, english_only, page_texts
from tests.test_text_extraction import words

TEEN_TITLE = "Study group contacts"
TEEN_CARD_LINE = "Someone to talk to, any time."
TEEN_ARTICLE = """---
title: When dating gets confusing
card: You deserve respect.
---
## Is this a healthy relationship?

A healthy relationship feels safe. You can say no. You can see your friends. You can change
your mind. Someone who cares about you does not check your phone, call you names or scare
you. Jealousy is not a sign of love.

## Talking to someone

You can talk to a counsellor, a coach or a friend you trust. You can also call or text a
line below. It is free and private, and you do not have to give your name.
"""
TEEN_LINES = """resources:
  - name: love is respect
    phone: 1-866-331-9474
    text: {number: "22522", keyword: LOVEIS}
    verified: 2026-11-20
"""


def teen_kit(root: Path, pack_site: str | None = None) -> Path:
    """The default kit in English with a teen pack: its own outside title, card line and
    article (in place of the main one, of the same slug)."""
    content = root / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")) + "audiences: [teen]\n",
                    encoding="utf-8")
    pack = content / "audiences" / "teen"
    (pack / "articles").mkdir(parents=True)
    (pack / "site.yaml").write_text(pack_site if pack_site is not None else (
        f"discreet_title: {TEEN_TITLE}\ncard_line: {TEEN_CARD_LINE}\n"), encoding="utf-8")
    (pack / "articles" / "trauma-bonding.en.md").write_text(TEEN_ARTICLE, encoding="utf-8")
    return content


def text_of(pdf: Path) -> str:
    return " ".join(" ".join(page_texts(pdf)).split())


def article_words(path: Path, slug: str) -> list[str]:
    article = find_article(path, slug, "en")
    return words(" ".join([article.title, *(p for s in article.sections
                                            for p in (s.heading or "", *s.paragraphs))]))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("teen")
    content = teen_kit(root)
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--no-previews"]) == 0
    return content, out


def test_a_pack_builds_beside_the_main_kit_with_its_own_title_line_and_article(
        built: tuple[Path, Path]) -> None:
    content, out = built
    main_pdfs = sorted(path.name for path in (out / "en").glob("*.pdf"))
    assert main_pdfs == sorted(path.name for path in (out / "teen" / "en").glob("*.pdf"))
    assert "pocket-card.pdf" in main_pdfs and "brochure.pdf" in main_pdfs
    main_card, teen_card = text_of(out / "en" / "pocket-card.pdf"), text_of(
        out / "teen" / "en" / "pocket-card.pdf")
    assert "Wellness contacts" in main_card and TEEN_TITLE not in main_card
    assert TEEN_TITLE in teen_card and "Wellness contacts" not in teen_card
    assert TEEN_CARD_LINE in teen_card and TEEN_CARD_LINE not in main_card
    main_brochure = words(text_of(out / "en" / "brochure.pdf"))
    teen_brochure = words(text_of(out / "teen" / "en" / "brochure.pdf"))
    teen_words = article_words(content / "audiences" / "teen", "trauma-bonding")
    main_words = article_words(content, "trauma-bonding")
    assert _contains(teen_brochure, teen_words) and not _contains(main_brochure, teen_words)
    assert _contains(main_brochure, main_words[:40])
    assert not _contains(teen_brochure, main_words[:40])
    # the pack prints the main kit's lines: it has no resources.yaml of its own
    assert "1-800-799-7233" in teen_card


def _contains(haystack: list[str], needle: list[str]) -> bool:
    text, wanted = " ".join(haystack), " ".join(needle)
    return wanted in text


def test_the_manifest_lists_every_file_of_the_pack_with_its_digest(
        built: tuple[Path, Path]) -> None:
    content, out = built
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["site"]["audiences"] == ["teen"]
    listed = {entry["path"]: entry for entry in manifest["outputs"]}
    on_disk = {path.relative_to(out).as_posix() for path in out.rglob("*")
               if path.is_file() and path.name != "manifest.json"}
    assert set(listed) == on_disk
    for path, entry in listed.items():
        assert entry["sha256"] == hashlib.sha256((out / path).read_bytes()).hexdigest()
        assert entry.get("audience") == ("teen" if path.startswith("teen/") else None)
    inputs = {entry["path"] for entry in manifest["inputs"]}
    assert {"audiences/teen/site.yaml", "audiences/teen/articles/trauma-bonding.en.md",
            "site.yaml", "articles/trauma-bonding.en.md"} <= inputs


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href and not href.startswith("#"):
            self.links.append(href)


def test_the_index_links_the_packs_files_in_a_section_of_their_own(
        built: tuple[Path, Path]) -> None:
    _, out = built
    index = (out / "index.html").read_text(encoding="utf-8")
    parser = _Links()
    parser.feed(index)
    pdfs = {path.relative_to(out).as_posix() for path in out.rglob("*.pdf")}
    assert pdfs <= set(parser.links)
    assert all((out / link).is_file() for link in parser.links)
    section = index[index.index('data-audience="teen"'):]
    assert "teen/en/pocket-card.pdf" in section and '"en/pocket-card.pdf"' not in section
    assert TEEN_TITLE in section
    assert f"Card line, from audiences/teen/site.yaml (card_line): <span lang=\"en\" " \
        f"dir=\"auto\">{TEEN_CARD_LINE}</span>" in section


def test_check_lays_out_the_pack_and_names_its_own_files(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = teen_kit(tmp_path, "discreet_title: Dating violence help\n")
    lines = content / "audiences" / "teen" / "resources.yaml"
    lines.write_text(TEEN_LINES + "  - name: Paid line\n    phone: 1-900-555-0100\n"
                     "    verified: 2026-11-20\n", encoding="utf-8")
    phone_line = lines.read_text(encoding="utf-8").splitlines().index(
        "    phone: 1-900-555-0100") + 1
    result = run("check", content, "--format", "pocket-card")
    assert result.code == 1
    assert re.search(rf"{re.escape(str(lines))}:{phone_line}: audience teen: Paid line: phone: "
                     r"'1-900-555-0100' is a premium-rate number", result.err), result.err
    lines.write_text(TEEN_LINES, encoding="utf-8")
    result = run("check", content, "--format", "pocket-card")
    pack_site = content / "audiences" / "teen" / "site.yaml"
    assert result.code == 1
    assert re.search(rf"{re.escape(str(pack_site))}:\d+: audience teen: pocket-card \(front\): "
                     "'violence' on an outside surface would reveal", result.err), result.err
    assert f"{content / 'site.yaml'}:" not in result.err.replace(str(pack_site), "")


def test_a_pack_may_not_set_the_main_kits_settings(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = teen_kit(tmp_path, f"discreet_title: {TEEN_TITLE}\nlanguages: [en, es]\n"
                                 "discreet: false\n")
    out = tmp_path / "out"
    result = run("build", content, "--out", out)
    pack_site = content / "audiences" / "teen" / "site.yaml"
    assert result.code == 1
    assert (f"{pack_site}:2: audience teen: languages: an audience pack's site.yaml may set "
            "only discreet_title, card_line, brand_color, article, articles") in result.err
    assert f"{pack_site}:3: audience teen: discreet: " in result.err
    assert not out.exists()


def test_a_pack_brand_color_too_light_names_the_packs_line(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = teen_kit(tmp_path, f"discreet_title: {TEEN_TITLE}\nbrand_color: \"#ffee00\"\n")
    result = run("check", content, "--format", "pocket-card")
    assert result.code == 1
    pack_site = content / "audiences" / "teen" / "site.yaml"
    assert f"{pack_site}:2: audience teen: brand_color \"#ffee00\" makes text too faint" \
        in result.err


@pytest.mark.parametrize("name", ["en", "es-mx", "zh-hans", "previews", "../x", "/tmp/x",
                                  "Teen", "te en"])
def test_pack_names_that_would_share_a_folder_or_leave_it_are_refused(
        tmp_path: Path, run, name: str) -> None:  # noqa: ANN001
    content = teen_kit(tmp_path)
    site = content / "site.yaml"
    edit(site, "audiences: [teen]", f"audiences: [teen, \"{name}\"]")
    line = site.read_text(encoding="utf-8").splitlines().index(
        f"audiences: [teen, \"{name}\"]") + 1
    out = tmp_path / "out"
    result = run("build", content, "--out", out)
    assert result.code == 1
    assert re.search(rf"{re.escape(str(site))}:{line}: audiences: '{re.escape(name)}' ",
                     result.err), result.err
    assert not out.exists()


def test_a_pack_listed_without_its_folder(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = teen_kit(tmp_path)
    edit(content / "site.yaml", "audiences: [teen]", "audiences: [teen, elders]")
    result = run("check", content)
    assert result.code == 1
    assert "audience elders: audiences: no folder audiences/elders/" in result.err


def test_a_pack_adds_articles_and_lines_of_its_own(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = teen_kit(tmp_path, f"discreet_title: {TEEN_TITLE}\n"
                                 "articles: [dating, trauma-bonding]\n")
    pack = content / "audiences" / "teen"
    (pack / "articles" / "trauma-bonding.en.md").unlink()  # the main kit's is used
    (pack / "articles" / "dating.en.md").write_text(TEEN_ARTICLE, encoding="utf-8")
    (pack / "resources.yaml").write_text(TEEN_LINES, encoding="utf-8")
    out = tmp_path / "out"
    assert run("build", content, "--out", out, "--no-previews", "--format", "brochure",
               "--format", "pocket-card").code == 0
    assert sorted(p.name for p in (out / "teen" / "en").glob("*.pdf")) == [
        "brochure-dating.pdf", "brochure-trauma-bonding.pdf", "pocket-card.pdf"]
    assert sorted(p.name for p in (out / "en").glob("*.pdf")) == ["brochure.pdf",
                                                                  "pocket-card.pdf"]
    assert _contains(words(text_of(out / "teen" / "en" / "brochure-dating.pdf")),
                     article_words(pack, "dating"))
    assert _contains(words(text_of(out / "teen" / "en" / "brochure-trauma-bonding.pdf")),
                     article_words(content, "trauma-bonding")[:40])
    teen_card, main_card = (text_of(out / "teen" / "en" / "pocket-card.pdf"),
                            text_of(out / "en" / "pocket-card.pdf"))
    assert "1-866-331-9474" in teen_card and "1-800-799-7233" not in teen_card
    assert "1-800-799-7233" in main_card and "1-866-331-9474" not in main_card


def test_a_second_build_replaces_the_pack_and_dropping_it_removes_its_files(
        tmp_path: Path, run) -> None:  # noqa: ANN001
    content = teen_kit(tmp_path)
    out = tmp_path / "out"
    for _ in range(2):  # with previews: <out>/teen/previews/en/... are the kit's files too
        result = run("build", content, "--out", out, "--format", "pocket-card")
        assert result.code == 0, result.err
    assert (out / "teen" / "previews" / "en" / "pocket-card-p1.png").is_file()
    edit(content / "site.yaml", "audiences: [teen]", "audiences: []")
    result = run("build", content, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    assert not (out / "teen").exists()
    assert (out / "en" / "pocket-card.pdf").is_file()


def test_batch_builds_each_sites_packs(tmp_path: Path, run) -> None:  # noqa: ANN001
    sites = tmp_path / "sites"
    sites.mkdir()
    content = teen_kit(tmp_path)
    shutil.move(content, sites / "ohio")
    out = tmp_path / "out"
    result = run("batch", sites, "--out", out, "--no-previews", "--format", "pocket-card",
                 "--target", "shop", "--jobs", "1")
    assert result.code == 0, result.err
    assert TEEN_TITLE in text_of(out / "ohio" / "teen" / "en" / "pocket-card-shop.pdf")
    assert "Wellness contacts" in text_of(out / "ohio" / "en" / "pocket-card-shop.pdf")


def test_the_web_page_switches_between_the_kit_and_its_packs(tmp_path: Path) -> None:
    from tests.serve_support import client_for, csrf_headers

    content = teen_kit(tmp_path)
    out = tmp_path / "out"
    client, workspace = client_for(content, out)
    with client:
        main_page = client.get("/").text
        assert 'href="/?audience=teen"' in main_page
        teen_page = client.get("/?audience=teen").text
        assert 'aria-current="page">audience pack teen' in teen_page
        assert "&amp;audience=teen" in teen_page  # each picture opens the pack's preview
        assert client.get("/?audience=elders").status_code == 400
        for other in ("/settings", "/lines", "/article", "/translations", "/history"):
            assert client.get(other).status_code == 200, other
        teen_card = client.get("/preview?format=pocket-card&lang=en&audience=teen").text
        main_card = client.get("/preview?format=pocket-card&lang=en").text
        assert TEEN_TITLE in teen_card and TEEN_TITLE not in main_card
        assert "Wellness contacts" in main_card
        built = client.post("/download/build", headers=csrf_headers(workspace), json={})
        assert built.status_code == 200, built.text
        download = client.get("/download").text
        assert "What to print: audience pack teen" in download
        pack_part = download[download.index("What to print: audience pack teen"):]
        assert 'href="/download/file/teen/en/pocket-card.pdf?print=1"' in pack_part
        assert 'href="/download/file/en/pocket-card.pdf?print=1"' in download.replace(
            pack_part, "")
        pdf = client.get("/download/file/teen/en/pocket-card.pdf")
        assert pdf.status_code == 200
        assert TEEN_TITLE in " ".join(" ".join(page_texts(pdf.content)).split())


def test_a_pack_folder_that_links_outside_is_refused(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = teen_kit(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    shutil.move(content / "audiences" / "teen", elsewhere)
    (content / "audiences" / "teen").symlink_to(elsewhere)
    out = tmp_path / "out"
    result = run("build", content, "--out", out)
    assert result.code == 1
    assert f"{content / 'audiences' / 'teen'}: is a link to {elsewhere}" in result.err
    assert TEEN_TITLE not in result.err and not out.exists()


def test_a_broken_pack_article_leaves_out_only_that_packs_pieces(tmp_path: Path,
                                                                  run) -> None:  # noqa: ANN001
    content = teen_kit(tmp_path)
    article = content / "audiences" / "teen" / "articles" / "trauma-bonding.en.md"
    article.write_text("---\ntitle: [unclosed\n---\nSome text.\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", content, "--out", out, "--no-previews", "--format", "pocket-card",
                 "--format", "brochure")
    assert result.code == 1
    assert f"{article}" in result.err and "audience teen: " in result.err
    assert "Not built: teen/pocket-card (en), teen/brochure (en)" in result.err or \
        "Not built: teen/brochure (en), teen/pocket-card (en)" in result.err, result.err
    assert sorted(p.name for p in (out / "en").glob("*.pdf")) == ["brochure.pdf",
                                                                  "pocket-card.pdf"]
    assert not (out / "teen").exists()
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    [card] = [item for item in manifest["not_built"] if item["format"] == "pocket-card"]
    assert (card["lang"], card["audience"]) == ("en", "teen")
    assert card["problems"][0]["file"] == "audiences/teen/articles/trauma-bonding.en.md"
    assert card["problems"][0]["message"].startswith("audience teen: ")


def test_check_names_the_packs_card_line_printed_untranslated(tmp_path: Path,
                                                              run) -> None:  # noqa: ANN001
    content = teen_kit(tmp_path)
    edit(content / "site.yaml", "languages: [en]", "languages: [en, es]")
    edit(content / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: {en: Wellness contacts, es: Contactos de bienestar}")
    pack = content / "audiences" / "teen"
    (pack / "site.yaml").write_text(
        f"discreet_title: {{en: {TEEN_TITLE}, es: Contactos del grupo}}\n"
        f"card_line: {TEEN_CARD_LINE}\n", encoding="utf-8")
    shutil.copy(pack / "articles" / "trauma-bonding.en.md",
                pack / "articles" / "trauma-bonding.es.md")
    result = run("check", content, "--format", "pocket-card")
    assert result.code == 0, result.err
    assert (f"{pack / 'site.yaml'}:2: warning: audience teen: es (Español): card_line "
            f"{TEEN_CARD_LINE!r} prints as written") in result.err
    assert "discreet_title has no" not in result.err


@pytest.mark.parametrize("pack_site", ["", "# nothing changed yet\n", "\n  \n"])
def test_an_empty_pack_site_yaml_changes_nothing(tmp_path: Path, run,  # noqa: ANN001
                                                 pack_site: str) -> None:
    content = teen_kit(tmp_path, pack_site)
    out = tmp_path / "out"
    result = run("build", content, "--out", out, "--no-previews", "--format", "pocket-card")
    assert result.code == 0, result.err
    assert "Wellness contacts" in text_of(out / "teen" / "en" / "pocket-card.pdf")
