"""The Settings page in-process: site.yaml edited with its comments, each problem on its
field as it is typed, and languages added (Somali: listed, its article started as a copy of
the English one, its Translations page a page) and removed."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

from generator.commands.cli import main
from tests.serve_support import csrf_headers, digest_on_disk


def _comments(text: str) -> list[str]:
    return [found.group(1) for line in text.splitlines()
            if (found := re.search(r"(?:^|\s)(# .*)$", line))]


def _draft(client, workspace, settings: dict, lang: str = "en") -> dict:
    answer = client.post("/settings/draft", headers=csrf_headers(workspace), json={
        "settings": settings, "base": digest_on_disk(workspace.root / "site.yaml"), "lang": lang})
    assert answer.status_code == 200, answer.text
    return answer.json()


def _on(remarks: list[dict], field: str) -> list[str]:
    return [remark["message"] for remark in remarks if remark["field"] == field]


def test_every_setting_is_on_the_page(served) -> None:
    client, _, _ = served
    page = client.get("/settings").text
    for setting in ("organization", "website", "country", "emergency_number", "paper",
                    "card_size",
                    "stock", "brand_color", "brand_cmyk", "show_organization", "write_in",
                    "bleed",
                    "print_offset_x", "print_offset_y", "pdfx", "verify_within_months",
                    "title@en", "words@en", "card@en", "option:poster_size",
                    "option:poster_discreet",
                    "max_lines@pocket-card"):
        assert f'data-setting="{setting}"' in page, setting
    # every sticker is discreet (issue 42): sticker_discreet is accepted, not offered
    assert 'data-setting="option:sticker_discreet"' not in page
    assert 'value="Lives Healing"' in page and 'value="Wellness contacts"' in page
    assert re.search(r'<option value="US" selected>United States \(US\)</option>', page)
    assert re.search(r'<label for="add-language">Add a language</label>', page)
    assert re.search(r'<button type="button" id="add-language-button">Add</button>', page)
    for other in ("/", "/lines", "/article", "/translations", "/import", "/download"):
        assert '<a href="/settings"' in client.get(other).text, other


def test_saved_settings_keep_the_comments_and_are_quoted(served) -> None:
    client, workspace, kit = served
    site = kit / "site.yaml"
    original = site.read_text(encoding="utf-8")
    answer = client.post("/settings/save", headers=csrf_headers(workspace), json={
        "base": digest_on_disk(site), "settings": {
            "organization": "Yes", "paper": "a4", "card_size": "iso", "stock": "avery-c32011",
            "title@en": "NO", "brand_color": "#2f5d62", "brand_cmyk": "80, 40, 45, 30",
            "show_organization": False, "verify_within_months": "12"}})
    assert answer.status_code == 200, answer.text
    saved = site.read_text(encoding="utf-8")
    assert _comments(saved) == _comments(original)
    data = yaml.safe_load(saved)  # YAML 1.1, as havenprint reads it: no yes or no as true or false
    assert data["organization"] == "Yes" and data["discreet_title"] == "NO"
    assert data["paper"] == "a4" and data["stock"] == "avery-c32011"
    assert data["brand_color"] == {"rgb": "#2f5d62", "cmyk": [80, 40, 45, 30]}
    assert "show_organization" not in data  # the default, never written
    assert 'organization: "Yes"' in saved
    assert main(["check", str(kit)]) == 0
    history = workspace.files.history(site)
    assert [path.read_text(encoding="utf-8") for path in history] == [original]


def test_the_write_in_line_is_saved_as_a_yes_or_no(served) -> None:
    client, workspace, kit = served
    site = kit / "site.yaml"
    answer = client.post("/settings/save", headers=csrf_headers(workspace), json={
        "base": digest_on_disk(site), "settings": {"write_in": True}})
    assert answer.status_code == 200, answer.text
    assert yaml.safe_load(site.read_text(encoding="utf-8"))["write_in"] is True
    assert main(["check", str(kit)]) == 0
    assert ' id="s-write_in" data-setting="write_in" checked' in client.get("/settings").text


def test_a_revealing_title_or_organisation_is_said_on_its_field(served) -> None:
    client, workspace, _ = served
    remarks = _draft(client, workspace, {
        "title@en": "Domestic violence help", "organization": "Harbor Shelter",
        "show_organization": True})["remarks"]
    title = _on(remarks, "title@en")
    assert title and all("outside title would show what the card is for" in m for m in title)
    assert any("“violence”" in m for m in title)
    organisation = _on(remarks, "organization")
    assert organisation and "“shelter”" in organisation[0]
    assert not [m for r in remarks for m in [r["message"]] if "discreet: false" in m]


def test_a_value_that_cannot_be_written_is_refused_on_its_field(served) -> None:
    client, workspace, kit = served
    site = kit / "site.yaml"
    before = site.read_bytes()
    for settings, field in (({"organization": ""}, "organization"),
                            ({"brand_color": "white"}, "brand_color"),
                            ({"brand_cmyk": "80, 40"}, "brand_cmyk"),
                            ({"bleed": "3"}, "bleed"),
                            ({"title@en": "Wellness\tcontacts\u202e"}, "title@en"),
                            ({"max_lines@pocket-card": "0"}, "max_lines@pocket-card"),
                            # int() refuses over 4,300 digits, and "²" (a digit to isdigit)
                            ({"max_lines@pocket-card": "9" * 5000}, "max_lines@pocket-card"),
                            ({"max_lines@pocket-card": "²"}, "max_lines@pocket-card"),
                            ({"verify_within_months": "²"}, "verify_within_months")):
        remarks = _draft(client, workspace, settings)["remarks"]
        assert any(r["field"] == field and r["blocking"] for r in remarks), (settings, remarks)
        answer = client.post("/settings/save", headers=csrf_headers(workspace), json={
            "settings": settings, "base": digest_on_disk(site)})
        assert answer.status_code == 422, settings
    assert site.read_bytes() == before


def test_another_country_says_how_many_numbers_would_not_be_valid(served) -> None:
    client, workspace, _ = served
    remarks = _draft(client, workspace, {"country": "GB"})["remarks"]
    assert any("With the country GB" in message for message in _on(remarks, "country"))


def test_somali_is_added_with_its_article_started_and_its_translations_page(served) -> None:
    client, workspace, kit = served
    site = kit / "site.yaml"
    answer = client.post("/settings/language", headers=csrf_headers(workspace), json={
        "action": "add", "language": "Somali", "base": digest_on_disk(site),
        "settings": {"organization": "Lives Healing Network"}})
    assert answer.status_code == 200, answer.text
    assert answer.json()["redirect"] == "/translations?lang=so&added=1"
    data = yaml.safe_load(site.read_text(encoding="utf-8"))
    assert data["languages"] == ["en", "so"]
    assert data["organization"] == "Lives Healing Network"  # the unsaved settings too
    english = (kit / "articles" / "trauma-bonding.en.md").read_text(encoding="utf-8")
    somali = (kit / "articles" / "trauma-bonding.so.md").read_text(encoding="utf-8")
    assert somali.startswith("---\n# Somali: a copy of the English article, to translate")
    assert somali.split("\n", 2)[2] == english.split("\n", 1)[1]
    page = client.get("/translations?lang=so&added=1", headers={"accept": "text/html"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "Somali is in the kit" in page.text and "Scan to call" in page.text
    assert 'href="/article?lang=so&amp;article=trauma-bonding"' in page.text
    article = client.get("/article?lang=so").text
    assert 'id="article-reference"' in article and "The English (en) article" in article
    settings = client.get("/settings").text
    assert "havenprint has no list of Somali words" in settings
    remarks = _draft(client, workspace, {"words@so": "rabshad\nxadgudub"}, "so")["remarks"]
    assert not _on(remarks, "words@so")


def test_a_language_not_in_the_kit_is_a_page_that_says_so(served) -> None:
    client, _, _ = served
    page = client.get("/translations?lang=so", headers={"accept": "text/html"})
    assert page.status_code == 400
    assert page.headers["content-type"].startswith("text/html")
    said = html.unescape(page.text)
    assert "This kit has no language 'so' (Somali)" in said and 'href="/settings"' in said


def test_languages_are_removed_but_not_the_first_or_an_unknown_one(served) -> None:
    client, workspace, kit = served
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "languages: [en]", "languages: [en, es]"), encoding="utf-8")
    for language, status, said in (("en", 422, "first language"),
                                    ("Klingonese", 422, "No language is called"),
                                    ("fr", 422, "not in the kit")):
        answer = client.post("/settings/language", headers=csrf_headers(workspace), json={
            "action": "remove", "language": language, "base": digest_on_disk(site)})
        assert answer.status_code == status and said in answer.json()["message"], language
    answer = client.post("/settings/language", headers=csrf_headers(workspace), json={
        "action": "remove", "language": "es", "base": digest_on_disk(site)})
    assert answer.status_code == 200, answer.text
    assert yaml.safe_load(site.read_text(encoding="utf-8"))["languages"] == ["en"]
    assert (kit / "articles" / "trauma-bonding.es.md").is_file()  # kept, unused


def test_the_cards_line_is_given_per_language_and_emptied_back_to_the_articles(
        served) -> None:
    client, workspace, kit = served
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "languages: [en]", "languages: [en, es]"), encoding="utf-8")

    def save(settings: dict) -> dict:
        answer = client.post("/settings/save", headers=csrf_headers(workspace), json={
            "settings": settings, "base": digest_on_disk(site)})
        assert answer.status_code == 200, answer.text
        return yaml.safe_load(site.read_text(encoding="utf-8"))

    data = save({"card@en": "Help is here.", "card@es": "Hay ayuda."})
    assert data["card_line"] == {"en": "Help is here.", "es": "Hay ayuda."}
    assert main(["check", str(kit)]) == 0
    data = save({"card@en": "", "card@es": ""})
    assert "card_line" not in data


def test_a_setting_left_out_follows_the_one_it_defaults_from(served) -> None:
    """The poster's size defaults from the paper: a draft with only A4 paper says the
    poster is A4 too (the page moves its select), and site.yaml leaves it out."""
    client, workspace, kit = served
    page = client.get("/settings").text
    defaulted = html.unescape(re.search(r'data-defaulted="([^"]*)"', page).group(1))
    assert '"option:poster_size": "letter"' in defaulted and '"pdfx": "x4"' in defaulted
    assert '"paper"' not in defaulted  # the default kit's site.yaml sets it
    draft = _draft(client, workspace, {"paper": "a4"})
    assert draft["defaults"]["option:poster_size"] == "a4"
    assert draft["defaults"]["stock"] == "hand-cut"
    site = kit / "site.yaml"
    before = yaml.safe_load(site.read_text(encoding="utf-8"))
    saved = client.post("/settings/save", headers=csrf_headers(workspace), json={
        "base": digest_on_disk(site), "settings": {"paper": "a4"}})
    assert saved.status_code == 200, saved.text
    assert yaml.safe_load(site.read_text(encoding="utf-8")) == {**before, "paper": "a4"}


ETHIOPIC = Path("/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf")
LATIN = Path("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
needs_noto_core = pytest.mark.skipif(
    not ETHIOPIC.is_file() or not LATIN.is_file(),
    reason="needs Debian's fonts-noto-core (Noto Sans Ethiopic)")


def _add_amharic(client, workspace, kit: Path) -> None:
    added = client.post("/settings/language", headers=csrf_headers(workspace), json={
        "action": "add", "language": "Amharic", "base": digest_on_disk(kit / "site.yaml")})
    assert added.status_code == 200, added.text
    assert "font for the Ethiopic script" in added.json()["message"]


@needs_noto_core
def test_a_font_installed_here_is_chosen_for_amharic_and_the_kit_builds(served) -> None:
    client, workspace, kit = served
    _add_amharic(client, workspace, kit)
    page = html.unescape(client.get("/settings", params={"lang": "am"}).text)
    assert "havenprint has no font for the Ethiopic script" in page
    offered = re.search(r'<option value="([0-9a-f]{16})">Noto Sans Ethiopic '
                        r'\(NotoSansEthiopic-Regular\.ttf\): has all (\d+) characters', page)
    assert offered and int(offered.group(2)) > 50
    steps = client.get("/translations", params={"lang": "am", "added": "1"}).text
    assert "Choose a font for the Ethiopic script" in steps
    overview = client.get("/").text
    assert "for which havenprint has no font: the Amharic pieces cannot print until you " \
        "choose one on the Settings page, under Amharic" in overview
    chosen = client.post("/settings/font", headers=csrf_headers(workspace), json={
        "lang": "am", "font": offered.group(1), "base": digest_on_disk(kit / "site.yaml")})
    assert chosen.status_code == 200, chosen.text
    assert (kit / "fonts" / "NotoSansEthiopic-Regular.ttf").read_bytes() == ETHIOPIC.read_bytes()
    assert (kit / "fonts" / "NotoSansEthiopic-Bold.ttf").is_file()
    assert yaml.safe_load((kit / "site.yaml").read_text(encoding="utf-8"))["fonts"] == {
        "am": "fonts/NotoSansEthiopic-Regular.ttf"}
    page = html.unescape(client.get("/settings", params={"lang": "am"}).text)
    assert re.search(r"Amharic prints with <code>fonts/NotoSansEthiopic-Regular\.ttf</code>: "
                     r"it has all \d+ characters the pieces print", page)
    built = client.post("/download/build", headers=csrf_headers(workspace), json={})
    assert built.status_code == 200, built.text
    assert not [name for name in built.json()["failed"] if "(am)" in name]
    assert (workspace.out / "am" / "pocket-card.pdf").is_file()


@needs_noto_core
def test_an_uploaded_font_is_checked_for_the_script_then_used(served) -> None:
    client, workspace, kit = served
    _add_amharic(client, workspace, kit)

    def upload(name: str, data: bytes):  # noqa: ANN202
        return client.post("/settings/font-upload", headers=csrf_headers(workspace), data={
            "lang": "am", "base": digest_on_disk(kit / "site.yaml"), "settings": "{}"},
            files={"file": (name, data, "font/ttf")})

    site_before = (kit / "site.yaml").read_bytes()
    not_a_font = upload("font.ttf", b"not a font at all")
    assert not_a_font.status_code == 422 and "not a font file" in not_a_font.json()["message"]
    latin = upload("NotoSans-Regular.ttf", LATIN.read_bytes())
    assert latin.status_code == 422 and "no Ethiopic letters" in latin.json()["message"]
    assert (kit / "site.yaml").read_bytes() == site_before and not (kit / "fonts").exists()
    used = upload("../../my font.ttf", ETHIOPIC.read_bytes())
    assert used.status_code == 200, used.text
    named = yaml.safe_load((kit / "site.yaml").read_text(encoding="utf-8"))["fonts"]["am"]
    assert named == "fonts/NotoSansEthiopic-Regular.ttf"  # named by the font, not the upload
    assert (kit / named).read_bytes() == ETHIOPIC.read_bytes()


def test_settings_saved_meanwhile_elsewhere_are_merged_or_shown(served) -> None:
    """Another tab saved the organisation since this page loaded site.yaml: this page's
    paper is saved with it (issue 43: two tabs never merged); the organisation changed here
    too is shown with the other tab's before anything is written."""
    client, workspace, kit = served
    site = kit / "site.yaml"
    loaded = digest_on_disk(site)
    client.get("/settings")  # the page as loaded: its version remembered
    other = client.post("/settings/save", headers=csrf_headers(workspace), json={
        "base": loaded, "settings": {"organization": "Harbor Lights"}})
    assert other.status_code == 200, other.text
    merged = client.post("/settings/save", headers=csrf_headers(workspace), json={
        "base": loaded, "settings": {"paper": "a4"}})
    assert merged.status_code == 200, merged.text
    data = yaml.safe_load(site.read_text(encoding="utf-8"))
    assert data["organization"] == "Harbor Lights" and data["paper"] == "a4"
    before = site.read_bytes()
    clash = client.post("/settings/save", headers=csrf_headers(workspace), json={
        "base": loaded, "settings": {"organization": "Safe Harbor"}})
    assert clash.status_code == 409 and clash.json()["conflict"] is True
    assert "Harbor Lights" in clash.json()["message"]
    assert "Safe Harbor" in clash.json()["message"]
    assert site.read_bytes() == before
