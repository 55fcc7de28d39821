"""A kit with several articles (`articles:` in site.yaml): each article gets its own
brochure, folding card and poster, the pocket card is printed once with the first article's
card line (or site.yaml's `card_line:`), and index.html and manifest.json say which article
each file carries. Read back from the PDFs and compared with the article files."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.content.kit_parts import find_article
from generator.content.models import Article
from tests.conftest import DEFAULT_CONTENT, REPO, edit, english_only, page_texts
from tests.test_text_extraction import words

EXAMPLE = REPO / "docs" / "examples" / "two-articles"
SECOND = EXAMPLE / "articles" / "missing-him.en.md"
SLUGS = ("trauma-bonding", "missing-him")
PER_ARTICLE = ("brochure-{}.pdf", "large-print-{}.pdf", "pocket-fold-{}.pdf",
               "poster-{}-letter.pdf")
KIT_WIDE = ("en/pocket-card.pdf", "en/safety-plan.pdf", "en/sticker.pdf")  # once a kit


def article(slug: str) -> Article:
    return find_article(DEFAULT_CONTENT if slug == "trauma-bonding" else EXAMPLE, slug, "en")


def body_words(found: Article) -> list[str]:
    parts = [found.title]
    for section in found.sections:
        parts += [section.heading or "", *section.paragraphs]
    return words(" ".join(parts))


def pdf_words(pdf: Path) -> Counter[str]:
    return Counter(words(" ".join(page_texts(pdf))))


def two_article_kit(root: Path) -> Path:
    """The default kit in English with the example's second article added."""
    content = root / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    edit(site, "article: trauma-bonding", "articles: [trauma-bonding, missing-him]")
    shutil.copy(SECOND, content / "articles" / SECOND.name)
    return content


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """docs/examples/two-articles, built as the README says."""
    out = tmp_path_factory.mktemp("two-articles") / "out"
    assert main(["build", str(EXAMPLE), "--out", str(out), "--no-previews"]) == 0
    return out


def test_each_article_gets_its_own_files_and_the_pocket_card_is_printed_once(
        built: Path) -> None:
    expected = {path.split("/")[1] for path in KIT_WIDE} | {
        name.format(slug) for slug in SLUGS for name in PER_ARTICLE}
    assert {path.name for path in (built / "en").iterdir()} == expected


@pytest.mark.parametrize("slug", SLUGS)
def test_each_brochure_carries_its_own_article_and_not_the_other(built: Path,
                                                                 slug: str) -> None:
    own, (other,) = article(slug), [article(s) for s in SLUGS if s != slug]
    printed = pdf_words(built / "en" / f"brochure-{slug}.pdf")
    missing = Counter(body_words(own)) - printed
    assert not missing, f"brochure-{slug}.pdf lacks {sorted(missing)[:10]}"
    headings = [other.title] + [s.heading for s in other.sections if s.heading]
    text = " ".join(words(" ".join(page_texts(built / "en" / f"brochure-{slug}.pdf"))))
    assert not [heading for heading in headings if " ".join(words(heading)) in text]


@pytest.mark.parametrize("slug", SLUGS)
def test_each_folding_card_and_poster_carries_its_own_article(built: Path, slug: str) -> None:
    own, (other,) = article(slug), [article(s) for s in SLUGS if s != slug]
    fold = " ".join(words(" ".join(page_texts(built / "en" / f"pocket-fold-{slug}.pdf"))))
    assert own.card_line and " ".join(words(own.card_line)) in fold
    assert all(" ".join(words(point)) in fold for point in own.key_points)
    assert other.card_line and " ".join(words(other.card_line)) not in fold
    poster = " ".join(words(" ".join(page_texts(built / "en" / f"poster-{slug}-letter.pdf"))))
    assert " ".join(words(own.title)) in poster
    assert " ".join(words(other.title)) not in poster


def test_the_pocket_card_carries_the_first_articles_line(built: Path) -> None:
    back = " ".join(words(page_texts(built / "en" / "pocket-card.pdf")[1]))
    first, second = article(SLUGS[0]), article(SLUGS[1])
    assert first.card_line and " ".join(words(first.card_line)) in back
    assert second.card_line and " ".join(words(second.card_line)) not in back


class Groups(HTMLParser):
    """index.html's article groups (`data-article`) and the PDFs listed in each."""

    def __init__(self) -> None:
        super().__init__()
        self.groups: dict[str, list[str]] = {}
        self._current: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "div" and "data-article" in found:
            self._current = found["data-article"] or ""
            self.groups[self._current] = []
        elif tag == "section" and self._current is not None:
            self.groups[self._current].append(found["id"] or "")


def test_index_groups_the_files_by_article(built: Path) -> None:
    parser = Groups()
    html = (built / "index.html").read_text(encoding="utf-8")
    parser.feed(html)
    assert parser.groups == {
        "": list(KIT_WIDE),
        **{slug: [f"en/{name.format(slug)}" for name in PER_ARTICLE] for slug in SLUGS}}
    assert list(parser.groups) == ["", *SLUGS]  # the whole kit's, then in `articles:` order
    for slug in SLUGS:
        assert f"{article(slug).title}</span> <span class=\"code\">({slug})" in html
    assert f"from the first article, {SLUGS[0]}" in html


def test_manifest_says_which_article_each_file_carries(built: Path) -> None:
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    carried = {entry["path"]: entry.get("article") for entry in manifest["outputs"]
               if entry["kind"] == "pdf"}
    assert carried == {**dict.fromkeys(KIT_WIDE, SLUGS[0]), **{
        f"en/{name.format(slug)}": slug for slug in SLUGS for name in PER_ARTICLE}}
    assert not any("card_line" in entry for entry in manifest["outputs"])


def test_card_line_in_site_yaml_is_the_pocket_cards_line(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = two_article_kit(tmp_path)
    line = "Support is here when you want it."
    (content / "site.yaml").write_text((content / "site.yaml").read_text(encoding="utf-8")
                                       + f"card_line: {{en: {line}}}\n", encoding="utf-8")
    out = tmp_path / "out"
    assert run("build", content, "--out", out, "--format", "pocket-card", "--format",
               "pocket-fold", "--no-previews").code == 0
    back = " ".join(words(page_texts(out / "en" / "pocket-card.pdf")[1]))
    assert " ".join(words(line)) in back
    first = article(SLUGS[0]).card_line or ""
    assert " ".join(words(first)) not in back
    # site.yaml's card_line stands for the first article's card line on its folding card too
    # (da89c8e, issue 42: a card's line that gives way on the pocket card still prints on
    # the folding card); the other article's folding card prints its own line.
    fold = " ".join(words(" ".join(page_texts(out / "en" / f"pocket-fold-{SLUGS[0]}.pdf"))))
    assert " ".join(words(line)) in fold and " ".join(words(first)) not in fold
    second = article(SLUGS[1]).card_line or ""
    other = " ".join(words(" ".join(page_texts(out / "en" / f"pocket-fold-{SLUGS[1]}.pdf"))))
    assert second and " ".join(words(second)) in other and " ".join(words(line)) not in other
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    card = next(e for e in manifest["outputs"] if e["path"] == "en/pocket-card.pdf")
    assert card["card_line"] == "site.yaml"
    assert "from site.yaml (card_line)" in (out / "index.html").read_text(encoding="utf-8")


def test_one_article_in_a_list_keeps_the_plain_names(kit: Path, tmp_path: Path,
                                                    run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "article: trauma-bonding", "articles: [trauma-bonding]")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "brochure", "--format", "poster",
               "--no-previews").code == 0
    assert sorted(path.name for path in (out / "en").iterdir()) == ["brochure.pdf",
                                                                   "poster-letter.pdf"]


def test_check_reads_every_article_in_every_language(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = two_article_kit(tmp_path)
    edit(content / "site.yaml", "languages: [en]", "languages: [en, es]")
    edit(content / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: {en: Wellness contacts, es: Contactos de bienestar}")
    result = run("check", content)
    assert result.code == 1
    assert (f"{content}/articles/missing-him.es.md: no article 'missing-him' for language "
            "'es': add missing-him.es.md or missing-him.es.txt") in result.err
    assert "Not built: brochure-missing-him (es), large-print-missing-him (es), " \
           "pocket-fold-missing-him (es), poster-missing-him-letter (es); 0 file(s) " \
           "written" in result.err
    out = tmp_path / "out"  # the other article's files in Spanish are still built
    assert run("build", content, "--out", out, "--no-previews").code == 1
    assert sorted(path.name for path in (out / "es").iterdir()) == [
        "brochure-trauma-bonding.pdf", "large-print-trauma-bonding.pdf", "pocket-card.pdf",
        "pocket-fold-trauma-bonding.pdf", "poster-trauma-bonding-letter.pdf", "safety-plan.pdf",
        "sticker.pdf"]


@pytest.mark.parametrize(("old", "new", "message"), [
    ("article: trauma-bonding", "article: trauma-bonding\narticles: [trauma-bonding]",
     "site.yaml:9: give `article:` (one article) or `articles:` (a list), not both"),
    ("article: trauma-bonding", "articles: [trauma-bonding, trauma-bonding]",
     "site.yaml:8: articles: 'trauma-bonding' is listed twice"),
    ("article: trauma-bonding", "articles: [trauma-bonding, ../x]",
     "site.yaml:8: articles: '../x' must be a slug of lowercase letters, digits and "
     "hyphens"),
    ("article: trauma-bonding", "articles: []",
     "site.yaml:8: articles: list at least one article's slug, e.g. [trauma-bonding]"),
    ("article: trauma-bonding  # slug", "# none",
     "site.yaml:1: missing field 'articles': list the kit's articles by slug, `articles: "
     "[trauma-bonding]` (or `article: trauma-bonding` for one)"),
    ("article: trauma-bonding", "article: trauma-bonding\ncard_line: {en: ' '}",
     "site.yaml:9: card_line: a card line is empty: write one, or leave card_line out to "
     "print the first article's"),
])
def test_articles_setting_errors(kit: Path, run, old: str, new: str,  # noqa: ANN001
                                 message: str) -> None:
    edit(kit / "site.yaml", old, new)
    result = run("check", kit)
    assert result.code == 1
    assert f"{kit}/{message}" in result.err.splitlines()


def test_two_documents_with_one_name_are_an_error(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = two_article_kit(tmp_path)
    own = content / "layouts" / "brochure-missing-him"
    shutil.copytree(REPO / "layouts" / "pocket-card", own)
    edit(own / "layout.yaml", "name: pocket-card", "name: brochure-missing-him")
    result = run("check", content)
    assert result.code == 1
    assert (f"{content}/site.yaml:8: two documents would be written to "
            "brochure-missing-him.pdf: the brochure format (article 'missing-him') and the "
            "brochure-missing-him format (once per kit); rename the article or the site's own "
            "layout") in result.err.splitlines()


def test_a_plain_card_line_in_a_kit_of_several_languages_is_reported(kit: Path,
                                                                      run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, es]")
    edit(kit / "site.yaml", "article: trauma-bonding",
         "article: trauma-bonding\ncard_line: You are not alone.")
    result = run("check", kit, "--format", "pocket-card")
    assert (f"{kit}/site.yaml:9: warning: es (Español): card_line 'You are not alone.' prints "
            "as written, not in this language: give it per language, e.g. `card_line: {en: "
            "..., es: ...}` (a language left out prints the first article's line)") \
        in result.err.splitlines()
