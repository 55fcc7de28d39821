"""When the lines do not fit: a line prints whole (its numbers, text keyword and TTY) or not
at all; its hours and languages go before whole lines do, and the first line and the
emergency line are always printed (on a pocket card the emergency number is in the safety
note). Pages are read back: each line's number must be on the page, directly under the line's
name."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.content.load import load_kit
from generator.content.models import Resource
from generator.errors import ContentError
from generator.i18n.localize import load_strings
from generator.layout.paragraphs import Paragraph, Part, parse_block
from tests.conftest import (
    DEFAULT_CONTENT,
    add_local_lines,
    card_printed_name,
    char_boxes,
    edit,
    page_texts,
)

Box = tuple[str, float, float, float, float]  # char, left, bottom, right, top
LEFT_OUT = re.compile(
    r"left out '([^']*)'(?: \((\w+)\) from '([^']*)')?: it (?:does not fit|comes after)")


def visual_lines(pdf: Path, page_index: int) -> list[list[Box]]:
    """The ASCII characters as drawn (the names and numbers looked for are ASCII; shaped
    Arabic glyphs have boxes too tall to group by), in lines, top first, left to right: each
    glyph where it is drawn (without /ActualText: a right-to-left page gives PDFium its
    text on invisible glyphs of one point at each line's start, 01ae2bb)."""
    boxes = [box for box in char_boxes(pdf, page_index, glyphs=True) if box[0].isascii()]
    boxes.sort(key=lambda box: -(box[2] + box[4]))
    lines: list[list[Box]] = []
    for box in boxes:
        middle, height = (box[2] + box[4]) / 2, box[4] - box[2]
        if lines:
            line = lines[-1]
            lowest = min((b[2] + b[4]) / 2 for b in line)
            tallest = max(b[4] - b[2] for b in line)
            if middle >= lowest - 0.45 * max(tallest, height):
                line.append(box)
                continue
        lines.append([box])
    return [sorted(line, key=lambda box: box[1]) for line in lines]


def runs(line: list[Box]) -> list[list[Box]]:
    """A line cut where the gap is wider than a few spaces (two columns on one baseline)."""
    tallest = max(box[4] - box[2] for box in line)
    pieces = [[line[0]]]
    for box in line[1:]:
        if box[1] - pieces[-1][-1][3] > 1.2 * tallest:
            pieces.append([])
        pieces[-1].append(box)
    return pieces


def text_under(lines: list[list[Box]], name: str) -> str:
    """What is printed on the first line below `name`, in the runs that share its width."""
    assert name.isascii()
    wanted = "".join(name.split())
    for index, line in enumerate(lines):
        text = "".join(box[0] for box in line)
        start = text.find(wanted)
        if start < 0:
            continue
        left, right = line[start][1], line[start + len(wanted) - 1][3]
        for below in lines[index + 1:]:
            inside = [run for run in runs(below) if run[0][1] < right and run[-1][3] > left]
            if inside:
                return " ".join("".join(box[0] for box in run) for run in inside)
        return ""
    raise AssertionError(f"{name!r} is not on the page")


def plain_english_names(kit: Path) -> None:
    """Each line named in English for every language (text_under finds ASCII names); the
    emergency line under a name of its own, not the catalogue's word for "Emergency"."""
    path = kit / "resources.yaml"
    text = re.sub(r"  - name:\n      en: (.*)\n(?:      \S.*\n)+", r"  - name: \1\n",
                  path.read_text(encoding="utf-8"))
    path.write_text(text.replace("  - name: Emergency\n", "  - name: Emergency services\n"),
                    encoding="utf-8")


def dials_emergency(resource: Resource, emergency: str) -> bool:
    return resource.phone is not None and resource.phone.raw == emergency


def left_out(err: str) -> list[tuple[str, str, str]]:
    """(what, kind, line) of each warning; kind and line are empty for a whole line."""
    return LEFT_OUT.findall(err)


# --- the default kit in Arabic and Russian ----------------------------------------------------

def test_every_line_prints_on_arabic_and_russian_cards_and_posters(tmp_path: Path,
                                                                   run) -> None:  # noqa: ANN001
    kit = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, kit)
    edit(kit / "site.yaml", "languages: [en, es, ar, zh-Hans]", "languages: [ar, ru]")
    plain_english_names(kit)
    model = load_kit(kit)
    emergency = [r for r in model.resources if dials_emergency(r, model.site.emergency_number)]
    assert [r.name for r in emergency] == ["Emergency services"]
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--format", "poster",
                 "--target", "shop", "--no-previews")
    assert result.code == 0, result.err
    for lang in ("ar", "ru"):
        for pdf, page in ((out / lang / "pocket-card-shop.pdf", 1),
                          (out / lang / "poster-letter-shop.pdf", 0)):
            lines = visual_lines(pdf, page)
            strings = load_strings(lang, kit)
            for resource in model.resources:
                assert resource.phone is not None
                if resource in emergency and pdf.name.startswith("pocket-card"):
                    # the safety note along the card's foot names it
                    assert resource.phone.display in "".join(
                        box[0] for box in lines[-1]), (lang, pdf)
                    continue
                if resource in emergency:  # the Letter poster's note names it, once (issue
                    # 42's review of 19acfa4: not listed again as an "Emergency" block)
                    assert "".join(page_texts(pdf)[page].split()).count(
                        resource.phone.display) == 1, (lang, pdf)
                    continue
                name = resource.name_in(lang, strings)  # in the card's language
                if pdf.name.startswith("pocket-card"):  # without the number under it
                    name = card_printed_name(name, resource.phone.raw)
                assert resource.phone.display in text_under(lines, name), (lang, pdf)
                for way in (resource.tty, resource.text):
                    if way is not None:  # every way to reach the line, on every piece
                        number = way.display if hasattr(way, "display") else way.number
                        assert number in page_texts(pdf)[page], (lang, pdf, number)
    # Nothing that reaches a line was left out but a web address beside its numbers, which
    # a card's back prints only where it has the room (issue 42; the brochure prints it);
    # `check` says the same as `build`.
    warnings = left_out(result.err)
    assert all(kind in ("hours", "languages", "checked", "web") for _, kind, _ in warnings)
    check = run("check", kit, "--format", "pocket-card", "--format", "poster")
    assert check.code == 0
    assert sorted(left_out(check.err)) == sorted(warnings)


# --- a list too long for the card -------------------------------------------------------------

def move_emergency_line_last(kit: Path) -> None:
    """The emergency line after the local lines: the first a list would drop by order."""
    path = kit / "resources.yaml"
    text = path.read_text(encoding="utf-8")
    entry = '  - name: Emergency\n    phone: "911"\n    verified: 2026-11-01\n'
    assert entry in text
    path.write_text(text.replace(entry, "") + entry, encoding="utf-8")


def add_lines_with_details(kit: Path, count: int) -> None:
    extra = "".join(
        f"  - name: Local line {n}\n    phone: 1-800-799-72{n:02d}\n"
        f"    tty: 1-800-799-73{n:02d}\n    hours: Mon–Fri 9:00–17:00\n"
        "    verified: 2026-11-01\n" for n in range(count))
    path = kit / "resources.yaml"
    path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")


@pytest.mark.parametrize("fmt, pdf_name, page", [("pocket-card", "pocket-card-shop.pdf", 1),
                                                 ("poster", "poster-letter-shop.pdf", 0)])
def test_hours_go_before_lines_and_lines_go_whole(
        kit: Path, tmp_path: Path, run, fmt: str, pdf_name: str, page: int) -> None:  # noqa: ANN001
    """A line that does not fit whole is left out with every line after it (the emergency
    line, required, stays), and the warning says where it does print; the lines kept keep
    every TTY and text number (they lost their TTY before their lines went: the only way to
    call for a Deaf survivor)."""
    add_lines_with_details(kit, 4)
    move_emergency_line_last(kit)
    model = load_kit(kit)
    out = tmp_path / "out"
    # Large print carries all seven lines (its pages run on); the brochure's flap, at 9.5 pt
    # at the least, leaves the last ones out too.
    result = run("build", kit, "--out", out, "--format", fmt, "--format", "large-print",
                 "--target", "shop", "--no-previews")
    assert result.code == 0, result.err
    warnings = left_out(result.err)
    dropped = [what for what, kind, _ in warnings if not kind]
    optional = [r.name for r in model.resources if not r.required]
    assert dropped, "the list is long enough that whole lines must go"
    assert dropped == optional[len(optional) - len(dropped):], "the last lines, in order"
    assert {kind for _, kind, _ in warnings} <= {"", "hours", "languages", "checked"}
    for number, name in enumerate(dropped):
        warning = next(line for line in result.err.splitlines() if f"left out '{name}'" in line)
        why = ("it does not fit whole" if number == 0 else
               f"it comes after '{dropped[0]}', which is left out: the lines keep their order")
        assert f"left out '{name}': {why}; it prints whole on the large print" in warning, \
            warning
    text = " ".join(page_texts(out / "en" / pdf_name)[page].split())
    kept = [r for r in model.resources if r.name not in dropped]
    lines = visual_lines(out / "en" / pdf_name, page)
    for resource in kept:
        assert resource.phone is not None
        if resource.emergency:  # in the safety note (the Letter poster's too, since issue
            # 42's review of 19acfa4: not listed again under it)
            assert f"call {resource.phone.display}." in text
            continue
        name = (card_printed_name(resource.name, resource.phone.raw) if fmt == "pocket-card"
                else resource.name)  # the card's without the number under it
        assert resource.phone.display in text_under(lines, name)
        if resource.tty is not None:
            assert resource.tty.display in text, resource.name
    assert "Emergency" in [r.name for r in kept]
    for name in dropped:
        assert name not in text


def test_required_lines_that_do_not_fit_name_the_emergency_line(kit: Path, run) -> None:  # noqa: ANN001
    add_local_lines(kit, 4, required=True)
    result = run("check", kit, "--format", "pocket-fold")
    assert result.code == 1
    message = next(line for line in result.err.splitlines() if "required lines" in line)
    assert "Emergency, Local line 0, Local line 1" in message
    assert "do not fit, even without their optional details" in message


def test_the_emergency_line_is_required() -> None:
    kit = load_kit(DEFAULT_CONTENT)
    assert [r.name for r in kit.resources if r.required] == [
        "National Domestic Violence Hotline", "Emergency"]


# --- how templates mark what may be left out --------------------------------------------------

TEMPLATE = Path("layouts/x/back.j2")


def test_a_paragraph_or_a_span_may_be_optional() -> None:
    rendered = ('<p style="name">Line</p>\n<p style="detail" optional="languages">English</p>\n'
                '<p style="detail">Text 2<optional kind="hours" sep=" · ">24/7</optional>'
                '<optional kind="languages" sep=" · ">English</optional></p>\n'
                '<p style="others_heading" once="1">Also</p>')
    name, languages, detail, heading = parse_block(rendered, "resource", TEMPLATE)
    assert name == Paragraph("name", "Line")
    assert languages.markup == "English" and languages.without({0}) is None
    assert detail.markup == "Text 2 · 24/7 · English"
    assert detail.parts == (Part("Text 2"), Part("24/7", "hours", " · "),
                            Part("English", "languages", " · "))
    assert detail.without({1}) == Paragraph("detail", "Text 2 · English")
    assert detail.without({1, 2}) == Paragraph("detail", "Text 2")
    assert heading.once and not detail.once


@pytest.mark.parametrize("kind", ["tty", "text", "phone", "url"])
def test_a_way_to_reach_a_line_is_never_optional(kind: str) -> None:
    """A site's own template cannot mark a TTY, text or phone number or a web address
    optional: a line is printed whole or not at all."""
    for rendered in (f'<p style="detail" optional="{kind}">x</p>',
                     f'<p style="detail"><optional kind="{kind}">x</optional></p>'):
        with pytest.raises(ContentError) as error:
            parse_block(rendered, "resource", TEMPLATE)
        assert (f"optional '{kind}': a line's number, text keyword, TTY and "
                "web address are never left out") in error.value.problems[0].message


@pytest.mark.parametrize("rendered, message", [
    ('<p style="detail" optional="fax">x</p>', "unknown optional detail 'fax': use one of"),
    ('<p style="detail" drop="1">x</p>', "unknown attribute 'drop' on <p>"),
    ('<p style="detail"><optional kind="checked">a<optional kind="hours">b</optional></optional>'
     '</p>',
     "cannot be nested"),
    ('<p style="detail" optional="checked"><optional kind="hours">b</optional></p>',
     "mark one or the other"),
    ('<p style="detail"><optional>b</optional></p>', 'write a detail as <optional kind='),
])
def test_a_badly_marked_detail_names_the_template(rendered: str, message: str) -> None:
    with pytest.raises(ContentError) as error:
        parse_block(rendered, "resource", TEMPLATE)
    problem = error.value.problems[0]
    assert problem.path == TEMPLATE
    assert problem.message.startswith("block 'resource': ")
    assert message in problem.message


# --- lines reached by text or on the web only -------------------------------------------------

def test_a_text_only_first_line_is_the_hero_and_web_only_lines_come_last(kit: Path,
                                                                          tmp_path: Path,
                                                                          run) -> None:  # noqa: ANN001
    """A first line reached only by text printed its keyword and number in the small detail
    type; a line reached only on the web printed a bare name, before lines with numbers,
    and pushed them off the card."""
    from tests.test_type_scale import sizes_of

    (kit / "resources.yaml").write_text(
        "resources:\n"
        "  - name: Crisis Text Line\n    text: {number: '741741', keyword: HOME}\n"
        "    qr: sms\n    verified: 2026-11-01\n"
        "  - name: Online chat\n    url: https://chat.example.org/start\n"
        "    verified: 2026-11-01\n"
        "  - name: Local line\n    phone: 1-800-799-7201\n    tty: 1-800-799-7202\n"
        "    verified: 2026-11-01\n"
        "  - name: Emergency\n    phone: '911'\n    verified: 2026-11-01\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card-shop.pdf"
    back = " ".join(page_texts(pdf)[1].split())
    assert "Text HOME to 741741" in back  # in words, verb and all
    assert min(sizes_of(pdf, 1, "Text HOME")) >= 13  # as large as a number
    # its address is how to reach it: the page the QR code opens, path and all
    assert "Online chat chat.example.org/start" in back
    assert back.index("Local line") < back.index("Online chat")
