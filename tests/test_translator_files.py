"""Translator files: `havenprint locale export` (XLIFF 1.2, gettext PO) and `locale import`,
and the room each string has where it prints (generator/translating/string_room.py).

The files are read back with parsers of their own (ElementTree, polib, and translate-toolkit,
which Weblate reads them with), edited as a translator's tool would, imported, and the kit
built: what the card prints is read back from the PDF."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import unicodedata
import xml.etree.ElementTree as ET
from datetime import date
from pathlib import Path

import polib
import pytest
import yaml

from generator.layout.room_fit import sample
from generator.pipeline.kit_checks import load_checked_kit
from generator.translating.string_room import content_rooms
from tests.conftest import default_kit_in, page_texts

NS = "urn:oasis:names:tc:xliff:document:1.2"
X = f"{{{NS}}}"
ENGLISH = Path(__file__).resolve().parent.parent / "generator" / "locales" / "en.yaml"


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default kit printing English and Vietnamese (never changed: copy it)."""
    return default_kit_in(tmp_path_factory.mktemp("pristine") / "content", ["en", "vi"])


@pytest.fixture(scope="module")
def exported(pristine: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The Vietnamese XLIFF and PO files of the pristine kit, as `locale export` writes them."""
    from generator.commands.cli import main

    folder = tmp_path_factory.mktemp("exported")
    files = {"xliff": folder / "vi.xlf", "po": folder / "vi.po"}
    for file_format, path in files.items():
        assert main(["locale", "export", str(pristine), "vi", "--format", file_format,
                     "--out", str(path)]) == 0
    return files


@pytest.fixture
def vi_kit(pristine: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(pristine, tmp_path / "content"))


def _units(path: Path) -> dict[str, ET.Element]:
    return {unit.get("id") or "": unit for unit in ET.parse(path).getroot().iter(f"{X}trans-unit")}


def _unit_by_source(tree: ET.ElementTree, source: str) -> ET.Element:
    found = [unit for unit in tree.getroot().iter(f"{X}trans-unit")
             if unit.findtext(f"{X}source") == source]
    assert len(found) == 1, source
    return found[0]


def _set_target(unit: ET.Element, text: str) -> None:
    target = unit.find(f"{X}target")
    if target is None:
        target = ET.SubElement(unit, f"{X}target")
    target.text = text


def _edited_xliff(source: Path, folder: Path, targets: dict[str, str],
                  approve: bool = False) -> Path:
    """The XLIFF file with the units named in `targets` (by id) given those texts."""
    tree = ET.parse(source)
    for unit in tree.getroot().iter(f"{X}trans-unit"):
        if unit.get("id") in targets:
            _set_target(unit, targets[unit.get("id") or ""])
        if approve and unit.find(f"{X}target") is not None:
            unit.set("approved", "yes")
    path = folder / "edited.xlf"
    tree.write(path, encoding="utf-8", xml_declaration=True)
    return path


def _snapshot(folder: Path) -> dict[str, str]:
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def _card_text(kit: Path, out: Path, run) -> str:  # noqa: ANN001
    result = run("build", kit, "--format", "pocket-card", "--lang", "vi", "--target", "shop",
                 "--no-previews", "--out", out)
    assert result.code == 0, result.err
    text = " ".join(" ".join(page_texts(out / "vi" / "pocket-card-shop.pdf")).split())
    return unicodedata.normalize("NFC", text)


def _english_keys() -> list[str]:
    return [line.split(":", 1)[0] for line in ENGLISH.read_text(encoding="utf-8").splitlines()
            if re.match(r"[a-z][a-z0-9_]*:", line)]


# --- export ---------------------------------------------------------------------------------


def test_xliff_export_has_every_string_with_its_source_place_and_limit(
        exported: dict[str, Path]) -> None:
    root = ET.parse(exported["xliff"]).getroot()
    assert root.get("version") == "1.2"
    files = root.findall(f"{X}file")
    assert {f.get("original") for f in files} == {"locales/vi.yaml",
                                                  "articles/trauma-bonding.vi.md"}
    assert {f.get("target-language") for f in files} == {"vi"}
    units = _units(exported["xliff"])
    assert len(units) >= 20
    assert set(_english_keys()) <= set(units)  # every interface string
    assert {"trauma-bonding.title", "trauma-bonding.card",
            "trauma-bonding.key_points.1"} <= set(units)
    scan = _unit_by_source(ET.ElementTree(root), "Scan to call")
    assert scan.get("id") == scan.get("resname") == "scan_tel"
    assert scan.findtext(f"{X}target") == "Quét mã để gọi"  # the built-in Vietnamese
    assert scan.find(f"{X}target").get("state") == "needs-review-translation"  # a draft
    assert scan.get("approved") is None
    assert scan.get("size-unit") == "char" and int(scan.get("maxwidth") or 0) >= 12
    notes = " ".join(note.text or "" for note in scan.findall(f"{X}note"))
    assert "Pocket card, back, slot 'qr_label'" in notes
    assert "characters fit" in notes and "outside" in notes
    limited = [unit for unit in units.values() if unit.get("maxwidth")]
    assert len(limited) >= 10
    for unit in units.values():  # every unit says where it is printed
        assert unit.findtext(f"{X}source")
        assert unit.findall(f"{X}note"), unit.get("id")


def test_xliff_opens_in_weblates_parser(exported: dict[str, Path]) -> None:
    """translate-toolkit is what Weblate reads XLIFF with."""
    from translate.storage import xliff

    store = xliff.xlifffile.parsefile(str(exported["xliff"]))
    units = [unit for unit in store.units if not unit.isheader()]
    assert len(units) == len(_units(exported["xliff"]))
    assert store.gettargetlanguage() == "vi"
    scan = next(unit for unit in units if unit.source == "Scan to call")
    assert scan.target == "Quét mã để gọi"
    assert "qr_label" in scan.getnotes()
    assert scan.xmlelement.get("maxwidth") == _units(exported["xliff"])["scan_tel"].get(
        "maxwidth")


def test_po_export_has_contexts_comments_and_locations(exported: dict[str, Path]) -> None:
    po = polib.pofile(str(exported["po"]))
    assert po.metadata["Language"] == "vi"
    entries = [entry for entry in po if not entry.obsolete]
    assert len(entries) >= 20
    contexts = [entry.msgctxt for entry in entries]
    assert len(set(contexts)) == len(contexts) and set(_english_keys()) <= set(contexts)
    scan = po.find("Scan to call", msgctxt="scan_tel")
    assert scan is not None and scan.msgstr == "Quét mã để gọi" and "fuzzy" in scan.flags
    assert "Pocket card, back, slot 'qr_label'" in " ".join(scan.comment.split())
    assert re.search(r"At most \d+ characters", scan.comment)
    # each location is the template and line that prints it
    repo = ENGLISH.parent.parent.parent
    assert scan.occurrences
    for template, line in scan.occurrences:
        lines = (repo / template).read_text(encoding="utf-8").splitlines()
        assert "block" in lines[int(line) - 1], (template, line)
    assert "python-brace-format" in po.find("Checked {date}", msgctxt="checked").flags


def test_po_file_passes_msgfmt_and_weblates_parser(exported: dict[str, Path]) -> None:
    from translate.storage import po as ttk_po

    store = ttk_po.pofile.parsefile(str(exported["po"]))
    assert len([unit for unit in store.units if not unit.isheader()]) == len(
        [entry for entry in polib.pofile(str(exported["po"]))])
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(exported["po"])],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_export_refuses_to_replace_a_file(exported: dict[str, Path], pristine: Path,
                                          run) -> None:  # noqa: ANN001
    before = exported["po"].read_bytes()
    result = run("locale", "export", pristine, "vi", "--out", exported["po"])
    assert result.code == 2 and "already exists" in result.err
    assert exported["po"].read_bytes() == before


# --- rooms from the layouts as loaded -------------------------------------------------------


def test_rooms_follow_the_layout(vi_kit: Path) -> None:
    """The room comes from the layout as loaded: a narrower box holds fewer characters."""
    before = content_rooms(vi_kit, "vi")["scan_tel"]
    card = [room for room in before.rooms
            if (room.place.layout, room.place.slot) == ("pocket-card", "qr_label")]
    assert len(card) == 1 and card[0].fits and card[0].characters
    own = vi_kit / "layouts" / "pocket-card"
    shutil.copytree(Path(__file__).resolve().parent.parent / "layouts" / "pocket-card", own)
    layout = own / "layout.yaml"
    text = layout.read_text(encoding="utf-8")
    assert "name: qr_label, kind: text, style: label, box: [0.71, 0.0, 0.29, 1.0]" in text
    layout.write_text(text.replace("name: qr_label, kind: text, style: label, box: "
                                   "[0.71, 0.0, 0.29, 1.0]", "name: qr_label, kind: text, "
                                   "style: label, box: [0.85, 0.0, 0.15, 1.0]"),
                      encoding="utf-8")
    after = content_rooms(vi_kit, "vi")["scan_tel"]
    narrow = [room for room in after.rooms
              if (room.place.layout, room.place.slot) == ("pocket-card", "qr_label")]
    assert narrow[0].width < card[0].width * 0.6
    assert (narrow[0].characters or 0) < (card[0].characters or 0) * 0.7


def test_rooms_say_where_each_string_prints(vi_kit: Path) -> None:
    rooms = content_rooms(vi_kit, "vi")
    # the cards print "Text START to 88788" and "TTY: ..." in words: no built-in piece
    # draws a picture in place of a word any more
    assert not rooms["icon_call"].rooms and not rooms["icon_tty"].rooms
    assert rooms["text_keyword_to"].rooms and rooms["tty"].rooms
    assert not rooms["quick_exit"].rooms  # the web page's button: not on paper
    assert rooms["discreet_message"].outside  # the discreet poster, a variant of the kit
    assert not rooms["poster_others"].outside
    assert rooms["trauma-bonding.card"].rooms
    assert all(room.fits for key in ("scan_tel", "safety_note") for room in rooms[key].rooms)


# --- import: round trips --------------------------------------------------------------------


def test_xliff_round_trip_prints_on_the_vietnamese_card(vi_kit: Path, exported: dict[str, Path],
                                                        tmp_path: Path, run) -> None:  # noqa: ANN001
    tree = ET.parse(exported["xliff"])
    scan = _unit_by_source(tree, "Scan to call")
    new = "Quét để gọi ngay"
    assert len(new) <= int(scan.get("maxwidth") or 0)
    _set_target(scan, new)
    edited = tmp_path / "vi-edited.xlf"
    tree.write(edited, encoding="utf-8", xml_declaration=True)
    result = run("locale", "import", vi_kit, edited)
    assert result.code == 0, result.err
    assert "1 changed" in result.out
    catalogue = (vi_kit / "locales" / "vi.yaml").read_text(encoding="utf-8")
    assert f"scan_tel: {new}" in catalogue and "needs_review: true" in catalogue
    text = _card_text(vi_kit, tmp_path / "out", run)
    assert new in text and "Quét mã để gọi" not in text


def test_a_string_as_long_as_its_limit_prints(vi_kit: Path, exported: dict[str, Path],
                                              tmp_path: Path, run) -> None:  # noqa: ANN001
    """maxwidth characters fit where the string prints; the card prints them whole."""
    limit = int(_units(exported["xliff"])["scan_tel"].get("maxwidth") or 0)
    text = sample("Gọi ngay cho chúng tôi", limit)
    assert limit - 4 <= len(text) <= limit
    result = run("locale", "import", vi_kit,
                 _edited_xliff(exported["xliff"], tmp_path, {"scan_tel": text}))
    assert result.code == 0, result.err
    assert text in _card_text(vi_kit, tmp_path / "out", run)


def test_po_round_trip_with_an_article_line(vi_kit: Path, exported: dict[str, Path],
                                            tmp_path: Path, run) -> None:  # noqa: ANN001
    po = polib.pofile(str(exported["po"]))
    safety = po.find("safety_note", by="msgctxt")
    assert safety is not None and "{emergency}" in safety.msgstr
    safety.msgstr = "Dùng điện thoại mà người kia không xem được. Khi nguy cấp, gọi {emergency}."
    safety.flags.remove("fuzzy")  # checked: Poedit's "Needs work" turned off
    point = po.find("trauma-bonding.key_points.2", by="msgctxt")
    assert point is not None
    point.msgstr = "Sự gắn kết lớn dần qua vòng lặp tổn thương và tử tế."
    edited = tmp_path / "vi-edited.po"
    po.save(str(edited))
    article = vi_kit / "articles" / "trauma-bonding.vi.md"
    body_before = article.read_text(encoding="utf-8").split("\n---\n", 1)[1]
    result = run("locale", "import", vi_kit, edited)
    assert result.code == 0, result.err
    text = _card_text(vi_kit, tmp_path / "out", run)
    assert "Dùng điện thoại mà người kia không xem được. Khi nguy cấp, gọi 911." in text
    written = article.read_text(encoding="utf-8")
    assert "  - Sự gắn kết lớn dần qua vòng lặp tổn thương và tử tế.\n" in written
    assert written.startswith("---\n# Drafted without a native speaker: please review.\n")
    assert written.split("\n---\n", 1)[1] == body_before  # the body untouched
    kit = load_checked_kit(vi_kit)
    assert kit.library["trauma-bonding"]["vi"].key_points[1] == point.msgstr


def test_import_keeps_comments_and_key_order(vi_kit: Path, exported: dict[str, Path],
                                             tmp_path: Path, run) -> None:  # noqa: ANN001
    assert run("locale", "init", "vi", vi_kit).code == 0
    catalogue = vi_kit / "locales" / "vi.yaml"
    text = catalogue.read_text(encoding="utf-8")
    # A translator's own comment, and two strings moved to the top in an order of their own.
    moved = re.search(r"\n((?:# .*\n)*)take_one: .*\n", text)
    assert moved is not None
    text = text.replace(moved[0], "\n")
    text = text.replace("\n_meta:", "\n# Tâm checked these on Monday.\ntake_one: Mời lấy "
                        "một tờ  # keep it short\n_meta:", 1)
    catalogue.write_text(text, encoding="utf-8")
    before = catalogue.read_text(encoding="utf-8").splitlines()
    result = run("locale", "import", vi_kit,
                 _edited_xliff(exported["xliff"], tmp_path, {"take_one": "Xin lấy một tờ"}))
    assert result.code == 0, result.err
    after = catalogue.read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert changed == [("take_one: Mời lấy một tờ  # keep it short",
                        "take_one: Xin lấy một tờ  # keep it short")]


def test_a_files_approved_marks_are_no_sign_off_a_named_reviewer_is(
        vi_kit: Path, exported: dict[str, Path], tmp_path: Path, run) -> None:  # noqa: ANN001
    """A file whose every unit is approved (or a PO whose entries lost `#, fuzzy`) does not
    set "checked by a native speaker": a person signs off, by name, and the date is kept."""
    edited = _edited_xliff(exported["xliff"], tmp_path, {"take_one": "Xin lấy một tờ"},
                           approve=True)
    result = run("locale", "import", vi_kit, edited)
    assert result.code == 0, result.err
    assert "needs_review: true" in result.out and "which is no sign-off" in result.out
    catalogue = vi_kit / "locales" / "vi.yaml"
    meta = yaml.safe_load(catalogue.read_text(encoding="utf-8"))["_meta"]
    assert meta["needs_review"] is True and "reviewed_by" not in meta
    signed = run("locale", "import", vi_kit, edited, "--reviewed-by", "Tâm Nguyễn")
    assert signed.code == 0, signed.err
    assert "needs_review: false (signed off by Tâm Nguyễn)" in signed.out
    meta = yaml.safe_load(catalogue.read_text(encoding="utf-8"))["_meta"]
    assert (meta["needs_review"], meta["reviewed_by"]) == (False, "Tâm Nguyễn")
    assert str(meta["reviewed_on"]) == date.today().isoformat()
    # untranslated strings stay listed: the file gave no text for them
    assert "untranslated:" in catalogue.read_text(encoding="utf-8")
    # a string changed later, without a sign-off, needs review again
    again = run("locale", "import", vi_kit,
                _edited_xliff(exported["xliff"], tmp_path, {"take_one": "Mời lấy một tờ nhé"}))
    assert again.code == 0, again.err
    meta = yaml.safe_load(catalogue.read_text(encoding="utf-8"))["_meta"]
    assert meta["needs_review"] is True and "reviewed_by" not in meta


def test_a_po_whose_entries_lost_fuzzy_still_needs_review(vi_kit: Path, exported: dict[str, Path],
                                                          tmp_path: Path, run) -> None:  # noqa: ANN001
    po = polib.pofile(str(exported["po"]))
    for entry in po:
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")  # Poedit drops it on every entry it touches
    po.find("take_one", by="msgctxt").msgstr = "Xin lấy một tờ"
    edited = tmp_path / "vi-unfuzzy.po"
    po.save(str(edited))
    result = run("locale", "import", vi_kit, edited)
    assert result.code == 0, result.err
    meta = yaml.safe_load((vi_kit / "locales" / "vi.yaml").read_text(encoding="utf-8"))["_meta"]
    assert meta["needs_review"] is True


def test_targets_that_copy_their_english_stay_untranslated(vi_kit: Path, exported: dict[str, Path],
                                                           tmp_path: Path, run) -> None:  # noqa: ANN001
    """OmegaT writes the English source as the target of every unit not translated: those
    stay untranslated (and listed so), unless the unit says the text is meant (state final,
    or a translator's note)."""
    tree = ET.parse(exported["xliff"])
    copied = []
    for unit in tree.getroot().iter(f"{X}trans-unit"):
        if unit.find(f"{X}target") is None and unit.get("id", "").count(".") == 0:
            _set_target(unit, unit.findtext(f"{X}source") or "")
            copied.append(unit.get("id"))
    assert len(copied) >= 2, copied  # the Vietnamese catalogue leaves some in English
    meant, noted = copied[0], copied[1]
    units = {unit.get("id"): unit for unit in tree.getroot().iter(f"{X}trans-unit")}
    units[meant].find(f"{X}target").set("state", "final")
    ET.SubElement(units[noted], f"{X}note", {"from": "translator"}).text = "same in Vietnamese"
    path = tmp_path / "omegat.xlf"
    tree.write(path, encoding="utf-8", xml_declaration=True)
    result = run("locale", "import", vi_kit, path)
    assert result.code == 0, result.err
    left = [key for key in copied if key not in (meant, noted)]
    for key in left:
        assert f"unit {key!r}: its translation is its English text, copied in" in result.err
    meta = yaml.safe_load((vi_kit / "locales" / "vi.yaml").read_text(encoding="utf-8"))["_meta"]
    assert set(meta.get("untranslated", [])) == set(left)


def test_importing_the_export_unchanged_changes_nothing_that_prints(
        vi_kit: Path, pristine: Path, exported: dict[str, Path], run) -> None:  # noqa: ANN001
    article = vi_kit / "articles" / "trauma-bonding.vi.md"
    before = article.read_bytes()
    result = run("locale", "import", vi_kit, exported["po"])
    assert result.code == 0, result.err
    assert "(0 changed)" in result.out
    assert article.read_bytes() == before  # the same lines: the file is not written
    # the catalogue, new in the content folder, holds the strings as they printed
    assert (vi_kit / "locales" / "vi.yaml").is_file()
    assert load_checked_kit(vi_kit).strings["vi"] == load_checked_kit(pristine).strings["vi"]


# --- import: refusals (nothing written) -----------------------------------------------------


def _refused(run, kit: Path, file: Path, *more: str) -> str:  # noqa: ANN001
    before = _snapshot(kit)
    result = run("locale", "import", kit, file, *more)
    assert result.code == 1, result.out
    assert _snapshot(kit) == before  # nothing half-written
    return result.err


def test_changed_placeholders_are_refused(vi_kit: Path, exported: dict[str, Path],
                                          tmp_path: Path, run) -> None:  # noqa: ANN001
    po = polib.pofile(str(exported["po"]))
    entry = po.find("safety_note", by="msgctxt")
    assert entry is not None
    entry.msgstr = "Khi nguy cấp, gọi {emergancy}."
    po.save(str(tmp_path / "vi.po"))
    err = _refused(run, vi_kit, tmp_path / "vi.po")
    line = next(number for number, text in enumerate(
        (tmp_path / "vi.po").read_text(encoding="utf-8").splitlines(), start=1)
        if text == 'msgctxt "safety_note"')
    assert f"vi.po:{line + 1}: unit 'safety_note': must keep the placeholders {{emergency}}" \
        in err


def test_a_revealing_word_outside_is_refused(vi_kit: Path, exported: dict[str, Path],
                                             tmp_path: Path, run) -> None:  # noqa: ANN001
    file = _edited_xliff(exported["xliff"], tmp_path, {"scan_tel": "Gọi nạn nhân"})
    err = _refused(run, vi_kit, file)
    assert "unit 'scan_tel': 'nạn' would reveal what the piece is for" in err
    assert "outside" in err and "too long" not in err


def test_a_lookalike_capital_outside_is_refused(vi_kit: Path, exported: dict[str, Path],
                                               tmp_path: Path, run) -> None:  # noqa: ANN001
    """A Greek capital Eta ("\u0397OTLINE") reads as "HOTLINE" on the card."""
    file = _edited_xliff(exported["xliff"], tmp_path, {"scan_tel": "Gọi \u0397OTLINE"})
    err = _refused(run, vi_kit, file)
    assert "unit 'scan_tel': 'hotline' would reveal what the piece is for" in err


def test_a_string_too_long_for_its_slot_is_refused(vi_kit: Path, exported: dict[str, Path],
                                                   tmp_path: Path, run) -> None:  # noqa: ANN001
    long = "Quét mã này bằng điện thoại để gọi ngay cho những người có thể giúp bạn"
    err = _refused(run, vi_kit, _edited_xliff(exported["xliff"], tmp_path, {"scan_tel": long}))
    found = re.search(r"unit 'scan_tel': too long for Pocket card, back, slot 'qr_label': it "
                      rf"is {len(long)} characters and (\d+) fit there; shorten it", err)
    assert found is not None, err
    assert 10 < int(found[1]) < len(long)


def test_another_languages_file_is_refused(vi_kit: Path, tmp_path: Path,
                                           exported: dict[str, Path], run) -> None:  # noqa: ANN001
    err = _refused(run, vi_kit, exported["xliff"], "--lang", "es")
    assert "the file is for vi, not es: a file for another language" in err
    # a file that says Vietnamese, for Spanish strings
    lying = tmp_path / "lying.xlf"
    lying.write_text(exported["xliff"].read_text(encoding="utf-8").replace(
        'original="locales/vi.yaml"', 'original="locales/es.yaml"'), encoding="utf-8")
    assert "a file for another language" in _refused(run, vi_kit, lying)


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
 <file original="locales/vi.yaml" source-language="en" target-language="vi"
       datatype="plaintext"><body>
  <trans-unit id="scan_tel"><source>Scan to call</source><target>&lol9;</target></trans-unit>
 </body></file>
</xliff>
"""


def test_hostile_xml_is_refused(vi_kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    laughs = tmp_path / "laughs.xlf"
    laughs.write_text(BILLION_LAUGHS, encoding="utf-8")
    assert "declares a DTD or entities" in _refused(run, vi_kit, laughs)
    external = tmp_path / "external.xlf"
    external.write_text(BILLION_LAUGHS.replace(
        '<!ENTITY lol "lol">', '<!ENTITY lol SYSTEM "file:///etc/passwd">'), encoding="utf-8")
    assert "declares a DTD or entities" in _refused(run, vi_kit, external)
    huge = tmp_path / "huge.xlf"
    huge.write_text("<xliff>" + "x" * 2_100_000 + "</xliff>", encoding="utf-8")
    assert "the limit is 2,000,000" in _refused(run, vi_kit, huge)
    deep = tmp_path / "deep.xlf"
    deep.write_text(f'<xliff xmlns="{NS}" version="1.2">' + "<g>" * 5000 + "</g>" * 5000
                    + "</xliff>", encoding="utf-8")
    assert "nested over" in _refused(run, vi_kit, deep)
    broken = tmp_path / "broken.xlf"
    broken.write_text(f'<xliff xmlns="{NS}" version="1.2">\n<file>\n</xliff>', encoding="utf-8")
    assert "broken.xlf:3: not well-formed XML" in _refused(run, vi_kit, broken)
    two = tmp_path / "two.xlf"
    two.write_text('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" '
                   'srcLang="en" trgLang="vi"/>', encoding="utf-8")
    assert "XLIFF 2 is not read" in _refused(run, vi_kit, two)


def test_control_characters_are_refused_and_invisible_ones_removed(
        vi_kit: Path, exported: dict[str, Path], tmp_path: Path, run) -> None:  # noqa: ANN001
    control = _edited_xliff(exported["xliff"], tmp_path, {"take_one": "Lấy\x9b một tờ"})
    assert "the control character U+009B" in _refused(run, vi_kit, control)
    hidden = _edited_xliff(exported["xliff"], tmp_path, {"take_one": "Lấy\u200b một\u202e tờ"})
    result = run("locale", "import", vi_kit, hidden)
    assert result.code == 0, result.err
    assert "removed invisible formatting characters (U+200B, U+202E)" in result.err
    assert "take_one: Lấy một tờ" in (vi_kit / "locales" / "vi.yaml").read_text(encoding="utf-8")


def test_unknown_and_repeated_units_are_refused(vi_kit: Path, exported: dict[str, Path],
                                                tmp_path: Path, run) -> None:  # noqa: ANN001
    po = polib.pofile(str(exported["po"]))
    po.append(polib.POEntry(msgctxt="scan_fax", msgid="Scan to fax", msgstr="Quét để fax"))
    po.append(polib.POEntry(msgctxt="take_one", msgid="Take one!", msgstr="Lấy"))
    po.save(str(tmp_path / "vi.po"))
    err = _refused(run, vi_kit, tmp_path / "vi.po")
    assert "unit 'scan_fax': unknown string" in err
    assert "unit 'take_one': given twice" in err


def test_a_language_the_kit_does_not_print_yet(pristine: Path, tmp_path: Path,
                                              run) -> None:  # noqa: ANN001
    """French is not in languages: its strings are measured beside the English article, and
    the file has no article lines (there is no French article to write them into)."""
    out = tmp_path / "fr.po"
    result = run("locale", "export", pristine, "fr", "--out", out)
    assert result.code == 0, result.err
    assert "fr is not in site.yaml's languages" in result.out
    po = polib.pofile(str(out))
    assert po.metadata["Language"] == "fr"
    assert {entry.msgctxt for entry in po} == set(_english_keys())
    scan = po.find("scan_tel", by="msgctxt")
    assert scan is not None and scan.msgstr and "Pocket card, back, slot 'qr_label'" in \
        scan.comment


def test_export_force_refuses_a_pipe_a_link_and_the_content_s_own_files(
        pristine: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """--force replaces a translator's file, never what is not one: a FIFO (the file was
    renamed over it), a link (/dev/stdout), a folder, and any file of the content folder or
    of a base it extends (--out content/site.yaml wrote a PO file over the settings)."""
    import os

    kit = Path(shutil.copytree(pristine, tmp_path / "content"))
    base = kit.parent / "base"
    base.mkdir()
    (base / "site.yaml").write_text((kit / "site.yaml").read_text(encoding="utf-8"),
                                    encoding="utf-8")
    site = kit / "site.yaml"
    site.write_text("extends: ../base\n" + site.read_text(encoding="utf-8"), encoding="utf-8")
    fifo = tmp_path / "vi.po"
    os.mkfifo(fifo)
    link = tmp_path / "stdout.po"
    link.symlink_to("/dev/stdout")
    folder = tmp_path / "folder.po"
    folder.mkdir()
    before = {path: path.read_bytes() for path in (site, base / "site.yaml",
                                                   kit / "resources.yaml")}
    for out, said in ((fifo, "is a pipe, not a file"), (link, "is a link, not a file"),
                      (folder, "is a folder, not a file"), (Path("/dev/null"), "not a file"),
                      (site, "is inside the content folder"),
                      (base / "site.yaml", "is inside the content folder"),
                      (kit / "resources.yaml", "is inside the content folder"),
                      (kit / "locales" / "vi.po", "is inside the content folder")):
        result = run("locale", "export", kit, "vi", "--format", "po", "--out", out, "--force")
        assert result.code == 2, (out, result.err)
        assert said in result.err and "Traceback" not in result.err, (out, result.err)
    assert stat_kind(fifo) == "fifo" and link.is_symlink() and folder.is_dir()
    assert {path: path.read_bytes() for path in before} == before
    assert not (kit / "locales" / "vi.po").exists()
    assert run("locale", "export", kit, "vi", "--format", "po", "--out",
               tmp_path / "vi-new.po", "--force").code == 0


def test_export_force_replaces_only_a_translators_file_it_wrote(
        pristine: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """Issue 40 verifier (D4): --force wrote a PO file over another content folder's
    site.yaml, and over any file of any kind. A folder with a site.yaml, a file that is not
    a translators' file of the format, are refused, --force or not; the file the export
    wrote is replaced."""
    kit = Path(shutil.copytree(pristine, tmp_path / "content"))
    other = Path(shutil.copytree(pristine, tmp_path / "other"))
    notes = tmp_path / "notes.po"
    notes.write_text("my own notes\n", encoding="utf-8")
    exported_xliff = tmp_path / "vi.xlf"
    assert run("locale", "export", kit, "vi", "--out", exported_xliff).code == 0
    kept = {path: path.read_bytes()
            for path in (other / "site.yaml", other / "resources.yaml", notes, exported_xliff)}
    for out, said in ((other / "site.yaml", "is inside the content folder"),
                      (other / "articles" / "new.po", "is inside the content folder"),
                      (notes, "is not a PO translators' file havenprint wrote"),
                      (exported_xliff, "is not a PO translators' file havenprint wrote")):
        result = run("locale", "export", kit, "vi", "--format", "po", "--out", out, "--force")
        assert result.code == 2, (out, result.err)
        assert said in result.err, (out, result.err)
    assert {path: path.read_bytes() for path in kept} == kept
    assert not (other / "articles" / "new.po").exists()
    exported_po = tmp_path / "vi.po"
    assert run("locale", "export", kit, "vi", "--out", exported_po).code == 0
    exported_po.write_text(exported_po.read_text(encoding="utf-8").replace(
        'msgstr ""', 'msgstr "x"', 1), encoding="utf-8")
    assert run("locale", "export", kit, "vi", "--out", exported_po, "--force").code == 0
    assert run("locale", "export", kit, "vi", "--out", exported_xliff, "--force").code == 0


def stat_kind(path: Path) -> str:
    import stat

    mode = path.lstat().st_mode
    return "fifo" if stat.S_ISFIFO(mode) else "file" if stat.S_ISREG(mode) else "other"


# --- what a translator file does not say, or the build would refuse (issue 40) --------------


def _po_line(path: Path, text: str) -> int:
    return next(number for number, line in enumerate(
        path.read_text(encoding="utf-8").splitlines(), start=1) if line == text)


SCAN = 'msgstr "Quét mã để gọi"'


@pytest.mark.parametrize(("written", "said"), [
    ('msgstr "Quét mã để gọi', "unit 'scan_tel': the string has no closing quote"),
    ('msgstr "Quét m\\u00e3 để gọi"', "unit 'scan_tel': the escape \\u is not read in a PO"),
    ('msgstr "Quét\\q mã"', "unit 'scan_tel': the escape \\q is not read"),
    ('msgstr "Quét" mã"', "unit 'scan_tel': text after the closing quote"),
])
def test_a_malformed_po_string_is_refused_on_its_line(vi_kit: Path, exported: dict[str, Path],
                                                      tmp_path: Path, run, written: str,
                                                      said: str) -> None:  # noqa: ANN001
    """babel's reader took an unterminated string with its last letter cut off, and kept
    escapes it does not read as written."""
    text = exported["po"].read_text(encoding="utf-8")
    assert SCAN in text
    edited = tmp_path / "vi.po"
    edited.write_text(text.replace(SCAN, written), encoding="utf-8")
    err = _refused(run, vi_kit, edited)
    assert f"vi.po:{_po_line(edited, written)}: {said}" in err, err


def test_a_po_msgctxt_given_twice_is_refused(vi_kit: Path, exported: dict[str, Path],
                                             tmp_path: Path, run) -> None:  # noqa: ANN001
    """Two entries of one msgctxt and English text: babel kept the first without a word (an
    XLIFF file with one id twice is refused)."""
    text = exported["po"].read_text(encoding="utf-8")
    edited = tmp_path / "vi.po"
    edited.write_text(text + '\nmsgctxt "scan_tel"\nmsgid "Scan to call"\nmsgstr "Quét ngay"\n',
                      encoding="utf-8")
    err = _refused(run, vi_kit, edited)
    first = _po_line(edited, 'msgctxt "scan_tel"')
    last = len(edited.read_text(encoding="utf-8").splitlines()) - 2
    assert f"vi.po:{last}: unit 'scan_tel': given twice (also on line {first}): a PO tool" in err


@pytest.mark.parametrize("kind", ["po", "xliff"])
def test_a_character_no_font_has_is_refused(vi_kit: Path, exported: dict[str, Path],
                                            tmp_path: Path, run, kind: str) -> None:  # noqa: ANN001
    """An emoji was stored, and the build then stopped at it."""
    if kind == "xliff":
        file = _edited_xliff(exported["xliff"], tmp_path, {"scan_tel": "Quét mã 🦄"})
    else:
        file = tmp_path / "vi.po"
        file.write_text(exported["po"].read_text(encoding="utf-8").replace(
            SCAN, 'msgstr "Quét mã 🦄"'), encoding="utf-8")
    err = _refused(run, vi_kit, file)
    assert "unit 'scan_tel': character '🦄' (U+1F984) is in no font havenprint has for vi" \
        in err, err


@pytest.mark.parametrize("number", [5, 99])
def test_a_key_point_the_english_article_lacks_is_refused(vi_kit: Path, exported: dict[str, Path],
                                                          tmp_path: Path, run,
                                                          number: int) -> None:  # noqa: ANN001
    """`key_points.99` was appended to the article as a new point."""
    po = polib.pofile(str(exported["po"]))
    po.append(polib.POEntry(msgctxt=f"trauma-bonding.key_points.{number}", msgid="New",
                            msgstr="Một điểm mới"))
    po.save(str(tmp_path / "vi.po"))
    err = _refused(run, vi_kit, tmp_path / "vi.po")
    assert (f"unit 'trauma-bonding.key_points.{number}': the English article has 4 key points: "
            "a translator file translates them and adds none") in err, err


def test_key_points_past_the_translation_s_own_follow_on(vi_kit: Path, exported: dict[str, Path],
                                                         tmp_path: Path, run) -> None:  # noqa: ANN001
    """A Vietnamese article of two points takes the English article's third and fourth, not
    the fourth alone (it would be written as the third)."""
    article = vi_kit / "articles" / "trauma-bonding.vi.md"
    text = article.read_text(encoding="utf-8")
    points = re.search(r"key_points:\n((?:  - .*\n)+)", text)
    assert points is not None and points[1].count("\n") == 4
    kept = "".join(points[1].splitlines(keepends=True)[:2])
    article.write_text(text.replace(points[1], kept), encoding="utf-8")
    po = polib.pofile(str(exported["po"]))
    for entry in list(po):
        if entry.msgctxt in ("trauma-bonding.key_points.3", "trauma-bonding.key_points.4"):
            entry.msgstr = ""
    po.find("trauma-bonding.key_points.4", by="msgctxt").msgstr = "Điểm bốn."  # type: ignore[union-attr]
    po.save(str(tmp_path / "vi.po"))
    err = _refused(run, vi_kit, tmp_path / "vi.po")
    assert ("unit 'trauma-bonding.key_points.4': the vi article has 2 key points and the file "
            "does not give key point 3") in err, err
