"""Site settings are declared once (generator/content/site_options.py); a layout folder may
declare settings and interface strings of its own in its layout.yaml."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
import yaml
from pydantic import create_model
from pypdf import PdfReader

from generator.content import site_options
from generator.content.layouts import LAYOUTS_DIR, available_layouts, declared_options
from generator.content.load import load_site
from generator.content.models import Site
from generator.content.site_options import SiteOptions
from generator.errors import ContentError
from generator.i18n.localize import english, load_catalogue
from generator.serve.files import ABSENT
from tests.conftest import REPO, default_kit_in, edit, office_pdf, page_texts
from tests.serve_support import client_for, csrf_headers

MOTTO = "Orchid lane"  # what site.yaml sets the made-up layout's setting to
DEFAULT_MOTTO = "Keep it close"
HINT = "Blue hour."  # the made-up layout's own string, in English
TAG_CARD_OPTIONS = """\
options:
  motto:
    description: a line under the title on the front
    type: text
    default: Keep it close
  finish:
    description: how the card is finished
    values: [matte, gloss]
    default: matte
strings:
  tag_card_hint: Blue hour.
"""


def add_tag_card(content: Path) -> Path:
    """A format of the content folder's own: a copy of the pocket card, `tag-card`, that
    prints its setting `motto` (site.yaml: tag_card_motto) under the title and its string
    `tag_card_hint` under the QR code."""
    folder = content / "layouts" / "tag-card"
    shutil.copytree(LAYOUTS_DIR / "pocket-card", folder)
    edit(folder / "layout.yaml", "name: pocket-card\n", "name: tag-card\n" + TAG_CARD_OPTIONS)
    edit(folder / "layout.yaml", "title: Pocket card", "title: Tag card")
    edit(folder / "front.j2", '{{ site.discreet_title }}</p>',
         '{{ site.discreet_title }}</p><p style="cover">{{ site.tag_card_motto }}</p>')
    edit(folder / "back.j2", '{{ t["scan_" ~ qr.action] }}</p>',
         '{{ t["scan_" ~ qr.action] }} {{ t.tag_card_hint }}</p>')
    return folder


def line_number(path: Path, start: str) -> int:
    """The line of `path` that starts with `start`, counted from 1."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(index for index, line in enumerate(lines, 1) if line.startswith(start))


def tag_card_text(run, content: Path, out: Path, lang: str = "en") -> str:  # noqa: ANN001
    result = run("build", content, "--out", out, "--format", "tag-card", "--lang", lang,
                 "--target", "office", "--no-previews")
    assert result.code == 0, result.err
    return " ".join(" ".join(page_texts(office_pdf(out / lang, "tag-card"))).split())


def test_a_layout_folder_brings_its_own_setting_and_string(kit: Path, run,  # noqa: ANN001
                                                           tmp_path: Path) -> None:
    add_tag_card(kit)
    text = tag_card_text(run, kit, tmp_path / "default")
    assert DEFAULT_MOTTO in text and HINT in text, text
    assert MOTTO not in text
    edit(kit / "site.yaml", "paper: letter", f"paper: letter\ntag_card_motto: {MOTTO}")
    text = tag_card_text(run, kit, tmp_path / "set")
    assert MOTTO in text and HINT in text, text
    assert DEFAULT_MOTTO not in text


def test_a_wrong_value_for_a_layouts_setting_names_file_line_and_choices(
        kit: Path, run) -> None:  # noqa: ANN001
    add_tag_card(kit)
    edit(kit / "site.yaml", "paper: letter", "paper: letter\ntag_card_finish: satin")
    edit(kit / "site.yaml", "card_size: us", "card_size: us\nposter_size: b5")
    edit(kit / "site.yaml", "card_size: us", "card_size: us\ntag_card_motif: lines")
    result = run("check", kit)
    assert result.code == 1
    site = kit / "site.yaml"
    assert (f"site.yaml:{line_number(site, 'tag_card_finish: satin')}: tag_card_finish: must "
            "be one of matte or gloss, not 'satin'") in result.err
    assert (f"site.yaml:{line_number(site, 'poster_size: b5')}: poster_size: must be one of "
            "letter, a4, tabloid or a3, not 'b5'") in result.err
    unknown = re.search(rf"site\.yaml:{line_number(site, 'tag_card_motif: lines')}: unknown "
                        r"field 'tag_card_motif'; valid fields: (.*)", result.err)
    assert unknown, result.err
    valid = unknown.group(1).split(", ")
    assert {"organization", "stock", "poster_size", "poster_discreet", "tag_card_motto",
            "tag_card_finish"} <= set(valid)


def test_a_layout_declares_its_settings_and_strings_checked(kit: Path, run) -> None:  # noqa: ANN001
    folder = add_tag_card(kit)
    layout, path = folder / "layout.yaml", "layouts/tag-card/layout.yaml"
    edit(layout, "    values: [matte, gloss]\n", "    values: [matte, gloss]\n    type: text\n")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{path}:{line_number(layout, '  finish:')}: options.finish: give `values: [...]` "
            "(the choices) or a `type:` (text, bool, integer or number), one of them"
            ) in result.err

    edit(layout, "    type: text\n    default: matte", "    default: matte")
    edit(layout, "  tag_card_hint: Blue hour.\n",
         "  tag_card_hint: Blue hour.\n  take_one: Take this.\n")
    edit(layout, "size_option: card_size", "size_option: tag_card_size")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{path}:{line_number(layout, 'size_option:')}: size_option: no "
            "setting 'tag_card_size'") in result.err

    # A name en.yaml has is refused by the kit's checks, once the layout itself reads.
    edit(layout, "size_option: tag_card_size", "size_option: card_size")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{path}:{line_number(layout, '  take_one:')}: strings.take_one: "
            "havenprint's catalogue has a string of that name") in result.err


def test_an_older_copy_of_the_poster_layout_keeps_the_posters_settings(
        kit: Path, run, tmp_path: Path) -> None:  # noqa: ANN001
    """A content folder's own poster/, copied before the poster declared its settings, still
    takes `poster_discreet` and `poster_size` from site.yaml: a layout that replaces a
    built-in one keeps its settings."""
    folder = kit / "layouts" / "poster"
    shutil.copytree(LAYOUTS_DIR / "poster", folder)
    layout = folder / "layout.yaml"
    layout.write_text(re.sub(r"^options:\n(?:  .*\n)*", "", layout.read_text(encoding="utf-8"),
                             flags=re.MULTILINE), encoding="utf-8")
    assert "options:" not in layout.read_text(encoding="utf-8")
    edit(kit / "site.yaml", "paper: letter", "paper: letter\nposter_size: a3\n"
                                             "poster_discreet: true")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "poster", "--lang", "en",
                 "--target", "office", "--no-previews")
    assert result.code == 0, result.err
    text = " ".join(page_texts(out / "en" / "poster-a3.pdf")[0].split())
    assert "Need to talk?" in text  # the discreet poster's coded headline
    assert "National Domestic Violence Hotline" not in text


def test_locales_translate_a_layouts_strings_and_check_knows_them(
        tmp_path: Path, run) -> None:  # noqa: ANN001
    content = default_kit_in(tmp_path / "content", ["en", "es"])
    add_tag_card(content)
    untranslated = "es (español): 1 interface string prints in English (missing tag_card_hint)"
    result = run("check", content, "--lang", "es", "--format", "tag-card")
    assert result.code == 0, result.err
    assert f"es.yaml: warning: {untranslated}" in result.err
    strict = run("check", content, "--lang", "es", "--format", "tag-card", "--strict")
    assert strict.code == 1
    assert f"es.yaml: {untranslated}" in strict.err  # an error

    assert run("locale", "init", "es", content).code == 0
    catalogue = content / "locales" / "es.yaml"
    written = catalogue.read_text(encoding="utf-8")
    assert "# Printed by the Tag card format (its layout.yaml declares it)" in written
    data = yaml.safe_load(written)
    assert data["tag_card_hint"] == HINT and "tag_card_hint" in data["_meta"]["untranslated"]

    edit(catalogue, f"tag_card_hint: {HINT}", "tag_card_hint: Hora azul.")
    edit(catalogue, "    - tag_card_hint\n", "")
    assert "Hora azul." in tag_card_text(run, content, tmp_path / "out", "es")


def test_the_web_pages_translations_list_a_layouts_strings(kit: Path, tmp_path: Path) -> None:
    add_tag_card(kit)
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, es]")
    client, workspace = client_for(kit, tmp_path / "out")
    with client:
        page = client.get("/translations", params={"lang": "es"})
        assert page.status_code == 200 and "tag_card_hint" in page.text and HINT in page.text
        assert "Printed by the Tag card format" in page.text
        answer = client.post("/translations/save", headers=csrf_headers(workspace), json={
            "lang": "es", "base": ABSENT, "strings": {"tag_card_hint": "Hora azul."}})
        assert answer.status_code == 200, answer.text
    assert load_catalogue(kit / "locales" / "es.yaml",
                          known={**english(), "tag_card_hint": HINT}
                          ).strings["tag_card_hint"] == "Hora azul."


def test_the_built_in_settings_are_declared_once_and_read_where_declared() -> None:
    """Site keeps as fields of its own only the settings whose value loading settles (a
    file checked, a stock looked up, the country's emergency number); every other setting is
    read from `Site.options`, the SiteOptions that declares it. A Site field copying a
    setting, filled in by load_site, would fail here."""
    settled_by_loading = {"emergency_number", "fonts", "stock", "icc_profile"}
    copied = {field.name for field in dataclasses.fields(Site)} & set(SiteOptions.model_fields)
    assert copied == settled_by_loading


def test_a_setting_declared_in_site_options_alone_reaches_the_site(
        kit: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding a setting is one line in SiteOptions: with a made-up one declared there and
    nowhere else, site.yaml may set it, it reaches `Site.options` with its default when left
    out, and a typo of it is named with it among the valid fields."""
    declared = create_model("SiteOptions", __base__=SiteOptions, night_mode=(bool, False))
    monkeypatch.setattr(site_options, "SiteOptions", declared)
    site_yaml = kit / "site.yaml"
    assert getattr(load_site(site_yaml).options, "night_mode") is False  # noqa: B009
    edit(site_yaml, "paper: letter", "paper: letter\nnight_mode: true")
    assert getattr(load_site(site_yaml).options, "night_mode") is True  # noqa: B009
    edit(site_yaml, "night_mode: true", "night_mood: true")
    with pytest.raises(ContentError) as raised:
        load_site(site_yaml)
    assert "unknown field 'night_mood'; valid fields: " in str(raised.value)
    assert "night_mode" in str(raised.value).split("valid fields: ")[1].split(", ")


def test_the_docs_list_every_setting() -> None:
    """The content folder page's site.yaml section names every built-in setting and every
    setting of the built-in layouts, so that the list there does not drift from the
    declarations."""
    page = (REPO / "docs" / "content-folder.md").read_text(encoding="utf-8")
    section = page.split("## site.yaml", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"^#? ?([a-z_]+):", section, flags=re.MULTILINE))
    layouts = declared_options(available_layouts())
    missing = (set(SiteOptions.model_fields) | set(layouts)) - named
    assert not missing, f"docs/content-folder.md does not name {sorted(missing)}"


def test_a_layouts_size_option_may_put_the_size_in_its_file_names(
        kit: Path, run, tmp_path: Path) -> None:  # noqa: ANN001
    """`in_file_name: true` on the option `size_option` names: the tag card's files are
    tag-card-us.pdf; on any other option it is an error naming its line."""
    layout = add_tag_card(kit) / "layout.yaml"
    edit(layout, "options:\n", "options:\n  size:\n    description: the card's size\n"
                               "    values: [us, iso]\n    default_from: card_size\n"
                               "    in_file_name: true\n")
    edit(layout, "size_option: card_size", "size_option: tag_card_size")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "tag-card", "--lang", "en",
                 "--target", "office", "--no-previews")
    assert result.code == 0, result.err
    assert not (out / "en" / "tag-card.pdf").exists()
    assert "Wellness contacts" in " ".join(" ".join(page_texts(out / "en" /
                                                             "tag-card-us.pdf")).split())

    edit(layout, "    default: matte\n", "    default: matte\n    in_file_name: true\n")
    result = run("check", kit)
    assert result.code == 1
    lines = [number for number, text in enumerate(layout.read_text().splitlines(), 1)
             if text == "    in_file_name: true"]  # the size's, then the finish's
    assert (f"layouts/tag-card/layout.yaml:{lines[1]}: options.finish: in_file_name is for "
            "the option `size_option` names (tag_card_size)") in result.err
    assert result.err.count("in_file_name is for") == 1  # the size's own is no fault


def test_an_own_poster_whose_size_option_predates_in_file_name_keeps_its_file_names(
        kit: Path, run, tmp_path: Path) -> None:  # noqa: ANN001
    folder = kit / "layouts" / "poster"
    shutil.copytree(LAYOUTS_DIR / "poster", folder)
    layout = folder / "layout.yaml"
    layout.write_text(re.sub(r"^    in_file_name: .*\n", "", layout.read_text(encoding="utf-8"),
                             flags=re.MULTILINE), encoding="utf-8")
    assert "in_file_name" not in layout.read_text(encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "poster", "--lang", "en",
                 "--target", "office", "--no-previews", "--poster-size", "letter",
                 "--poster-size", "a3")
    assert result.code == 0, result.err
    assert sorted(path.name for path in (out / "en").glob("poster*.pdf")) == [
        "poster-a3.pdf", "poster-letter.pdf"]
    for name, paper in (("letter", (612, 792)), ("a3", (842, 1191))):
        box = PdfReader(out / "en" / f"poster-{name}.pdf").pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == paper
