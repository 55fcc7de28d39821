"""The poster's tear-off tabs designed per sheet (issue 42: on Letter "the tabs carry text on
only about half their length"): as many tabs as carry the line whole with its number set
along most of their length (layout/place_tabs.py's TAB_FILL), the number the largest type on
them. Read back from the office PDFs in a Latin, a right-to-left, a Chinese, a Thai and a
Cyrillic kit, on Letter and A4 (Tabloid and A3: test_poster_design.py):

- the text (glyph boxes, read upwards) runs along three quarters of each tab's length at
  least (before: 62 % on Letter in English, its number at the 12 pt floor);
- the number is set at 14 pt at least, larger than the rest of the tab's text (pdfium's
  text objects: their font size times their matrix, right-to-left runs included);
- every tab reads back each of the line's numbers exactly, each whole (one run of text:
  no line ends inside it), and its texting keyword, from resources.yaml.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml

from generator.content.layouts import LayoutSpec
from tests.conftest import char_boxes, default_kit_in, drawn_text_sizes, text_objects
from tests.test_poster import tab_rects
from tests.test_poster_type_scale import digits, tear_line
from tests.test_where_lines_print import run_cli

LANGS = ("en", "ar", "zh-Hans", "th", "ru")
SIZES = ("letter", "a4")
LEAST_RUN = 0.75  # of a tab's length
LEAST_NUMBER = 14.0  # points; the tab style's floor is 12
INVISIBLE_MODES = (3, 7)
BOLD = 600  # a font weight
LAYOUT = Path(__file__).parent.parent / "layouts" / "poster" / "layout.yaml"


@pytest.fixture(scope="module")
def posters(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("poster-tabs")
    kit = default_kit_in(root / "kit", LANGS)
    sizes = [arg for size in SIZES for arg in ("--poster-size", size)]
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "poster", *sizes)
    assert code == 0, err
    assert "tabs" not in err, err  # every tab names the line: nothing said of them
    return kit, root / "out"


def main_line(kit: Path) -> dict:
    return yaml.safe_load((kit / "resources.yaml").read_text(encoding="utf-8"))["resources"][0]


def on(rect: tuple[float, float, float, float], box: tuple[float, float, float, float]
       ) -> bool:
    left, bottom, right, top = rect
    x0, y0, x1, y1 = box
    return left <= (x0 + x1) / 2 <= right and bottom <= (y0 + y1) / 2 <= top


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_tab_text_runs_along_most_of_each_tab(posters: tuple[Path, Path], size: str,
                                              lang: str) -> None:
    pdf = posters[1] / lang / f"poster-{size}.pdf"
    glyphs = char_boxes(pdf, 0, glyphs=True)
    tabs = tab_rects(size, pdf)
    assert 6 <= len(tabs) <= 8
    for rect in tabs:
        boxes = [box for box in glyphs if on(rect, box[1:])]
        assert boxes, (lang, size)
        run = max(box[4] for box in boxes) - min(box[2] for box in boxes)
        assert run >= LEAST_RUN * (rect[3] - rect[1]), (lang, size, run / (rect[3] - rect[1]))


def sizes_on(pdf: Path, rect: tuple[float, float, float, float]) -> list[tuple[float, bool]]:
    """(size in points, whether bold) of each text object drawn in ink on the tab (a
    right-to-left run's glyphs carry no text of their own: its font says which it is)."""
    page = pdfium.PdfDocument(str(pdf))[0]
    found = []
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_TEXT or not on(rect, obj.get_bounds()):
            continue
        if pdfium_c.FPDFTextObj_GetTextRenderMode(obj.raw) in INVISIBLE_MODES:
            continue
        size = ctypes.c_float()
        assert pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
        a, b, c, d, _, _ = obj.get_matrix().get()
        scale = max((a * a + b * b) ** 0.5, (c * c + d * d) ** 0.5)
        font = pdfium_c.FPDFTextObj_GetFont(obj.raw)
        name = ctypes.create_string_buffer(256)
        pdfium_c.FPDFFont_GetBaseFontName(font, name, len(name))
        # (the Chinese faces' bold subset gives the regular's weight: its name says it)
        bold = pdfium_c.FPDFFont_GetWeight(font) >= BOLD or b"-Bold" in name.value
        found.append((round(size.value * scale, 2), bold))
    return found


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_number_is_the_tabs_largest_type(posters: tuple[Path, Path], size: str,
                                             lang: str) -> None:
    """The number is the one bold style on a tab (layout.yaml: read here)."""
    styles = yaml.safe_load(LAYOUT.read_text(encoding="utf-8"))["styles"]
    bold = [name for name, style in styles.items()
            if name.startswith("tab_") and style["weight"] == "bold"]
    assert bold == ["tab_phone"]
    pdf = posters[1] / lang / f"poster-{size}.pdf"
    for rect in tab_rects(size, pdf):
        found = sizes_on(pdf, rect)
        number = [points for points, is_bold in found if is_bold]
        others = [points for points, is_bold in found if not is_bold]
        assert number and others, (lang, size, found)
        assert min(number) >= LEAST_NUMBER, (lang, size, number)
        assert min(number) > max(others), (lang, size, found)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_tab_reads_back_every_number_whole(posters: tuple[Path, Path], size: str,
                                                 lang: str) -> None:
    kit, out = posters
    line = main_line(kit)
    wanted = [str(line["phone"]), str(line["tty"]), str(line["text"]["number"]),
              line["text"]["keyword"]]
    pdf = out / lang / f"poster-{size}.pdf"
    page = pdfium.PdfDocument(str(pdf))[0]
    text_page = page.get_textpage()
    for rect in tab_rects(size, pdf):
        tab = text_page.get_text_bounded(*rect)
        for number in wanted:  # one run each: pdfium puts a line end between lines
            assert tab.count(number) == 1, (lang, size, number, tab)


TAB_LANGS = ("en", "ar", "zh-Hans", "th", "ru", "hi", "vi")


@pytest.mark.parametrize("discreet", [False, True], ids=["standard", "restroom"])
@pytest.mark.parametrize("size", ("letter", "a4", "tabloid", "a3"))
def test_a_tab_sets_its_words_at_one_size(built_posters: dict[bool, Path], size: str,
                                          discreet: bool) -> None:
    """The tabs' name and texting/TTY lines were set at 9.3 and 9.7 pt on Tabloid (issue 42's
    second review: near-equal sizes): read back with pypdf, below the tear line, every tab
    of every language sets two sizes at most, its number and one for its words."""
    for lang in TAB_LANGS:
        pdf = built_posters[discreet] / lang / f"poster-{size}.pdf"
        runs = [(round(s, 1), text) for s, text, y in drawn_text_sizes(pdf, 0)
                if y < tear_line(size, discreet) - 1]
        assert runs, (lang, size)
        number = {s for s, text in runs if digits(text) == "18007997233" and "TTY" not in text}
        words = {s for s, _ in runs} - number
        assert len(number) == 1 and len(words) <= 1, (lang, size, number, words)


LARGE = ("tabloid", "a3")
LEAST_LARGE_FILL = 0.85  # of a tab's length, on Tabloid and A3 (the review: 62-74 %)


def tab_text_run(objects: list, rect: tuple[float, float, float, float]) -> float:
    """How far the text objects drawn in ink on the tab run along it (read upwards)."""
    on_tab = [obj for obj in objects if obj.inked and on(rect, obj.bounds)]
    assert on_tab, rect
    return max(obj.bounds[3] for obj in on_tab) - min(obj.bounds[1] for obj in on_tab)


@pytest.mark.parametrize("discreet", [False, True], ids=["standard", "restroom"])
@pytest.mark.parametrize("size", LARGE)
def test_large_sheets_tabs_are_filled(built_posters: dict[bool, Path], size: str,
                                      discreet: bool) -> None:
    """Tabloid and A3 set their tabs' type for their tabs (layout.yaml's sizes.<size>.styles):
    Letter's max_size left the text along 73-76 % of them. Read back with pdfium (its text
    objects' boxes), in ten languages: every tab's text runs along 85 % of the tab's length
    (tear line to the band's foot, from layout.yaml's numbers) at least, and stays inside
    the 3 mm it keeps from the tear line and the foot; the number the largest type on it."""
    clearance = 3 * 72 / 25.4
    for lang in TAB_LANGS + ("es", "fr", "ko"):
        pdf = built_posters[discreet] / lang / f"poster-{size}.pdf"
        objects = text_objects(pdfium.PdfDocument(str(pdf))[0])
        tabs = tab_rects(size, pdf, discreet)
        assert 6 <= len(tabs) <= 8, (lang, size)
        for rect in tabs:
            length = rect[3] - rect[1]
            run = tab_text_run(objects, rect)
            assert LEAST_LARGE_FILL * length <= run <= length - 2 * clearance, (
                lang, size, round(run / length, 3))
            found = sizes_on(pdf, rect)
            number = [points for points, bold in found if bold]
            assert min(number) > max(points for points, bold in found if not bold), (
                lang, size, found)


def test_a_sizes_styles_name_the_layouts_styles() -> None:
    """sizes.<size>.styles changes a style of the layout on that sheet: a name that is no
    style (a typo) is an error, and so is a change that leaves the style wrong (a max_size
    under its size); the changed style is the layout's with only what the size sets."""
    spec = yaml.safe_load(LAYOUT.read_text(encoding="utf-8"))
    parsed = LayoutSpec.model_validate(spec)
    sized = parsed.at_size(parsed.sizes["tabloid"])
    assert sized.styles["tab_phone"] == parsed.styles["tab_phone"].model_copy(
        update={"max_size": spec["sizes"]["tabloid"]["styles"]["tab_phone"]["max_size"]})
    assert parsed.at_size(parsed.sizes["letter"]) is parsed
    spec["sizes"]["a3"]["styles"] = {"tab_nmae": {"max_size": 14}}
    with pytest.raises(ValueError, match=r"sizes\.a3\.styles: tab_nmae is no style"):
        LayoutSpec.model_validate(spec)
    spec["sizes"]["a3"]["styles"] = {"tab_phone": {"max_size": 12}}
    with pytest.raises(ValueError, match=r"sizes\.a3\.styles\.tab_phone: .*max_size 12 is "
                                         r"below size 20"):
        LayoutSpec.model_validate(spec)
