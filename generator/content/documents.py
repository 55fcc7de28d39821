"""The documents a kit is built into, and their file names.

A document is a layout at one size carrying one article: a format that prints an article
(`per_article: true` in its layout.yaml: the brochure, the folding card, the poster) is built
once per article of the kit, every other format (the pocket card) once, with the first
article; site.yaml's `card_line:` stands for the first article's card line wherever it
prints. Names come from havenprint only: a layout
folder's name, an article's slug and a size key, each checked as it is read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from generator.content.layouts import Layout
from generator.content.models import Kit
from generator.errors import Code, ContentError, Problem


@dataclass(frozen=True)
class Document:
    layout: Layout
    size_key: str
    article: str  # the slug of the article it prints (the first one for a kit-wide format)
    name: str  # the file name's stem: brochure, brochure-<slug>, poster-<slug>-a3

    @property
    def per_article(self) -> bool:
        return self.layout.spec.per_article


def document_sizes(kit: Kit, layout: Layout,
                   sizes: Mapping[str, Sequence[str]] | None = None) -> list[str]:
    """The size keys `layout` is built at: those `sizes` gives for it by its name (the
    command line's `--poster-size a3 --poster-size tabloid`), for a format whose file names
    carry the size, else the one its site.yaml setting gives."""
    given = (sizes or {}).get(layout.name)
    if given and size_in_name(layout):
        return list(dict.fromkeys(given))
    return [str(kit.site.option(layout.spec.size_option))]


def document_name(layout: Layout, size_key: str, article: str | None = None) -> str:
    """The file name's stem: the layout's folder name, then the article's slug when the kit
    has several articles (`brochure-missing-him`), then the size where the layout's size
    option says `in_file_name` (`poster-a3`, `poster-missing-him-a3`), so that no two
    documents share a file."""
    parts = [layout.name, *([article] if article else [])]
    if size_in_name(layout):
        parts.append(size_key)
    return "-".join(parts)


def size_in_name(layout: Layout) -> bool:
    """Whether `layout`'s file names carry their size: its size option (a setting the layout
    declares, or inherits from the built-in one it replaces) says `in_file_name: true`."""
    option = layout.options.get(layout.spec.size_option)
    return option is not None and option.in_file_name


def plan_documents(kit: Kit, layouts: Sequence[Layout],
                   sizes: Mapping[str, Sequence[str]] | None = None) -> list[Document]:
    """Every document of the kit, layout by layout, in the order of `articles:`. With one
    article the names are the format's alone (`brochure.pdf`); with several, each article's
    documents carry its slug. Two documents that would share a name (a site's own layout
    called `brochure-missing-him` beside the brochure of that article) are an error."""
    slugs = kit.site.article_slugs
    documents: list[Document] = []
    for layout in layouts:
        for slug in (slugs if layout.spec.per_article else slugs[:1]):
            named = slug if layout.spec.per_article and len(slugs) > 1 else None
            documents.extend(Document(layout, size_key, slug,
                                      document_name(layout, size_key, named))
                             for size_key in document_sizes(kit, layout, sizes))
    seen: dict[str, Document] = {}
    problems = []
    for document in documents:
        other = seen.setdefault(document.name, document)
        if other is not document:
            problems.append(Problem(kit.site.file_of("articles", "article"), (
                f"two documents would be written to {document.name}.pdf: the "
                f"{other.layout.name} format ({_of(other)}) and the {document.layout.name} "
                f"format ({_of(document)}); rename the article or the site's own layout"),
                kit.site.line_of("articles", "article"), code=Code.SAME_FILE_NAME,
                fields={"file": f"{document.name}.pdf", "first": other.layout.name,
                        "second": document.layout.name}))
    if problems:
        raise ContentError(problems)
    return documents


def _of(document: Document) -> str:
    return f"article {document.article!r}" if document.per_article else "once per kit"


def document_kit(kit: Kit, document: Document) -> Kit:
    """`kit` as `document` sees it: its size setting at the document's size, and the
    document's article in every language, the first article with site.yaml's card line
    (the pocket card's, and the first article's folding card's and poster's: a card's line
    that gives way on the pocket card still prints on the folding card)."""
    kit = sized_kit(kit, document.layout, document.size_key)
    if document.per_article and not _first_article(kit, document):
        kit = dataclasses.replace(kit, articles=kit.library.get(document.article, {}))
    return kit


def _first_article(kit: Kit, document: Document) -> bool:
    """Whether `document` prints the kit's first article (`kit.articles`, which carries
    site.yaml's card line)."""
    return any(article.slug == document.article for article in kit.articles.values())


def sized_kit(kit: Kit, layout: Layout, size_key: str) -> Kit:
    """`kit` with `layout`'s size setting at `size_key`."""
    if str(kit.site.option(layout.spec.size_option)) == size_key:
        return kit
    # size_key is one of the values the setting layout.yaml's size_option names allows.
    return dataclasses.replace(kit, site=kit.site.with_option(layout.spec.size_option, size_key))


def card_line_from_site(kit: Kit, document: Document, lang: str) -> bool:
    """Whether `document` prints site.yaml's `card_line:` in `lang` instead of its article's."""
    return (kit.site.card_line.get(lang) is not None
            and (not document.per_article or _first_article(kit, document)))
