"""The Translations page's rooms and files for translation tools, in-process: each string's
room is the one `havenprint locale export` writes (string_room.py, not an estimate of the
page's own); the download is the CLI's file; an upload is checked as `locale import` checks
it, each problem on its string and nothing written on any, or written as the CLI writes it.
The same in Chromium: tests/test_serve_translations_browser.py."""

from __future__ import annotations

import hashlib
import html
import re
import shutil
import xml.etree.ElementTree as ET
from datetime import date
from pathlib import Path

import polib
import pytest
import yaml

from generator.content.caches import cached_layouts
from generator.content.load import load_kit
from generator.translating.translation_units import kit_rooms
from tests.conftest import default_kit_in
from tests.serve_support import client_for, csrf_headers

NS = "{urn:oasis:names:tc:xliff:document:1.2}"


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default kit printing English and Vietnamese (never changed: copy it)."""
    return default_kit_in(tmp_path_factory.mktemp("pristine") / "content", ["en", "vi"])


@pytest.fixture
def served(pristine: Path, tmp_path: Path):
    content = Path(shutil.copytree(pristine, tmp_path / "content"))
    client, workspace = client_for(content, tmp_path / "output")
    with client:
        yield client, workspace, content


def _folder_state(content: Path) -> dict[str, str]:
    return {path.relative_to(content).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(content.rglob("*")) if path.is_file()}


def _limits(page: str) -> dict[str, int]:
    return {key: int(limit) for key, limit in re.findall(
        r'data-key="([^"]+)" data-limit="(\d+)"', page)}


def _xliff_with(text: str, targets: dict[str, str]) -> bytes:
    root = ET.fromstring(text)
    for unit in root.iter(f"{NS}trans-unit"):
        if unit.get("id") in targets:
            target = unit.find(f"{NS}target")
            if target is None:
                target = ET.SubElement(unit, f"{NS}target", {
                    "{http://www.w3.org/XML/1998/namespace}lang": "vi"})
            target.text = targets[unit.get("id") or ""]
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8")


def _upload(client, workspace, data: bytes, name: str = "vi.xlf", lang: str = "vi"):  # noqa: ANN001, ANN202
    return client.post("/translations/import", headers=csrf_headers(workspace),
                       data={"lang": lang}, files={"file": (name, data, "application/xml")})


def test_each_room_on_the_page_is_the_exported_files_maxwidth(served, run) -> None:  # noqa: ANN001
    client, _, content = served
    page = client.get("/translations", params={"lang": "vi"}).text
    limits = _limits(page)
    rooms = kit_rooms(load_kit(content), "vi", cached_layouts(content).values())
    assert limits == {key: room.characters for key, room in rooms.items()
                      if room.characters is not None and "." not in key}
    assert limits["scan_tel"] > 0
    # the room is said in words beside the string, where it prints and how much fits
    assert f"About {limits['scan_tel']} characters fit here (" in html.unescape(page)
    out = content.parent / "vi-cli.xlf"
    assert run("locale", "export", content, "vi", "--out", out).code == 0
    maxwidths = {unit.get("id"): int(unit.get("maxwidth") or 0)
                 for unit in ET.parse(out).getroot().iter(f"{NS}trans-unit")
                 if unit.get("maxwidth") and "." not in (unit.get("id") or "")}
    assert maxwidths == limits
    downloaded = client.get("/translations/export", params={"lang": "vi", "format": "xliff"})
    assert downloaded.status_code == 200
    assert downloaded.headers["content-disposition"] == 'attachment; filename="vi.xlf"'
    assert downloaded.content == out.read_bytes()  # the CLI's file, byte for byte


def test_the_po_download_opens_in_polib_with_the_rooms(served) -> None:
    client, _, _ = served
    page = client.get("/translations", params={"lang": "vi"}).text
    answer = client.get("/translations/export", params={"lang": "vi", "format": "po"})
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == 'attachment; filename="vi.po"'
    po = polib.pofile(answer.text)
    scan = po.find("scan_tel", by="msgctxt")
    assert scan is not None and scan.msgid == "Scan to call"
    assert f"At most {_limits(page)['scan_tel']} characters" in scan.comment
    assert po.metadata["Language"] == "vi"


def test_a_download_for_another_language_or_format_is_refused_plainly(served) -> None:
    client, _, _ = served
    wrong = client.get("/translations/export", params={"lang": "../../etc", "format": "po"},
                       headers={"accept": "text/html"})
    assert wrong.status_code == 400 and "has no language" in wrong.text
    assert "Traceback" not in wrong.text
    other = client.get("/translations/export", params={"lang": "vi", "format": "docx"})
    assert other.status_code == 400 and "no file format" in other.json()["message"]


def test_an_uploaded_xliff_is_written_as_the_cli_writes_it(served, tmp_path: Path,
                                                           run) -> None:  # noqa: ANN001
    client, workspace, content = served
    exported = client.get("/translations/export", params={"lang": "vi"}).text
    new = "Quét để gọi ngay"
    answer = _upload(client, workspace, _xliff_with(exported, {"scan_tel": new}))
    assert answer.status_code == 200, answer.text
    assert answer.json()["written"] == ["vi.yaml"]
    assert "1 string changed" in answer.json()["message"]
    catalogue = (content / "locales" / "vi.yaml").read_text(encoding="utf-8")
    assert f"scan_tel: {new}\n" in catalogue
    # the CLI, given the same file in a copy of the kit as it was, writes the same catalogue
    twin = Path(shutil.copytree(content, tmp_path / "twin"))
    (twin / "locales" / "vi.yaml").unlink()
    file = tmp_path / "vi.xlf"
    file.write_bytes(_xliff_with(exported, {"scan_tel": new}))
    assert run("locale", "import", twin, file).code == 0
    assert (twin / "locales" / "vi.yaml").read_text(encoding="utf-8") == catalogue
    page = client.get("/translations", params={"lang": "vi"}).text
    assert f'value="{new}"' in page


@pytest.mark.parametrize(("targets", "expected"), [
    ({"safety_note": "Gọi {emergency} hoặc {number}"}, "placeholders"),
    ({"scan_tel": "Gọi đường dây nóng bạo lực gia đình"}, "would show what the piece is for"),
    ({"take_one": "Lấy một tờ\u001b[31m"}, "control character"),
    ({"scan_tel": "Quét mã này bằng điện thoại để gọi cho chúng tôi ngay bây giờ"},
     # (the pocket card's own line gives way to a long caption: the folding card's is full)
     "Too long for the Folding pocket card, back, panel 1: under the QR code"),
])
def test_an_upload_with_a_problem_writes_nothing_and_says_it_on_the_string(
        served, targets: dict[str, str], expected: str) -> None:
    client, workspace, content = served
    exported = client.get("/translations/export", params={"lang": "vi"}).text
    before = _folder_state(content)
    fine = {"take_one": "Mời lấy một tờ"}  # a string that would be written, were all well
    answer = _upload(client, workspace, _xliff_with(exported, {**fine, **targets}))
    assert answer.status_code == 422, answer.text
    data = answer.json()
    assert data["message"].startswith("Nothing was imported")
    key = next(iter(targets))
    on_string = [remark for remark in data["remarks"] if remark["field"] == key]
    assert on_string and any(expected in remark["message"] for remark in on_string), data
    assert all(remark["message"].startswith("In vi.xlf, line ") for remark in on_string)
    assert "unit '" not in str(data) and "slot '" not in str(data)
    assert _folder_state(content) == before


def test_uploads_that_are_not_translator_files_are_refused_plainly(served) -> None:
    client, workspace, content = served
    before = _folder_state(content)
    for name, data, expected in [
            ("notes.docx", b"PK\x03\x04", "not a file for translation tools"),
            ("vi.xlf", b"<xliff", "ot well-formed XML"),
            ("vi.xlf", b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>', "DTD"),
            ("vi.po", b"\xff\xfe\x00", "not saved as UTF-8")]:
        answer = _upload(client, workspace, data, name)
        assert answer.status_code == 422, (name, answer.text)
        said = answer.json()["message"] + str(answer.json()["remarks"])
        assert expected in said, said
        assert "Traceback" not in said
    english = client.get("/translations/export", params={"lang": "en"}).text
    answer = _upload(client, workspace, english.encode())
    assert answer.status_code == 422
    assert "The file is for English, not Vietnamese" in str(answer.json()["remarks"])
    no_token = client.post("/translations/import", data={"lang": "vi"},
                           files={"file": ("vi.xlf", b"<x/>", "application/xml")})
    assert no_token.status_code == 403
    assert _folder_state(content) == before


def test_a_string_too_long_for_its_room_is_said_on_it_as_typed_and_once_saved(served) -> None:
    # As a revealing word is: said on the string as it is typed, and the save refused on it
    # (as `locale import` refuses it); a file holding it (written elsewhere) is marked too.
    client, workspace, content = served
    page = client.get("/translations", params={"lang": "vi"}).text
    base = re.search(r'data-base="([0-9a-f]+|absent)"', page)
    assert base is not None
    # longer than two lines of the sticker's caption (issue 42 gave it two: 69 characters)
    long = "Quét mã này bằng điện thoại của bạn để gọi cho chúng tôi ngay bây giờ, miễn phí"
    body = {"lang": "vi", "base": base[1], "strings": {"scan_tel": long}}
    draft = client.post("/translations/draft", headers=csrf_headers(workspace), json=body)
    assert draft.status_code == 200
    said = [remark["message"] for remark in draft.json()["remarks"]
            if remark["field"] == "scan_tel"]
    assert any(message.startswith("Too long for the Folding pocket card, back, panel 1: under "
                                  "the QR code: "
                                  f"it is {len(long)} characters and about ")
               for message in said), said
    assert "scan_tel" not in draft.json()["fitting"]
    short = client.post("/translations/draft", headers=csrf_headers(workspace), json={
        **body, "strings": {"scan_tel": "Gọi ngay"}}).json()
    assert short["fitting"] == ["scan_tel"]  # measured as laid out: it fits everywhere
    assert not [remark for remark in short["remarks"] if remark["field"] == "scan_tel"]
    saved = client.post("/translations/save", headers=csrf_headers(workspace), json=body)
    assert saved.status_code == 422, saved.text
    assert [r["field"] for r in saved.json()["remarks"] if r["blocking"]][0] == "scan_tel"
    catalogue = content / "locales" / "vi.yaml"
    assert not catalogue.exists()
    catalogue.parent.mkdir(exist_ok=True)
    catalogue.write_text(f'scan_tel: "{long}"\n', encoding="utf-8")  # in a text editor
    page = html.unescape(client.get("/translations", params={"lang": "vi"}).text)
    cell = page[page.index('id="s-scan_tel"'):page.index('data-import-for="scan_tel"')]
    assert 'aria-invalid="true"' in cell and "Too long for the " in cell
    assert 'class="room-count over"' in cell and "Too long: " in cell


def test_a_saved_string_past_its_room_stays_marked_while_others_are_typed(
        tmp_path: Path) -> None:
    # A Spanish "Scan to text" saved too long for the folding card's space under the QR code
    # (when the code starts a text message): marked when the page opens, and still marked
    # once another string is typed (the draft's answer replaced every mark with its own).
    # (havenprint's own Spanish fits since issue 42 gave the caption its room.)
    content = default_kit_in(tmp_path / "content", ["en", "es"])
    (content / "locales").mkdir()
    (content / "locales" / "es.yaml").write_text(
        'scan_sms: "Escanee este código con su teléfono para enviarnos un mensaje de texto '
        'ahora mismo"\n',
        encoding="utf-8")
    client, workspace = client_for(content, tmp_path / "output")
    with client:
        page = html.unescape(client.get("/translations", params={"lang": "es"}).text)
        cell = page[page.index('id="s-scan_sms"'):page.index('data-import-for="scan_sms"')]
        assert 'aria-invalid="true"' in cell
        assert "Too long for the " in cell
        draft = client.post("/translations/draft", headers=csrf_headers(workspace), json={
            "lang": "es", "base": "absent", "strings": {"take_one": "Tome uno"}}).json()
        # said once for each place it does not fit (the card, the folding card, the sticker)
        assert {remark["field"] for remark in draft["remarks"]
                if remark["severity"] == "error"} == {"scan_sms"}


def test_an_uploaded_po_file_writes_the_catalogue_and_the_article_keeping_history(
        served) -> None:
    client, workspace, content = served
    article = content / "articles" / "trauma-bonding.vi.md"
    before = article.read_text(encoding="utf-8")
    po = polib.pofile(client.get("/translations/export",
                                 params={"lang": "vi", "format": "po"}).text)
    safety = po.find("safety_note", by="msgctxt")
    point = po.find("trauma-bonding.key_points.2", by="msgctxt")
    assert safety is not None and point is not None
    safety.msgstr = "Dùng điện thoại mà người kia không xem được. Khi nguy cấp, gọi {emergency}."
    point.msgstr = "Sự gắn kết lớn dần qua vòng lặp tổn thương và tử tế."
    answer = _upload(client, workspace, str(po).encode("utf-8"), "vi.po")
    assert answer.status_code == 200, answer.text
    assert sorted(answer.json()["written"]) == ["trauma-bonding.vi.md", "vi.yaml"]
    assert "and the article's lines" in answer.json()["message"]
    written = article.read_text(encoding="utf-8")
    assert f"  - {point.msgstr}\n" in written
    assert written.split("\n---\n", 1)[1] == before.split("\n---\n", 1)[1]  # the body as it was
    assert safety.msgstr in (content / "locales" / "vi.yaml").read_text(encoding="utf-8")
    # History keeps the article as it was (the catalogue is new: nothing replaced)
    history = client.get("/history").text
    assert "trauma-bonding.vi.md" in history
    kept = [path for path in (content / ".havenprint" / "history").rglob("*.md")
            if path.is_file()]
    assert [path.read_text(encoding="utf-8") for path in kept] == [before]


def test_a_file_that_cannot_be_written_puts_back_those_written_before_it(
        served, monkeypatch: pytest.MonkeyPatch) -> None:
    client, workspace, content = served
    po = polib.pofile(client.get("/translations/export",
                                 params={"lang": "vi", "format": "po"}).text)
    for key, text in (("take_one", "Mời lấy một tờ"),
                      ("trauma-bonding.key_points.2", "Sự gắn kết lớn dần theo thời gian.")):
        entry = po.find(key, by="msgctxt")
        assert entry is not None
        entry.msgstr = text
    before = {name: digest for name, digest in _folder_state(content).items()
              if not name.startswith(".havenprint/")}
    save = workspace.files.save

    def full_disk(path: Path, text: str, expected: str) -> str:
        if path.suffix == ".md":
            raise OSError(28, "No space left on device")
        return save(path, text, expected)

    monkeypatch.setattr(workspace.files, "save", full_disk)
    answer = _upload(client, workspace, str(po).encode("utf-8"), "vi.po")
    assert answer.status_code == 409
    assert answer.json()["message"] == (
        "trauma-bonding.vi.md could not be written (No space left on device): nothing was "
        "imported. Check that the content folder can be written to, then upload the file "
        "again.")
    after = {name: digest for name, digest in _folder_state(content).items()
             if not name.startswith(".havenprint/")}
    assert after == before  # locales/vi.yaml, written first, is gone again


def test_an_uploaded_xliff_with_the_english_copied_leaves_those_untranslated(served) -> None:
    client, workspace, content = served
    exported = client.get("/translations/export", params={"lang": "vi"}).text
    root = ET.fromstring(exported)
    copied = {unit.get("id") or "": unit.findtext(f"{NS}source") or ""
              for unit in root.iter(f"{NS}trans-unit")
              if unit.find(f"{NS}target") is None and "." not in (unit.get("id") or "")}
    assert copied
    before = client.get("/translations", params={"lang": "vi"}).text
    missing = re.search(r"<strong>(\d+)</strong> of \d+ print in English", before)
    answer = _upload(client, workspace, _xliff_with(exported, {"scan_tel": "Quét để gọi ngay",
                                                                **copied}))
    assert answer.status_code == 200, answer.text
    assert any("its translation is its english text, copied in" in note.casefold()
               for note in answer.json().get("notes", [])), answer.json()
    catalogue = yaml.safe_load((content / "locales" / "vi.yaml").read_text(encoding="utf-8"))
    assert set(catalogue["_meta"]["untranslated"]) == set(copied)
    assert catalogue["_meta"]["needs_review"] is True
    after = client.get("/translations", params={"lang": "vi"}).text
    assert re.search(r"<strong>(\d+)</strong> of \d+ print in English", after).group(1) == \
        missing.group(1)


def test_the_page_signs_off_with_a_name_and_a_change_needs_it_again(served) -> None:
    client, workspace, content = served
    catalogue = content / "locales" / "vi.yaml"

    def save(strings: dict, **extra):  # noqa: ANN202
        base = re.search(r'data-base="([0-9a-f]+|absent)"', client.get(
            "/translations", params={"lang": "vi"}).text).group(1)
        return client.post("/translations/save", headers=csrf_headers(workspace),
                           json={"lang": "vi", "base": base, "strings": strings, **extra})

    nameless = save({}, signed_off_by="  ")
    assert nameless.status_code == 422 and nameless.json()["where"] == ["signed_off_by"]
    signed = save({"take_one": "Xin lấy một tờ"}, signed_off_by="Tâm Nguyễn")
    assert signed.status_code == 200, signed.text
    meta = yaml.safe_load(catalogue.read_text(encoding="utf-8"))["_meta"]
    assert (meta["needs_review"], meta["reviewed_by"]) == (False, "Tâm Nguyễn")
    assert str(meta["reviewed_on"]) == date.today().isoformat()
    page = client.get("/translations", params={"lang": "vi"}).text
    assert f"Signed off by Tâm Nguyễn on {date.today().isoformat()}" in page
    changed = save({"take_one": "Mời lấy một tờ"})
    assert changed.status_code == 200, changed.text
    meta = yaml.safe_load(catalogue.read_text(encoding="utf-8"))["_meta"]
    assert meta["needs_review"] is True and "reviewed_by" not in meta
