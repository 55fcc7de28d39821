"""What a kit, and each of its audience packs, is loaded from: its lines (resources.yaml, or
the data site.yaml's `resources:` names), its articles in every language, and the warnings
about them. content/load.py (`load_kit`, `load_site`) and content/load_packs.py put them
together, each problem gathered before stopping."""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Protocol

from generator.content.articles import CARD_LINE_MAX_CHARS
from generator.content.caches import cached_article
from generator.content.containment import (
    ALLOW_HINT,
    is_inside,
)
from generator.content.emergency_numbers import EMERGENCY_NUMBERS
from generator.content.extends import first_folder
from generator.content.language_tags import given_for
from generator.content.models import (
    EMERGENCY_NAME,
    Article,
    Phone,
    Resource,
    Site,
    Source,
    TextLine,
    Texts,
)
from generator.content.phone_number import PhoneError
from generator.content.phones import free_to_call, parse_phone, parse_text_number, parse_tty
from generator.content.published_lines import CONFIRM
from generator.content.schema import (
    ResourceModel,
    ResourcesFileModel,
)
from generator.content.validation_problems import validate_doc
from generator.content.yamlfile import KeyPath, YamlDoc, load_yaml
from generator.errors import Code, ContentError, Problem

ARTICLE_SUFFIXES = (".md", ".txt")


def load_library(site: Site, folders: tuple[Path, ...], known: frozenset[str] = frozenset()
                 ) -> tuple[dict[str, dict[str, Article]], dict[tuple[str, str],
                                                              tuple[Problem, ...]]]:
    """Every article in every language (`check` too), each from the first of `folders` that
    has it; (slug, language) -> why one could not be read. `known`: the numbers of the kit's
    lines (`line_numbers`), which its text may print."""
    library: dict[str, dict[str, Article]] = {}
    broken: dict[tuple[str, str], tuple[Problem, ...]] = {}
    for slug in site.article_slugs:
        library[slug] = {}
        for lang in site.options.languages:
            article_problems: list[Problem] = []
            names = [f"articles/{slug}.{lang}{suffix}" for suffix in ARTICLE_SUFFIXES]
            article = collect(article_problems, find_article,
                               first_folder(folders, *names), slug, lang)
            if article is not None and (numbers := article_number_problems(
                    article, site.options.country, known)):
                article_problems.extend(numbers)
                article = None
            if article is not None:
                library[slug][lang] = article
            else:
                broken[(slug, lang)] = tuple(article_problems)
    return library, broken


def line_numbers(resources: tuple[Resource, ...]) -> frozenset[str]:
    """The numbers (E.164, or a short number's digits) of the kit's lines confirmed with
    `differs_from_published: true`: the kit's printed text (an article, a line's hours, a
    catalogue's note) may give them wherever it names them, as each was confirmed where its
    line is given. Only these: text that gives a number a digit off a national line's is
    otherwise refused, what line of the kit has it or not (see `given_line_numbers`)."""
    return frozenset(number for line in resources if line.differs_from_published
                     for number in (line.phone and line.phone.e164, line.tty and line.tty.e164,
                                    line.text and line.text.e164) if number)


def given_line_numbers(doc: YamlDoc, country: str) -> frozenset[str]:
    """`line_numbers` read from a resources.yaml as written, whether or not the file or its
    other lines load: the numbers of each line confirmed with `differs_from_published:
    true`, so that one line's mistake (or another line's hours) does not turn the verdict on
    the same number in an article, and every text of the kit is judged alike."""
    entries = doc.data.get("resources") if isinstance(doc.data, dict) else None
    found = set()
    for entry in entries if isinstance(entries, list) else ():
        if not isinstance(entry, dict) or entry.get(CONFIRM) is not True:
            continue
        text = entry.get("text")
        given = ((parse_phone, entry.get("phone")), (parse_tty, entry.get("tty")),
                 (parse_text_number, text.get("number") if isinstance(text, dict) else None))
        for parse, raw in given:
            if isinstance(raw, (str, int)) and str(raw).strip():
                try:
                    found.add(parse(str(raw), country).e164)
                except (PhoneError, ValueError):
                    continue
    return frozenset(found)


def kit_line_numbers(resources: tuple[Resource, ...], path: Path, country: str
                     ) -> frozenset[str]:
    """`line_numbers` of the lines loaded, and `given_line_numbers` of resources.yaml at
    `path` (when it is one) whether or not it loaded: the numbers the kit's text may give."""
    if path.name != "resources.yaml" or not path.is_file():
        return line_numbers(resources)
    try:
        return line_numbers(resources) | given_line_numbers(load_yaml(path), country)
    except ContentError:  # resources.yaml's own problems are said where it is loaded
        return line_numbers(resources)


def article_number_problems(article: Article, country: str,
                            known: frozenset[str] = frozenset()) -> list[Problem]:
    """A number in an article's printed text (title, card line, key points, headings,
    paragraphs) that a line could not print: premium rate, not valid (a fragment), two
    scripts' digits, a digit off a national line's that is no line of the kit (`known`)."""
    texts = {"title": article.title,
             "card": article.card_line or "" if article.card_line_given else "",
             **{f"key_points.{n}": point for n, point in enumerate(article.key_points, 1)}}
    for section in article.sections:
        where = f"section {section.heading!r}" if section.heading else "the text"
        texts[where] = " ".join((section.heading or "", *section.paragraphs))
    if article.source is None:
        return []
    from generator.content.text_numbers import text_number_problems

    path = article.source.path
    problems = text_number_problems({k: v for k, v in texts.items() if v}, country, path,
                                    known=known)
    if problems:  # on the line of the file where each number is
        written = path.read_text(encoding="utf-8", errors="replace")
        problems = text_number_problems({k: v for k, v in texts.items() if v}, country, path,
                                        written, known)
    return problems


def site_text_problems(site: Site, known: frozenset[str] = frozenset()) -> list[Problem]:
    """A number in what site.yaml gives to print (`card_line`, `discreet_title` on every
    card front, `organization`) that a line could not print (`known`: the kit's lines'
    numbers): a premium-rate number on the outside of a card is no safer than inside."""
    from generator.content.text_numbers import text_number_problems

    title = site.options.discreet_title
    given: dict[str, tuple[tuple[str | None, str], ...]] = {
        "card_line": ((None, site.card_line.default or ""), *site.card_line.by_lang),
        "discreet_title": (tuple(title.items()) if isinstance(title, dict)
                           else ((None, title),)),
        "organization": ((None, site.options.organization),),
    }
    problems: list[Problem] = []
    for field, texts in given.items():
        named = {f"{field} ({lang})" if lang else field: text for lang, text in texts if text}
        problems.extend(replace(problem, path=site.file_of(field), line=site.line_of(field))
                        for problem in text_number_problems(named, site.options.country,
                                                            site.file_of(field), known=known))
    return problems


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
                f"`verified: {today.isoformat()}`"), where[1], code=Code.LINE_UNVERIFIED,
                fields={"name": resource.name, "today": today.isoformat()}))
        elif resource.verified > today + timedelta(days=1):
            # a typo ("2062-11-01"): it would never go stale, and the pieces print the date
            # the lines were checked ("Checked Jun 2027"), a check nobody has made yet. A
            # day's grace: whoever checked it may be a time zone ahead of this machine
            problems.append(Problem(where[0], (
                f"{resource.name}: `verified: {resource.verified.isoformat()}` is after today "
                f"({today.isoformat()}): write the day someone last called or texted the line"),
                where[1], code=Code.LINE_CHECKED_LATER, fields={
                    "name": resource.name, "checked": resource.verified.isoformat(),
                    "today": today.isoformat()}))
        elif _months_between(resource.verified, today) > months:
            problems.append(Problem(where[0], (
                f"{resource.name}: last checked {resource.verified.isoformat()}, over {months} "
                "months ago: check the line still works and update `verified`"), where[1],
                "warning", code=Code.LINE_STALE, fields={
                    "name": resource.name, "checked": resource.verified.isoformat(),
                    "months": months}))
    return problems


def emergency_first(resources: tuple[Resource, ...], site: Site | None) -> list[Problem]:
    """The first line is printed largest and its QR code is the card's: when that is an
    emergency number of the country (the site's, or any other: 112 in the US, 17 in France,
    in any digits), the card's scan calls the police. An error whatever follows it (a
    helpline below it, or none, issue 40): a survivor scanning the card for help would reach
    the police instead, and a card whose only line is the emergency number is no helpline's
    card; the emergency line prints wherever it stands, and the safety note gives it."""
    if site is None or not resources:
        return []
    first = resources[0]
    number = _emergency_number_dialled(first, site.options.country)
    if number is None:
        return []
    helpline = next((r for r in resources[1:]
                     if _emergency_number_dialled(r, site.options.country) is None), None)
    advice = (f"list {helpline.name!r} first (the emergency line is printed wherever it "
              "stands)" if helpline is not None else
              "list a helpline first (the emergency line is printed wherever it stands, and "
              "the safety note gives the number)")
    return [Problem(first.source.path, (
        f"the first line dials the emergency number {number}: it prints largest and the QR "
        f"code calls it; {advice}"),
        first.source.line, code=Code.EMERGENCY_FIRST,
        fields={"number": number, **({"helpline": helpline.name} if helpline else {})})]


def emergency_disagreements(resources: tuple[Resource, ...], site: Site | None
                            ) -> list[Problem]:
    """A line that is the emergency line by its name ("Emergency", in any case) or by its
    number (the country's own emergency number, 911 in the US) but does not dial the kit's
    `emergency_number`: the sticker and the safety note say "call 112" while the list says
    "Emergency 911". Where both are emergency numbers of the country (site.yaml's is
    checked to be one) the card still reaches help: a warning, naming both places, to give
    one number. A line named Emergency whose number reaches no emergency service is an
    error: a survivor calling it for the police would not reach them. A line named otherwise
    that dials another emergency service (France's 17 for the police beside 112) is not
    this: only the country's own number counts."""
    if site is None:
        return []
    from generator.content.phone_rules import is_emergency_number

    country, kit_number = site.options.country, site.emergency_number
    at = site.line_of("emergency_number")
    setting = (f"{site.file_of('emergency_number').name}:{at}'s emergency_number {kit_number}"
               if at is not None else f"{country}'s emergency number {kit_number} (no "
               "emergency_number in site.yaml)")
    problems = []
    for line in resources:
        if line.emergency or line.phone is None:
            continue
        dialled = line.phone.e164
        named = any(name.strip().casefold() == EMERGENCY_NAME.casefold()
                    for name in (line.names.default or "", *dict(line.names.by_lang).values()))
        countrys = (not dialled.startswith("+") and dialled == EMERGENCY_NUMBERS.get(country)
                    and is_emergency_number(dialled, country))
        if not (named or countrys):
            continue
        why = "is named Emergency" if named else f"dials {country}'s emergency number"
        reaches = not dialled.startswith("+") and is_emergency_number(dialled, country)
        harm = ("" if reaches else f", and {line.phone.display} is not an emergency number "
                f"of {country}: it would not reach the police or an ambulance")
        problems.append(Problem(line.source.path, (
            f"{line.name}: the line {why} but its phone {line.phone.display} is not "
            f"{setting}: the cards say 'call {kit_number}' where this line prints "
            f"{line.phone.display}{harm}; give one number (the line's phone or "
            "emergency_number)"),
            line.source.line, "warning" if reaches else "error",
            code=Code.EMERGENCY_DIFFERS, fields={
                "name": line.name, "number": line.phone.display,
                "emergency_number": kit_number}))
    return problems


def _emergency_number_dialled(resource: Resource, country: str) -> str | None:
    """The emergency number the line's QR code would reach (its number, else its texting
    number), as written; None when it reaches none."""
    if resource.emergency:
        return resource.phone.display if resource.phone else EMERGENCY_NAME
    for phone in (resource.phone, resource.text and resource.text.e164):
        dialled = phone.e164 if isinstance(phone, Phone) else phone
        if dialled and not dialled.startswith("+"):  # only a short number is one
            from generator.content.phone_rules import is_emergency_number

            if is_emergency_number(dialled, country):
                return phone.display if isinstance(phone, Phone) else dialled
    return None


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
            site.line_of("discreet_title"), "warning", code=Code.ONE_OUTSIDE_TITLE, lang=lang,
            fields={"title": title, "first": first})
            for lang in site.options.languages[1:]
            if lang.split("-")[0] != first.split("-")[0]]
    first_code = next(iter(site.discreet_titles))
    return [Problem(site.file_of("discreet_title"), (
        f"discreet_title has no '{lang}' title: the outside of the {lang} items prints the "
        f"{first_code} one ({site.discreet_title!r}); add `{lang}: ...` under discreet_title"),
        site.line_of("discreet_title"), "warning", code=Code.NO_OUTSIDE_TITLE, lang=lang,
        fields={"title": site.discreet_title, "first": first_code})
        for lang in site.options.languages
        if given_for(site.discreet_titles, lang) is None]


def _months_between(earlier: date, later: date) -> float:
    return (later - earlier).days / 30.44


def collect(problems: list[Problem], loader, *args):  # noqa: ANN001, ANN202
    try:
        return loader(*args)
    except ContentError as error:
        problems.extend(error.problems)
        return None


class LinesFromSource(Protocol):
    """Reads the data site.yaml's `resources:` names (HSDS, a spreadsheet) into entries of
    resources.yaml: the file read, the entries, the import's report as problems, and where
    each entry was read. The importers do it (importers/source.py's `entries_from_source`),
    which sit above content: whoever loads a kit hands it down (pipeline/kit_checks.py)."""

    def __call__(self, root: Path, source: dict[str, Any], country: str,
                 organization: str | None) -> tuple[Path, list[dict[str, Any]],
                                                    list[Problem], list[Source]]: ...


def load_resources(path: Path, site: Site, warnings: list[Problem] | None = None,
                   roots: tuple[Path, ...] | None = None,
                   lines_from_source: LinesFromSource | None = None) -> tuple[Resource, ...]:
    """resources.yaml, or the HSDS data or spreadsheet that site.yaml's `resources:` names,
    read by `lines_from_source` (records it leaves out for their data go to `warnings`; read
    only from inside `roots`, the content folders and those allowed, when given)."""
    if site.resource_source is not None:
        if lines_from_source is None:  # the caller's mistake, never the content's
            raise TypeError(f"{site.source.path} names `resources:` data: whoever loads "
                            "the kit passes lines_from_source (pipeline/kit_checks.py's)")
        if roots is not None:
            _check_source_inside(path.parent, site, roots)
        source, entries, left_out, origins = lines_from_source(
            path.parent, site.resource_source, site.options.country, site.options.organization)
        if warnings is not None:
            warnings.extend(left_out)
        if not entries:
            raise ContentError(Problem(source, "no active lines to print after selection",
                                       code=Code.LINES_NONE_SELECTED))
        # a problem of a line names the spreadsheet's row; the worklist, an HSDS service
        lines: dict[KeyPath, int] = {("resources", index): where.line
                                     for index, where in enumerate(origins)
                                     if where.line is not None}
        read = resources_from_doc(YamlDoc(source, {"resources": entries}, lines), site,
                                  warnings)
        return tuple(replace(line, source=where) if where.record else line
                     for line, where in zip(read, origins, strict=True))
    if not path.is_file():
        raise ContentError(Problem(path, "resources.yaml is missing: list at least one line",
                                   code=Code.LINES_FILE_MISSING))
    return resources_from_doc(load_yaml(path), site, warnings)


def resources_from_doc(doc: YamlDoc, site: Site, warnings: list[Problem] | None = None
                       ) -> tuple[Resource, ...]:
    """The lines of a resources.yaml already parsed (also a draft in the web page, checked
    before it is saved); ContentError listing every problem; what is not wrong but may be
    (a number one digit from a national line's) goes to `warnings`, when given."""
    try:
        model = validate_doc(doc, ResourcesFileModel, {"country": site.options.country})
    except ContentError as error:  # and what else is wrong with every line, all at once
        found = [*error.problems, *_valid_parts_problems(
            doc, site.options.country, site.emergency_number, warnings)]
        raise ContentError(sorted(found, key=lambda problem: problem.line or 0)) from None
    if not model.resources:
        raise ContentError(Problem(doc.path, "resources: list at least one line", 1,
                                   code=Code.LINES_EMPTY))
    problems: list[Problem] = []
    resources = []
    kit_numbers = given_line_numbers(doc, site.options.country)
    for index, item in enumerate(model.resources):
        try:
            resources.append(_resource(item, index, doc, site.options.country,
                                       site.emergency_number, warnings,
                                       kit_numbers=kit_numbers))
        except ContentError as error:
            problems.extend(error.problems)
    if problems:
        raise ContentError(problems)
    return tuple(resources)


def line_problems_without_site(path: Path, country: str, emergency: str,
                               warnings: list[Problem]) -> list[Problem]:
    """What is wrong with each line of resources.yaml at `path`, checked for `country`,
    when site.yaml itself does not load (an unknown setting, a paper misspelled): a
    national line's number a digit off must not wait until site.yaml is mended to be
    seen. Empty when the file is missing or unreadable (site.yaml's problems say enough)."""
    if not path.is_file():
        return []
    try:
        doc = load_yaml(path)
    except ContentError:
        return []
    try:
        validate_doc(doc, ResourcesFileModel, {"country": country})
    except ContentError as error:
        found = [*error.problems, *_valid_parts_problems(doc, country, emergency, warnings)]
        return sorted(found, key=lambda problem: problem.line or 0)
    return _valid_parts_problems(doc, country, emergency, warnings)


def _valid_parts_problems(doc: YamlDoc, country: str, emergency: str,
                          warnings: list[Problem] | None) -> list[Problem]:
    """What is wrong with the valid parts of the lines of a file that did not validate: each
    line's own checks (a number a digit from a national line's, a premium number in its
    hours) on the fields that are valid, so that one line's invalid number does not hide
    another's wrong digit until it is mended."""
    from pydantic import ValidationError

    entries = doc.data.get("resources") if isinstance(doc.data, dict) else None
    if not isinstance(entries, list):
        return []
    context = {"country": country}
    problems: list[Problem] = []
    kit_numbers = given_line_numbers(doc, country)
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            continue
        try:
            item = ResourceModel.model_validate(entry, context=context)
            whole = True
        except ValidationError as error:
            wrong = {str(found["loc"][0]) for found in error.errors() if found["loc"]}
            try:
                item = ResourceModel.model_validate(
                    {key: value for key, value in entry.items() if str(key) not in wrong},
                    context=context)
            except ValidationError:
                continue
            whole = False
        try:
            _resource(item, index, doc, country, emergency, warnings, whole=whole,
                      kit_numbers=kit_numbers)
        except ContentError as error:
            problems.extend(error.problems)
    return problems


def _check_source_inside(root: Path, site: Site, roots: tuple[Path, ...]) -> None:
    """`resources:` must name data inside the content folders (or a folder allowed)."""
    assert site.resource_source is not None
    named = str(site.resource_source["path"])
    source = root / named
    if named.lower().startswith(("http://", "https://")) or is_inside(source, roots):
        return  # an HSDS API is read from its copy, beside site.yaml
    line = load_yaml(site.source.path).line_of(("resources",))
    raise ContentError(Problem(site.source.path, (
        f"resources: {named!r} is outside the content folder: havenprint reads only files "
        f"inside it and the folders it extends; {ALLOW_HINT}"), line, code=Code.LINES_OUTSIDE,
        fields={"file": named}))


def _resource(item: ResourceModel, index: int, doc: YamlDoc, country: str,
              emergency_number: str, warnings: list[Problem] | None = None,
              whole: bool = True, kit_numbers: frozenset[str] = frozenset()) -> Resource:
    """A validated entry (its numbers already checked for the country) as a `Resource`;
    `whole`: False for what is valid of an entry whose other fields are not (left out),
    which is checked without asking for what they would give (a name, a number);
    `kit_numbers`: the kit's confirmed numbers (`given_line_numbers`), which its words may
    give as any text of the kit may."""
    def phone(raw: str | None) -> Phone | None:
        return None if raw is None else parse_phone(raw, country)

    qr = item.qr or ("tel" if item.phone else "sms" if item.text else "url" if item.url else None)
    needed = {"tel": item.phone, "sms": item.text, "url": item.url}
    main_phone = phone(item.phone)
    emergency = _dials(main_phone, emergency_number)
    names = Texts.given(item.name)
    label = names.first() or (EMERGENCY_NAME if emergency else f"line {index + 1}")
    problems = []
    if not names and not emergency and whole:
        line = doc.line_of(("resources", index))
        problems.append(Problem(doc.path, f"{label}: missing field 'name' (only the line that "
                                          "dials the emergency number may go unnamed)", line,
                                code=Code.LINE_NO_NAME, fields={"name": label}))
    if qr is not None and needed[qr] is None and whole:
        what = {"tel": "phone", "sms": "text", "url": "url"}[qr]
        line = doc.line_of(("resources", index, "qr"))
        problems.append(Problem(doc.path, f"{label}: qr is {qr} but there is no {what}", line,
                                code=Code.LINE_QR_WITHOUT,
                                fields={"name": label, "qr": qr, "missing": what}))
    if not (item.phone or item.text or item.url) and whole:
        line = doc.line_of(("resources", index))
        problems.append(Problem(doc.path, f"{label}: give a phone, a text line or a url", line,
                                code=Code.LINE_UNREACHABLE, fields={"name": label}))
    tty = None if item.tty is None else parse_tty(item.tty, country)
    texted = (None if item.text is None
              else parse_text_number(item.text.number, country))
    own = (frozenset(number.e164 for number in (main_phone, tty, texted) if number)
           if item.differs_from_published else frozenset())
    problems.extend(_text_problems(item, label, index, doc, country, own | kit_numbers))
    if not item.differs_from_published:
        published = _published_problems(
            {"phone": main_phone, "tty": tty, "text.number": texted}, names, item.url, label,
            index, doc, country, item.text.keyword if item.text else None)
        problems.extend(found for found in published if found.severity == "error")
        if warnings is not None:
            warnings.extend(found for found in published if found.severity != "error")
    if problems:
        raise ContentError(problems)
    hours, tab_labels = Texts.given(item.hours), Texts.given(item.tab_label)
    return Resource(
        name=label,
        phone=main_phone,
        tty=tty,
        text=(TextLine(texted.raw, item.text.keyword, Texts.given(item.text.description),
                       texted.e164)
              if item.text and texted else None),
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
        free=item.free,
        confidential=item.confidential,
        differs_from_published=item.differs_from_published,
        # asked of the first line only: no piece says it of another
        free_number=(index == 0 and main_phone is not None and item.free is None
                     and free_to_call(main_phone, country)),
    )


def _text_problems(item: ResourceModel, label: str, index: int, doc: YamlDoc,
                   country: str, own: frozenset[str] = frozenset()) -> list[Problem]:
    """A number written into a line's printed words (its name, hours, tab label, texting
    words) that the line itself could not print: a premium-rate number in its hours (`own`:
    the kit's confirmed numbers, `line_numbers`, which it may give as an article may)."""
    from generator.content.text_numbers import printed_text_problem

    given = {"name": item.name, "hours": item.hours, "tab_label": item.tab_label,
             "text.description": item.text.description if item.text else None}
    problems = []
    for field, value in given.items():
        texts = value.items() if isinstance(value, dict) else [(None, value)] if value else []
        for lang, text in texts:
            problem = printed_text_problem(text, country, known=own)
            if problem:
                key: tuple[str | int, ...] = ("resources", index, *field.split("."),
                                              *([lang] if lang else []))
                problems.append(problem.at(doc.path, doc.line_of(key),
                                           prefix=f"{label}: {field}: ", key=field, name=label))
    return problems


def _published_problems(numbers: dict[str, Phone | None], names: Texts, url: str | None,
                        label: str, index: int, doc: YamlDoc, country: str,
                        keyword: str | None = None) -> list[Problem]:
    """A number a digit or two away from what the national line the entry names publishes,
    or another national line's, or a texting keyword other than its own
    (generator/content/published_lines.py), on the line of its field."""
    from generator.content.published_lines import differences

    given = {field: phone for field, phone in numbers.items() if phone is not None}
    written = [names.default or "", *(text for _, text in names.by_lang)]
    return [Problem(doc.path, f"{label}: {found.field}: {found.message}",
                    doc.line_of(("resources", index, *found.field.split("."))),
                    found.severity, code=found.code,
                    fields={**found.fields, "name": label, "key": found.field})
            for found in differences(given, written, url, country, keyword)]


def _dials(phone: Phone | None, number: str) -> bool:
    """Whether the line is the emergency number itself ("Emergency: 911", in any digits:
    ９１１, ٩١١): it is always printed, like the first line."""
    digits = "".join(str(unicodedata.decimal(char)) for char in number if char.isdecimal())
    return phone is not None and phone.e164 == digits


def find_article(root: Path, slug: str, lang: str) -> Article:
    folder = root / "articles"
    for suffix in ARTICLE_SUFFIXES:
        path = folder / f"{slug}.{lang}{suffix}"
        if path.is_file():
            return with_card_line(cached_article(path, slug, lang))
    raise ContentError(Problem(
        folder / f"{slug}.{lang}.md",
        f"no article '{slug}' for language '{lang}': add {slug}.{lang}.md or {slug}.{lang}.txt",
        code=Code.NO_ARTICLE, lang=lang, fields={"slug": slug}))


def with_card_line(article: Article) -> Article:
    """`article`, when it has a line for the card; else ContentError."""
    if not article.card_line:
        path = article.source.path if article.source else Path(article.slug)
        raise ContentError(Problem(path, (
            f"no card line: the first sentence is over {CARD_LINE_MAX_CHARS} characters and no "
            "key point is shorter; add a short `card: ...` line to the front matter (one short "
            "sentence: a pocket card holds about 50 characters on one line, 100 on two)"), 1,
            code=Code.NO_CARD_LINE, fields={"limit": CARD_LINE_MAX_CHARS}))
    return article
