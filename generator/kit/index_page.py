"""index.html: a contact sheet of the kit, made from a sandboxed, autoescaped jinja2 template
(generator/templates/index.html.j2); every value is plain data, printed as text."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from types import MappingProxyType

import jinja2
from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import ImmutableSandboxedEnvironment

from generator import PACKAGE_DIR, __version__
from generator.content.models import Kit
from generator.engine import remembered
from generator.errors import Problem
from generator.i18n.localize import native_name
from generator.kit.manifest import problem_file
from generator.render.printing import PrintNote
from generator.render.targets import Target
from generator.storage.kept_templates import KeptTemplates

TEMPLATES_DIR = PACKAGE_DIR / "templates"
TARGET_LABELS = MappingProxyType({Target.OFFICE: "office printer", Target.SHOP: "print shop",
                                  Target.SCREEN: "screen copy, accessible"})


@dataclass(frozen=True)
class Thumbnail:
    src: str  # relative to index.html
    width: int
    height: int


@dataclass(frozen=True)
class DocumentView:
    path: str  # relative to index.html, with forward slashes
    lang: str
    title: str
    target: Target
    sizes: tuple[str, ...]  # one per page, "8.5 × 11 in (216 × 279 mm)"
    previews: tuple[Thumbnail, ...]
    note: PrintNote
    article: str | None = None  # the slug of the article it carries; None: the whole kit's


    @property
    def target_label(self) -> str:
        return TARGET_LABELS[self.target]


@dataclass(frozen=True)
class WebPageView:
    path: str  # relative to index.html
    lang: str
    article: str  # its slug
    title: str  # the article's title in the language
    quick_exit: str  # where its quick-exit button goes


@dataclass(frozen=True)
class ArticleGroup:
    """A language's files that carry one article, or (`slug` None) the whole kit's."""

    slug: str | None
    title: str  # the article's title in the language
    documents: tuple[DocumentView, ...]
    card_line: str = ""  # the whole kit's: the line its cards print, in the language
    card_line_from: str = ""  # where that line comes from
    web_pages: tuple[WebPageView, ...] = ()  # the article's web page in the language


@dataclass(frozen=True)
class KitSection:
    """One kit's files in index.html: the main kit's, or an audience pack's."""

    kit: Kit
    documents: list[DocumentView]
    web_pages: list[WebPageView]


@dataclass(frozen=True)
class PackView:
    """An audience pack's part of index.html."""

    name: str
    title: str  # its outside title, in the first language
    folder: str  # its files' folder, relative to index.html
    languages: list[tuple[str, str, list[ArticleGroup]]]


@remembered(1)
def page_templates() -> ImmutableSandboxedEnvironment:
    """The kit's own HTML pages' templates (index.html, the web pages): havenprint's, so
    sandboxed only in case, strict about names, escaped; compiled once per machine, the code
    kept in the cache folder by template and source checksum (jinja2 checks both), as the
    layouts' templates are (generator/layout/compose.py)."""
    return ImmutableSandboxedEnvironment(
        loader=FileSystemLoader(TEMPLATES_DIR),
        bytecode_cache=_page_bytecode(),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _page_bytecode() -> KeptTemplates:
    """Compiled page templates: their code depends on jinja2's version and the environment's
    settings, so each gets files of its own."""
    settings = (jinja2.__version__, ImmutableSandboxedEnvironment.__name__,
                sorted(ImmutableSandboxedEnvironment.intercepted_binops), "autoescape",
                "StrictUndefined", "trim_blocks", "lstrip_blocks", "keep_trailing_newline")
    digest = hashlib.sha256(repr(settings).encode()).hexdigest()[:12]
    return KeptTemplates(f"pages-{digest}-%s.cache")


@dataclass(frozen=True)
class Said:
    """A problem as index.html lists it: its file relative to the content folder."""

    file: str
    line: int | None
    message: str


def render_index(kit: Kit, documents: list[DocumentView],
                 not_built: list[tuple[str, str]],
                 web_pages: Sequence[WebPageView] = (),
                 packs: Sequence[KitSection] = (),
                 problems: Sequence[Problem] = (),
                 why: Mapping[tuple[str, str], list[Problem]] | None = None) -> bytes:
    """The main kit's files by language, then each audience pack's (`packs`), after a table
    of contents; what was not built and why, and the build's warnings (`problems`)."""
    ordered, languages = _by_language(kit, documents, web_pages)
    pack_views = []
    for pack in packs:
        pack_documents, pack_languages = _by_language(pack.kit, pack.documents,
                                                      pack.web_pages)
        ordered += pack_documents
        pack_views.append(PackView(pack.kit.audience or "", pack.kit.site.discreet_title,
                                   f"{pack.kit.audience}/", pack_languages))
    html = page_templates().get_template("index.html.j2").render(
        title=kit.site.discreet_title,
        folder=kit.root.name,
        brand=kit.site.brand_color,
        version=__version__,
        documents=ordered,
        languages=languages,
        packs=pack_views,
        not_built=[(name, lang, _said(kit, (why or {}).get((name, lang), ())))
                   for name, lang in sorted(not_built)],
        warnings=_said(kit, [problem for problem in problems
                             if problem.severity == "warning"]),
    )
    return html.encode("utf-8")


def _said(kit: Kit, problems: Sequence[Problem]) -> list[Said]:
    root = kit.root.resolve()
    return [Said(problem_file(problem.path, root), problem.line, problem.said)
            for problem in dict.fromkeys(problems)]


def _by_language(kit: Kit, documents: Sequence[DocumentView],
                 web_pages: Sequence[WebPageView]
                 ) -> tuple[list[DocumentView], list[tuple[str, str, list[ArticleGroup]]]]:
    """The documents in the order of `languages:` in site.yaml (build order within a
    language), and each language's groups."""
    order = {lang: index for index, lang in enumerate(kit.site.options.languages)}
    ordered = sorted(documents, key=lambda doc: (order.get(doc.lang, len(order)), doc.lang))
    languages = [(lang, native_name(lang),
                  _groups(kit, lang, list(docs), [p for p in web_pages if p.lang == lang]))
                 for lang, docs in groupby(ordered, key=lambda d: d.lang)]
    return ordered, languages


def _groups(kit: Kit, lang: str, documents: list[DocumentView],
            web_pages: list[WebPageView]) -> list[ArticleGroup]:
    """The whole kit's files first (the pocket card), then each article's, in the order of
    `articles:`; an article's web page with its files (in a kit of one article, with the
    kit's own)."""
    slugs = kit.site.article_slugs
    groups = []
    for slug in (None, *slugs):
        docs = tuple(doc for doc in documents if doc.article == slug)
        pages = tuple(page for page in web_pages if page.article == slug)
        if not docs and not pages:
            continue
        article = kit.library.get(slug or slugs[0], {}).get(lang)
        title = article.title if article is not None else slug or slugs[0]
        if slug is not None:
            groups.append(ArticleGroup(slug, title, docs, web_pages=pages))
            continue
        from_site = kit.site.card_line.get(lang)
        line = from_site or (article.card_line if article is not None else None) or ""
        settings = ("site.yaml" if kit.audience is None
                    else f"audiences/{kit.audience}/site.yaml" if "card_line" in kit.site.files
                    else "the main kit's site.yaml")
        source = (f"{settings} (card_line)" if from_site is not None
                  else f"the first article, {slugs[0]}")
        groups.append(ArticleGroup(None, "For the whole kit", docs, line, source))
    return groups
