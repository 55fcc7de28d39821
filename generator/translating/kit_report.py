"""What `havenprint check` and the web page's Overview say of a kit besides its pieces' layout,
assembled once for both: the articles' reading level, the interface strings still in English
or not reviewed, and the lines' and card line's texts given in one language that print in
every language, for the kit and each of its audience packs."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.content.audiences import pack_problem
from generator.content.models import Kit
from generator.errors import Problem
from generator.i18n.localize import native_name
from generator.safety.readability import reading_report
from generator.translating.catalogue_review import locale_problems
from generator.translating.untranslated import untranslated_problems


@dataclass
class KitReport:
    reading: list[Problem] = field(default_factory=list)  # each article's reading level
    translation: list[Problem] = field(default_factory=list)  # strings and texts untranslated

    @property
    def problems(self) -> list[Problem]:
        return [*self.reading, *self.translation]


def kit_report(kit: Kit, langs: list[str], strict: bool = False,
               packs: bool = True) -> KitReport:
    """The report on `kit` (a kit, or one audience pack) in `langs`: warnings, or errors with
    `strict`; with `packs`, on each of the kit's packs too (a pack's problems say which).
    Each problem carries its language."""
    names = {lang: native_name(lang) for lang in langs}
    report = KitReport(reading=_readability(kit, langs, packs))
    if kit.audience is None:  # the catalogues are the main kit's, and every pack's
        report.translation += locale_problems(kit.root, langs, strict=strict)
    own = untranslated_problems(kit, langs, strict=strict, names=names)
    report.translation += own
    for pack in kit.audiences if packs else ():  # what a pack prints of its own
        assert pack.audience is not None
        report.translation += [pack_problem(pack.audience, problem) for problem in
                               untranslated_problems(pack, langs, strict=strict, names=names)
                               if problem not in own]
    return report


def _readability(kit: Kit, langs: list[str], packs: bool) -> list[Problem]:
    """Each article's reading grade, once per file: a pack's own articles after the kit's
    (those it shares with the kit are the same file)."""
    seen: set[Path] = set()
    report = []
    for one in (kit, *kit.audiences) if packs else (kit,):
        for articles in one.library.values():
            for lang in langs:
                article = articles.get(lang)
                where = article.source.path if article and article.source else None
                if article is None or where in seen:
                    continue
                if where is not None:
                    seen.add(where)
                found = reading_report(article)
                report.extend(found if one.audience is None or one is kit
                              else [pack_problem(one.audience, p) for p in found])
    return report
