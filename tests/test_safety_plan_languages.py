"""The safety plan in every language the kit knows, on Letter and on A4, read back with pdfium.

Which printed line is a heading is derived from the catalogue (the questions' titles and the
lines' heading), which is a number from resources.yaml; the sizes are the PDF's. The
designer's review: in ar, fa and ur "Who you can contact" fell to 10.88 pt beside the other
headings' 12, and the numbers to 13.15 pt.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from generator.i18n.localize import load_strings
from generator.layout.compose import fill
from tests.conftest import (
    cli_problems,
    fold_languages,
    sixteen_language_kit,
    text_objects,
)
from tests.notes_truth import spaceless

FORMAT = "safety-plan"
SIZES = ("us", "iso")
LANGS = fold_languages()  # the 16 the kit knows (am where its font is installed)
HEADINGS = ("lines_heading", "safety_plan_safe_place_title", "safety_plan_people_title",
            "safety_plan_code_word_title", "safety_plan_documents_title",
            "safety_plan_children_title", "safety_plan_take_title")
STEP = 1.25  # a number over a heading: design.md's scale, a step and more
SAME = 0.05


@pytest.fixture(scope="module")
def plans(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """Each paper's (kit folder, output folder)."""
    built = {}
    for size in SIZES:
        root = tmp_path_factory.mktemp(f"safety-plan-{size}")
        kit = sixteen_language_kit(root / "kit", size)
        code, err, _ = cli_problems(["build", str(kit), "--out", str(root / "out"),
                                     "--format", FORMAT, "--target", "shop",
                                     "--no-previews", "--jobs", "2"])
        assert code == 0, err
        built[size] = (kit, root / "out")
    return built


def printed_lines(pdf: Path, page_index: int = 1) -> list[tuple[float, str]]:
    """(size, text) of each line printed in ink on the page (the inside): its runs on one
    baseline in one half of the sheet, left to right. A shaped or right-to-left run's
    glyphs read back as nothing: its text is the unseen run drawn just before them (the
    whole line's, as readers get it), taken once."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    half = page.get_width() / 2
    lines: dict[tuple[int, float, float], list[tuple[float, str]]] = {}
    unseen = ""
    for drawn in text_objects(page):
        if not drawn.inked:
            unseen = drawn.text
            continue
        left = drawn.bounds[0]
        points = round(drawn.size, 2)
        runs = lines.setdefault((int(left // half), round(drawn.baseline), points), [])
        said = drawn.text if spaceless(drawn.text) else unseen
        if said and not any(said == other for _, other in runs):
            runs.append((left, said))
    return [(points, " ".join(text for _, text in sorted(runs)))
            for (_, _, points), runs in sorted(lines.items(), key=lambda item: -item[0][1])]


def shop(plans: dict[str, tuple[Path, Path]], size: str, lang: str) -> Path:
    return plans[size][1] / lang / f"{FORMAT}-shop.pdf"


def phones(kit: Path) -> set[str]:
    source = yaml.safe_load((kit / "resources.yaml").read_text(encoding="utf-8"))
    # the line that dials the emergency number is not listed: the safety note names it
    return {spaceless(str(entry["phone"])) for entry in source["resources"]
            if "phone" in entry and str(entry["phone"]) != "911"}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_heading_one_size_and_the_numbers_a_step_above(plans, size: str,  # noqa: ANN001
                                                             lang: str) -> None:
    """Before: ar, fa, ur "Who you can contact" at 10.88 pt, the other headings 12, the
    numbers 13.15."""
    kit = plans[size][0]
    strings = load_strings(lang, kit)
    lines = printed_lines(shop(plans, size, lang))
    sizes: dict[str, set[float]] = {}
    for key in HEADINGS:
        heading = spaceless(strings[key])
        found = [(points, spaceless(text)) for points, text in lines
                 if spaceless(text) and spaceless(text) in heading]
        assert sum(len(text) for _, text in found) >= len(heading), (lang, size, key, found)
        sizes[key] = {points for points, _ in found}
    every = set().union(*sizes.values())
    assert max(every) - min(every) <= SAME, (lang, size, sizes)
    numbers = [points for points, text in lines if spaceless(text) in phones(kit)]
    assert len(numbers) == len(phones(kit)), (lang, size, numbers)
    assert min(numbers) >= STEP * max(every) - SAME, (lang, size, numbers, max(every))


# A sentence's end (. ! ? … and Arabic's, Urdu's, the danda, Ethiopic's full stop), maybe
# closed by a quotation mark or bracket, then one word that does not end a sentence itself,
# ending the line: "Знают ли дети, что делать? Где / может побыть питомец?".
LONE_START = re.compile(r"[.!?\u2026\u061f\u06d4\u0964\u1362][\"\u201d\u2019\u00bb)]*\s+"
                        r"[^\s.!?\u2026\u061f\u06d4\u0964\u1362]+$")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_no_line_ends_with_the_next_sentences_first_word(plans, size: str,  # noqa: ANN001
                                                         lang: str) -> None:
    """Before: ru "Знают ли дети, что делать? Где /", hi "…जानते हैं? पालतू /", am
    "…ያውቃሉ? የቤት /"."""
    pdf = shop(plans, size, lang)
    checked = checked_line(plans[size][0], lang)
    lone = [text for page in (0, 1) for _, text in printed_lines(pdf, page)
            if LONE_START.search(text.strip()) and spaceless(text) != checked]
    assert not lone, (lang, size, lone)


def checked_line(kit: Path, lang: str) -> str:
    """The back cover's "Checked Nov 2026" (the oldest `verified` of resources.yaml, as the
    language writes a month), spaceless: a date, whose abbreviated month may end with a
    full stop ("Vérifié en nov. 2026") and is no sentence's end."""
    from babel.dates import format_skeleton

    source = yaml.safe_load((kit / "resources.yaml").read_text(encoding="utf-8"))
    oldest = min(entry["verified"] for entry in source["resources"])
    month = format_skeleton("yMMM", oldest, locale=lang.replace("-", "_"))
    return spaceless(fill(load_strings(lang, kit)["checked"], date=month))


def inked_runs(pdf: Path, page_index: int = 1) -> list[tuple[float, float, str]]:
    """(size, lightness 0-1 of its fill: 0 is black, text) of each run printed in ink."""
    runs, unseen = [], ""
    for drawn in text_objects(pdfium.PdfDocument(str(pdf))[page_index]):
        if not drawn.inked:
            unseen = drawn.text
            continue
        runs.append((round(drawn.size, 2), sum(drawn.fill) / (3 * 255),
                     drawn.text if spaceless(drawn.text) else unseen))
    return runs


def line_names(kit: Path, lang: str) -> list[str]:
    source = yaml.safe_load((kit / "resources.yaml").read_text(encoding="utf-8"))
    names = []
    for entry in source["resources"]:
        name = entry["name"]
        names.append(spaceless(name.get(lang, name["en"]) if isinstance(name, dict) else name))
    return names


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_line_names_stand_out_from_their_details(plans, size: str,  # noqa: ANN001
                                                 lang: str) -> None:
    """Before: every line's name grey at 10 pt, its details' size. Now in ink, as dark
    as its details at least, and at their size or larger (12 pt where the page has room)."""
    kit = plans[size][0]
    strings = load_strings(lang, kit)
    runs = inked_runs(shop(plans, size, lang))
    source = yaml.safe_load((kit / "resources.yaml").read_text(encoding="utf-8"))
    tty = "".join(spaceless(fill(strings["tty"], number=entry["tty"]))
                  for entry in source["resources"] if "tty" in entry)
    details = [(points, light) for points, light, text in runs
               if len(spaceless(text)) >= 3 and not spaceless(text).isdigit()
               and spaceless(text) in tty]
    assert details, (lang, size, tty)
    detail_size = max(points for points, _ in details)
    detail_light = max(light for _, light in details)
    names = [(points, light, text) for points, light, text in runs
             if len(spaceless(text)) >= 3 and not spaceless(text).isdigit()
             and any(spaceless(text) in name for name in line_names(kit, lang))]
    assert names, (lang, size)
    for points, light, text in names:
        assert points >= detail_size - SAME, (lang, size, text, points, detail_size)
        assert light <= detail_light + 0.02, (lang, size, text, light, detail_light)
