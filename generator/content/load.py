"""Load and validate a content folder into a `Kit`, gathering every problem before stopping:
site.yaml here, the lines and articles in content/kit_parts.py, audience packs in
content/load_packs.py."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from pydantic import ValidationError

from generator.content.caches import cached_layouts
from generator.content.containment import (
    check_links,
    check_site_file,
    read_roots,
)
from generator.content.emergency_numbers import EMERGENCY_NUMBERS
from generator.content.extends import content_folders, resources_file
from generator.content.kit_parts import (
    LinesFromSource,
    card_articles,
    collect,
    emergency_disagreements,
    emergency_first,
    kit_line_numbers,
    line_numbers,
    line_problems_without_site,
    load_library,
    load_resources,
    site_text_problems,
    title_fallbacks,
    verification_problems,
)
from generator.content.layouts import declared_options
from generator.content.load_packs import load_packs
from generator.content.models import (
    Article,
    Kit,
    Resource,
    Site,
    Source,
    Stock,
)
from generator.content.outside_numbers import outside_number_problems
from generator.content.promises import promise_notes
from generator.content.same_number import merged_lines
from generator.content.site_fonts import site_fonts
from generator.content.site_options import layout_option_values, site_options_model
from generator.content.stock import StockModel, named_stocks, stock_from
from generator.content.validation_problems import prefixed, problems_from, validate_doc
from generator.content.yamlfile import YamlDoc, load_yaml, parse_yaml
from generator.errors import Code, ContentError, Problem, Refused


def load_kit(root: Path, allow_outside: tuple[Path, ...] = (),
             lines_from_source: LinesFromSource | None = None) -> Kit:
    """The validated kit in `root`; raises ContentError listing every problem found.
    Files are read from `root`, the folders it extends and `allow_outside` only; the lines
    of data that site.yaml's `resources:` names by `lines_from_source` (needed then). What
    content cannot check from below i18n and render (fonts, profile, catalogues) the
    caller checks with generator.pipeline.kit_checks.checked_kit, which also reads the strings."""
    if not (root / "site.yaml").is_file():
        raise ContentError(Problem(root, "not a content folder: site.yaml is missing",
                                   code=Code.NOT_CONTENT_FOLDER))
    check_site_file(root, allow_outside)
    problems: list[Problem] = []
    folders = collect(problems, content_folders, root) or (root,)  # `extends:` bases
    roots = read_roots(folders, allow_outside)
    check_links(folders, roots)  # before reading anything else
    site = collect(problems, load_site, root / "site.yaml")
    resources: tuple[Resource, ...] = ()
    library: dict[str, dict[str, Article]] = {}
    broken: dict[tuple[str, str], tuple[Problem, ...]] = {}
    if site is not None:
        resources_path = resources_file(folders, site.resource_source is not None)
        resources = collect(problems, load_resources, resources_path, site, problems,
                             roots, lines_from_source) or ()
        known = kit_line_numbers(resources, resources_path, site.options.country)
        library, broken = load_library(site, folders, known)
        problems.extend(note for articles in library.values()
                        for article in articles.values() for note in article.notes)
    else:  # the lines are checked still: a wrong digit is not hidden behind site.yaml
        problems.extend(_lines_without_site(folders, roots, problems, lines_from_source))
    problems.extend(verification_problems(resources, site, date.today()))
    resources, merges = merged_lines(resources)
    problems.extend(merges)
    problems.extend(title_fallbacks(site))
    if site is not None:
        problems.extend(site_text_problems(site, known | line_numbers(resources)))
        problems.extend(outside_number_problems(site, resources))
    problems.extend(emergency_first(resources, site))
    problems.extend(emergency_disagreements(resources, site))
    problems.extend(promise_notes(resources, site))
    packs: tuple[Kit, ...] = ()
    if site is not None and site.options.audiences:
        packs = collect(problems, load_packs, root, site, resources, roots) or ()
    broken_problems = [p for found in broken.values() for p in found]
    # a record of the data `resources:` names that cannot be printed is refused alone: the
    # others print, and `check` and `build` exit 1 for it (generator/errors.Refused)
    if any(problem.severity == "error" and not isinstance(problem, Refused)
           for problem in problems):
        raise ContentError(problems + broken_problems)
    assert site is not None
    if not any(library.values()):  # nothing at all can be built
        raise ContentError(broken_problems)
    return Kit(root=root, site=site, resources=resources,
               articles=card_articles(site, library[site.article_slugs[0]]),
               warnings=tuple(problems), library=library, broken_articles=broken,
               audiences=packs)


def _lines_without_site(folders: tuple[Path, ...], roots: tuple[Path, ...],
                        warnings: list[Problem], lines_from_source: LinesFromSource | None
                        ) -> list[Problem]:
    """The problems of the lines when site.yaml does not load, checked for the country
    site.yaml (or a base it extends) names, where that is a country numbers can be checked
    for: resources.yaml's, or the records of the data `resources:` names that cannot print
    (read inside `roots` only, when its setting itself is valid)."""
    from generator.content.countries import country_problem

    country: object = None
    emergency: object = None
    own = _raw_site(folders[0] / "site.yaml")
    for folder in folders:
        data = own if folder == folders[0] else _raw_site(folder / "site.yaml")
        if country is None and "country" in data:
            country = data["country"]
            emergency = data.get("emergency_number")
    if not isinstance(country, str) or country_problem(country) is not None:
        return []
    if "resources" in own:
        return _source_refusals(folders[0], own, country, roots, lines_from_source)
    number = emergency if isinstance(emergency, str) else EMERGENCY_NUMBERS.get(country, "")
    return line_problems_without_site(resources_file(folders, False), country, number,
                                      warnings)


def _source_refusals(root: Path, site: dict, country: str, roots: tuple[Path, ...],
                     lines_from_source: LinesFromSource | None) -> list[Problem]:
    """The records `resources:` names that are refused for their data (a number a digit
    off a national line's, a fragment), when the setting is valid and names data inside
    `roots` (an HSDS API: its copy beside site.yaml)."""
    from generator.content.containment import is_inside
    from generator.content.site_options import ResourceSourceModel

    raw = site["resources"]
    if lines_from_source is None:
        return []
    try:
        source = ResourceSourceModel.model_validate({"path": raw} if isinstance(raw, str)
                                                    else raw)
    except ValidationError:
        return []
    if "://" not in source.path and not is_inside(root / source.path, roots):
        return []  # an HSDS API is read from its copy beside site.yaml
    organization = site.get("organization")
    try:
        _, _, report, _ = lines_from_source(
            root, source.model_dump(), country,
            organization if isinstance(organization, str) else None)
    except ContentError:
        return []  # the data cannot be read: said once site.yaml loads
    return [problem for problem in report if isinstance(problem, Refused)]


def _raw_site(path: Path) -> dict:
    try:
        data = load_yaml(path).data
    except ContentError:
        return {}
    return data if isinstance(data, dict) else {}


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
            line, code=Code.PROFILE_OUTSIDE, fields={"file": name}))
    return path  # read as a profile in the kit's checks (generator/pipeline/kit_checks.py)



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
            code=Code.NO_EMERGENCY_NUMBER, fields={"country": options.country},
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
                       1, code=Code.NO_ARTICLES)
    return Problem(path, "give `article:` (one article) or `articles:` (a list), not both",
                   doc.line_of(("articles",)), code=Code.ARTICLE_AND_ARTICLES)


def _stock(value: str | dict, doc: YamlDoc) -> Stock:
    """`stock:` in site.yaml: a name from layouts/stock.yaml, or a sheet described in place."""
    stocks = named_stocks()
    line = doc.line_of(("stock",))
    if isinstance(value, str):
        if value not in stocks:
            raise ContentError(Problem(doc.path, (
                f"stock: unknown card stock {value!r}; valid: {', '.join(stocks)} (or describe "
                "the sheet: paper, card, columns, rows, left, top, column_gap, row_gap)"), line,
                code=Code.UNKNOWN_STOCK, fields={"stock": value, "valid": tuple(stocks)}))
        return stocks[value]
    try:
        return stock_from("own", StockModel.model_validate(value))
    except ValidationError as error:
        inside = YamlDoc(doc.path, value, {key[1:]: number for key, number in doc.lines.items()
                                           if key[:1] == ("stock",)})
        raise ContentError([prefixed(p, "stock")
                            for p in problems_from(error, inside, StockModel)]) from None
    except ValueError as error:
        raise ContentError(Problem(doc.path, f"stock: {error}", line, code=Code.SCHEMA_VALUE,
                                   fields={"field": "stock", "reason": str(error)})) from None



