"""Load and validate a content folder into a `Kit`, gathering every problem before stopping."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

from pydantic import ValidationError

from generator.content.articles import CARD_LINE_MAX_CHARS
from generator.content.caches import cached_article, cached_layouts
from generator.content.containment import (
    ALLOW_HINT,
    check_links,
    check_site_file,
    is_inside,
    read_roots,
)
from generator.content.extends import content_folders, first_folder, resources_file
from generator.content.language_tags import given_for
from generator.content.layouts import declared_options
from generator.content.models import (
    EMERGENCY_NAME,
    Article,
    Kit,
    Phone,
    Resource,
    Site,
    Source,
    Stock,
    TextLine,
    Texts,
)
from generator.content.phones import parse_phone, parse_tty
from generator.content.schema import (
    EMERGENCY_NUMBERS,
    ResourceModel,
    ResourcesFileModel,
)
from generator.content.site_fonts import site_fonts
from generator.content.site_options import layout_option_values, site_options_model
from generator.content.stock import StockModel, named_stocks, stock_from
from generator.content.validation_problems import problems_from, validate_doc
from generator.content.yamlfile import YamlDoc, load_yaml, parse_yaml
from generator.errors import ContentError, Problem

ARTICLE_SUFFIXES = (".md", ".txt")


def load_kit(root: Path, allow_outside: tuple[Path, ...] = ()) -> Kit:
    """The validated kit in `root`; raises ContentError listing every problem found.
    Files are read from `root`, the folders it extends and `allow_outside` only. What
    content cannot check from below i18n and render (fonts, profile, catalogues) the
    caller checks with generator.kit_checks.checked_kit, which also reads the strings."""
    if not (root / "site.yaml").is_file():
        raise ContentError(Problem(root, "not a content folder: site.yaml is missing"))
    check_site_file(root, allow_outside)
    problems: list[Problem] = []
    folders = _collect(problems, content_folders, root) or (root,)  # `extends:` bases
    roots = read_roots(folders, allow_outside)
    check_links(folders, roots)  # before reading anything else
    site = _collect(problems, load_site, root / "site.yaml")
    resources = ()
    library: dict[str, dict[str, Article]] = {}
    broken: dict[tuple[str, str], tuple[Problem, ...]] = {}
    if site is not None:
        resources_path = resources_file(folders, site.resource_source is not None)
        resources = _collect(problems, load_resources, resources_path, site, problems,
                             roots) or ()
        library, broken = load_library(site, folders)
    problems.extend(verification_problems(resources, site, date.today()))
    problems.extend(title_fallbacks(site))
    problems.extend(emergency_first(resources, site))
    packs: tuple[Kit, ...] = ()
    if site is not None and site.options.audiences:
        from generator.content.load_packs import load_packs  # load_packs imports this module

        packs = _collect(problems, load_packs, root, site, resources, roots) or ()
    broken_problems = [p for found in broken.values() for p in found]
    if any(problem.severity == "error" for problem in problems):
        raise ContentError(problems + broken_problems)
    assert site is not None
    if not any(library.values()):  # nothing at all can be built
        raise ContentError(broken_problems)
    return Kit(root=root, site=site, resources=resources,
               articles=card_articles(site, library[site.article_slugs[0]]),
               warnings=tuple(problems), library=library, broken_articles=broken,
               audiences=packs)


def load_library(site: Site, folders: tuple[Path, ...]
                 ) -> tuple[dict[str, dict[str, Article]], dict[tuple[str, str],
                                                              tuple[Problem, ...]]]:
    """Every article in every language (`check` too), each from the first of `folders` that
    has it; (slug, language) -> why one could not be read."""
    library: dict[str, dict[str, Article]] = {}
    broken: dict[tuple[str, str], tuple[Problem, ...]] = {}
    for slug in site.article_slugs:
        library[slug] = {}
        for lang in site.options.languages:
            article_problems: list[Problem] = []
            names = [f"articles/{slug}.{lang}{suffix}" for suffix in ARTICLE_SUFFIXES]
            article = _collect(article_problems, find_article,
                               first_folder(folders, *names), slug, lang)
            if article is not None:
                library[slug][lang] = article
            else:
                broken[(slug, lang)] = tuple(article_problems)
    return library, broken


def card_articles(site: Site, first: dict[str, Article]) -> dict[str, Article]:
    """The first article in each language, carrying `card_line:` from site.yaml where it
    gives one: what the formats printed once per kit (the pocket card) print."""
    return {lang: article if site.card_line.get(lang) is None
            else replace(article, card_line=site.card_line.get(lang), card_line_choices=(),
                         card_line_given=True)
            for lang, article in first.items()}


def verification_problems(resources: tuple[Resource, ...], site: Site | None,
                          today: date) -> list[Problem]:
    """A line nobody has checked is an error; one checked too long ago, a warning."""
    if site is None:
        return []
    problems = []
    months = site.options.verify_within_months
    for resource in resources:
        where = (resource.source.path, resource.source.line)
        if resource.verified is None:
            problems.append(Problem(where[0], (
                f"{resource.name}: no `verified` date: call or text the line, then add "
                f"`verified: {today.isoformat()}`"), where[1]))
        elif _months_between(resource.verified, today) > months:
            problems.append(Problem(where[0], (
                f"{resource.name}: last checked {resource.verified.isoformat()}, over {months} "
                "months ago: check the line still works and update `verified`"), where[1],
                "warning"))
    return problems


def emergency_first(resources: tuple[Resource, ...], site: Site | None) -> list[Problem]:
    """The first line is printed largest and its QR code is the card's: when that is the
    emergency number while a helpline is listed below it, the card's scan calls the police
    (a warning: a site may mean it, but usually the lines were pasted in another order)."""
    if site is None or len(resources) < 2 or not resources[0].emergency:
        return []
    first, helpline = resources[0], next((r for r in resources if not r.emergency), None)
    if helpline is None:
        return []
    return [Problem(first.source.path, (
        f"the first line dials the emergency number {site.emergency_number}: it prints "
        f"largest and the QR code calls it; list {helpline.name!r} first (the emergency "
        "line is printed wherever it stands)"), first.source.line, "warning")]


def title_fallbacks(site: Site | None) -> list[Problem]:
    """A language with no outside title of its own prints another language's: a warning."""
    if site is None:
        return []
    if not site.discreet_titles:  # one plain title: in the first language
        first, title = site.options.languages[0], site.discreet_title
        return [Problem(site.file_of("discreet_title"), (
            f"discreet_title is one text for every language, so the outside of the '{lang}' "
            f"items prints {title!r}, taken to be {first}; give each language its own: "
            f"`discreet_title: {{{first}: {title}, {lang}: ...}}`"),
            site.line_of("discreet_title"), "warning")
            for lang in site.options.languages[1:]
            if lang.split("-")[0] != first.split("-")[0]]
    first_code = next(iter(site.discreet_titles))
    return [Problem(site.file_of("discreet_title"), (
        f"discreet_title has no '{lang}' title: the outside of the {lang} items prints the "
        f"{first_code} one ({site.discreet_title!r}); add `{lang}: ...` under discreet_title"),
        site.line_of("discreet_title"), "warning")
        for lang in site.options.languages
        if given_for(site.discreet_titles, lang) is None]


def _icc_profile(name: str | None, site: Path, doc: YamlDoc) -> Path | None:
    """A print shop's own profile, relative to the content folder and inside it."""
    if name is None:
        return None
    path = site.parent / name
    line = doc.line_of(("icc_profile",))
    if not path.resolve().is_relative_to(site.parent.resolve()):
        raise ContentError(Problem(site, (
            f"icc_profile: {name} is outside the content folder: copy the shop's profile "
            "into it (e.g. profiles/shop.icc), so that the kit carries what it was built with"),
            line))
    return path  # read as a profile in the kit's checks (generator/kit_checks.py)


def _months_between(earlier: date, later: date) -> float:
    return (later - earlier).days / 30.44


def _collect(problems: list[Problem], loader, *args):  # noqa: ANN001, ANN202
    try:
        return loader(*args)
    except ContentError as error:
        problems.extend(error.problems)
        return None


def load_site(path: Path, text: str | None = None) -> Site:
    """site.yaml, checked; what its settings name (fonts, a profile, a stock) checked too.
    `text`: site.yaml as it would be saved (the web page's settings, not written yet)."""
    doc = load_yaml(path) if text is None else parse_yaml(text, path)
    layouts = cached_layouts(path.parent)
    declared = declared_options(layouts)  # the layouts' own settings (poster_size)
    options = validate_doc(doc, site_options_model(declared), {"formats": list(layouts)})
    emergency = options.emergency_number or EMERGENCY_NUMBERS.get(options.country)
    if emergency is None:
        raise ContentError(Problem(
            path,
            f"no emergency number known for {options.country}: add emergency_number to "
            "site.yaml",
            doc.line_of(("country",)),
        ))
    if (options.article is None) == (options.articles is None):
        raise ContentError(_article_choice(path, doc, options.article is None))
    return Site(
        options=options,
        source=Source(path, 1),
        emergency_number=emergency,
        layout_options=layout_option_values(options, declared),
        fonts=site_fonts(options.fonts, path.parent, doc),
        stock=_stock(options.stock, doc),
        icc_profile=_icc_profile(options.icc_profile, path, doc),
        lines={str(key[0]): line for key, line in doc.lines.items() if len(key) == 1},
    )


def _article_choice(path: Path, doc: YamlDoc, neither: bool) -> Problem:
    if neither:
        return Problem(path, "missing field 'articles': list the kit's articles by slug, "
                             "`articles: [trauma-bonding]` (or `article: trauma-bonding` for one)",
                       1)
    return Problem(path, "give `article:` (one article) or `articles:` (a list), not both",
                   doc.line_of(("articles",)))


def _stock(value: str | dict, doc: YamlDoc) -> Stock:
    """`stock:` in site.yaml: a name from layouts/stock.yaml, or a sheet described in place."""
    stocks = named_stocks()
    line = doc.line_of(("stock",))
    if isinstance(value, str):
        if value not in stocks:
            raise ContentError(Problem(doc.path, (
                f"stock: unknown card stock {value!r}; valid: {', '.join(stocks)} (or describe "
                "the sheet: paper, card, columns, rows, left, top, column_gap, row_gap)"), line))
        return stocks[value]
    try:
        return stock_from("own", StockModel.model_validate(value))
    except ValidationError as error:
        raise ContentError([Problem(p.path, f"stock: {p.message}", p.line) for p in
                            problems_from(error, YamlDoc(doc.path, value, {
                                key[1:]: number for key, number in doc.lines.items()
                                if key[:1] == ("stock",)}), StockModel)]) from None
    except ValueError as error:
        raise ContentError(Problem(doc.path, f"stock: {error}", line)) from None


def load_resources(path: Path, site: Site, warnings: list[Problem] | None = None,
                   roots: tuple[Path, ...] | None = None) -> tuple[Resource, ...]:
    """resources.yaml, or the HSDS data or spreadsheet that site.yaml's `resources:` names
    (records it leaves out for their data go to `warnings`; read only from inside `roots`,
    the content folders and those allowed, when given)."""
    if site.resource_source is not None:
        from generator.importers.source import entries_from_source  # only for such sites

        if roots is not None:
            _check_source_inside(path.parent, site, roots)
        source, entries, left_out = entries_from_source(
            path.parent, site.resource_source, site.options.country, site.options.organization)
        if warnings is not None:
            warnings.extend(left_out)
        if not entries:
            raise ContentError(Problem(source, "no active lines to print after selection"))
        doc = YamlDoc(source, {"resources": entries})
    elif not path.is_file():
        raise ContentError(Problem(path, "resources.yaml is missing: list at least one line"))
    else:
        doc = load_yaml(path)
    return resources_from_doc(doc, site)


def resources_from_doc(doc: YamlDoc, site: Site) -> tuple[Resource, ...]:
    """The lines of a resources.yaml already parsed (also a draft in the web page, checked
    before it is saved); ContentError listing every problem."""
    model = validate_doc(doc, ResourcesFileModel, {"country": site.options.country})
    if not model.resources:
        raise ContentError(Problem(doc.path, "resources: list at least one line", 1))
    problems: list[Problem] = []
    resources = []
    for index, item in enumerate(model.resources):
        try:
            resources.append(_resource(item, index, doc, site))
        except ContentError as error:
            problems.extend(error.problems)
    if problems:
        raise ContentError(problems)
    return tuple(resources)


def _check_source_inside(root: Path, site: Site, roots: tuple[Path, ...]) -> None:
    """`resources:` must name data inside the content folders (or a folder allowed)."""
    assert site.resource_source is not None
    named = str(site.resource_source["path"])
    source = root / named
    if is_inside(source, roots):
        return
    line = load_yaml(site.source.path).line_of(("resources",))
    raise ContentError(Problem(site.source.path, (
        f"resources: {named!r} is outside the content folder: havenprint reads only files "
        f"inside it and the folders it extends; {ALLOW_HINT}"), line))


def _resource(item: ResourceModel, index: int, doc: YamlDoc, site: Site) -> Resource:
    """A validated entry (its numbers already checked for the country) as a `Resource`."""
    def phone(raw: str | None) -> Phone | None:
        return None if raw is None else parse_phone(raw, site.options.country)

    qr = item.qr or ("tel" if item.phone else "sms" if item.text else "url" if item.url else None)
    needed = {"tel": item.phone, "sms": item.text, "url": item.url}
    main_phone = phone(item.phone)
    emergency = _dials(main_phone, site.emergency_number)
    names = Texts.given(item.name)
    label = names.first() or (EMERGENCY_NAME if emergency else f"line {index + 1}")
    problems = []
    if not names and not emergency:
        line = doc.line_of(("resources", index))
        problems.append(Problem(doc.path, f"{label}: missing field 'name' (only the line that "
                                          "dials the emergency number may go unnamed)", line))
    if qr is not None and needed[qr] is None:
        what = {"tel": "phone", "sms": "text", "url": "url"}[qr]
        line = doc.line_of(("resources", index, "qr"))
        problems.append(Problem(doc.path, f"{label}: qr is {qr} but there is no {what}", line))
    if not (item.phone or item.text or item.url):
        line = doc.line_of(("resources", index))
        problems.append(Problem(doc.path, f"{label}: give a phone, a text line or a url", line))
    if problems:
        raise ContentError(problems)
    hours, tab_labels = Texts.given(item.hours), Texts.given(item.tab_label)
    return Resource(
        name=label,
        phone=main_phone,
        tty=None if item.tty is None else parse_tty(item.tty, site.options.country),
        text=(TextLine(item.text.number, item.text.keyword, Texts.given(item.text.description),
                       parse_phone(item.text.number, site.options.country).e164)
              if item.text else None),
        url=item.url,
        hours=hours.first(),
        languages=tuple(item.languages),
        qr=qr,
        verified=item.verified,
        required=item.required or index == 0 or emergency,
        source=Source(doc.path, doc.line_of(("resources", index))),
        tab_label=tab_labels.first(),
        names=names,
        hours_by_lang=hours,
        tab_labels=tab_labels,
        emergency=emergency,
    )


def _dials(phone: Phone | None, number: str) -> bool:
    """Whether the line is the emergency number itself ("Emergency: 911"): it is always
    printed, like the first line."""
    def digits(text: str) -> str:
        return "".join(char for char in text if char.isdigit())
    return phone is not None and digits(phone.raw) == digits(number)


def find_article(root: Path, slug: str, lang: str) -> Article:
    folder = root / "articles"
    for suffix in ARTICLE_SUFFIXES:
        path = folder / f"{slug}.{lang}{suffix}"
        if path.is_file():
            return with_card_line(cached_article(path, slug, lang))
    raise ContentError(Problem(
        folder / f"{slug}.{lang}.md",
        f"no article '{slug}' for language '{lang}': add {slug}.{lang}.md or {slug}.{lang}.txt",
    ))


def with_card_line(article: Article) -> Article:
    """`article`, when it has a line for the card; else ContentError."""
    if not article.card_line:
        path = article.source.path if article.source else Path(article.slug)
        raise ContentError(Problem(path, (
            f"no card line: the first sentence is over {CARD_LINE_MAX_CHARS} characters and no "
            "key point is shorter; add a short `card: ...` line to the front matter (one short "
            "sentence: a pocket card holds about 50 characters on one line, 100 on two)"), 1))
    return article
