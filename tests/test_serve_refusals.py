"""Nothing the build would refuse is saved from any page: translations, settings, lines, the
article and an import, each refused on its field with the file left as it was; what the kit
refuses already (a language just added without its words) does not stop an unrelated save."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from generator.serve.files import ABSENT
from tests.conftest import edit
from tests.serve_support import csrf_headers, digest_on_disk, table_of

REVEALING = "Llame: violencia doméstica"


def _spanish(kit: Path) -> None:
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, es]")


def test_a_revealing_translation_is_refused_on_its_string(served) -> None:
    client, workspace, kit = served
    _spanish(kit)
    catalogue = kit / "locales" / "es.yaml"
    answer = client.post("/translations/save", headers=csrf_headers(workspace), json={
        "lang": "es", "base": ABSENT, "strings": {"scan_tel": REVEALING}})
    assert answer.status_code == 422, answer.text
    assert not catalogue.exists()
    said = answer.json()
    assert "locales/es.yaml is unchanged" in said["message"]
    on_string = [r for r in said["remarks"] if r["field"] == "scan_tel"]
    assert on_string and on_string[0]["blocking"]
    assert "“violencia” and “doméstica”" in on_string[0]["message"]
    assert "discreet" not in str(said)
    # a neutral one is saved, though a built-in string is past its room already
    fine = client.post("/translations/save", headers=csrf_headers(workspace), json={
        "lang": "es", "base": ABSENT, "strings": {"scan_tel": "Escanee para llamar"}})
    assert fine.status_code == 200, fine.text
    before = catalogue.read_bytes()
    again = client.post("/translations/save", headers=csrf_headers(workspace), json={
        "lang": "es", "base": digest_on_disk(catalogue), "strings": {"scan_tel": REVEALING}})
    assert again.status_code == 422
    assert catalogue.read_bytes() == before


def test_a_revealing_outside_title_is_not_saved(served) -> None:
    client, workspace, kit = served
    site = kit / "site.yaml"
    before = site.read_bytes()
    answer = client.post("/settings/save", headers=csrf_headers(workspace), json={
        "base": digest_on_disk(site), "settings": {"title@en": "Domestic violence help"}})
    assert answer.status_code == 422, answer.text
    assert site.read_bytes() == before
    on_title = [r for r in answer.json()["remarks"] if r["field"] == "title@en"]
    assert on_title and all(r["blocking"] for r in on_title)


def test_a_revealing_tab_label_is_not_saved(served) -> None:
    client, workspace, kit = served
    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nbrand_color:")
    resources = kit / "resources.yaml"
    before = resources.read_bytes()
    count = len(yaml.safe_load(before)["resources"])
    rows = [(f"r{index}", {}) for index in range(count)]
    rows[0] = ("r0", {"tab_label": "Abuse helpline"})
    answer = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of(rows), "base": digest_on_disk(resources)})
    assert answer.status_code == 422, answer.text
    assert resources.read_bytes() == before
    remarks = answer.json()["remarks"]
    assert any(r["row"] == "r0" and r["blocking"] and "abuse" in r["message"].casefold()
               for r in remarks), remarks


def test_an_article_whose_poster_headline_cannot_fit_is_not_saved(served) -> None:
    client, workspace, kit = served
    article = kit / "articles" / "trauma-bonding.en.md"
    before = article.read_text(encoding="utf-8")
    long = " ".join(["You are not alone and help is here for you"] * 12)
    text = before.replace("title: Why it can be hard to leave\n",
                          f"title: Why it can be hard to leave\nposter:\n  headline: {long}\n")
    answer = client.post("/article/save", headers=csrf_headers(workspace), json={
        "lang": "en", "text": text, "base": digest_on_disk(article)})
    assert answer.status_code == 422, answer.text
    assert article.read_text(encoding="utf-8") == before
    assert any(r["field"] == "text" and r["blocking"] for r in answer.json()["remarks"])


def test_a_kit_refused_already_still_saves_an_unrelated_change(served) -> None:
    """Somali has no revealing words yet (the build leaves its pieces out): the Somali
    strings, and the organisation's name, are still saved."""
    client, workspace, kit = served
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, so]")
    (kit / "articles" / "trauma-bonding.so.md").write_text(
        (kit / "articles" / "trauma-bonding.en.md").read_text(encoding="utf-8"),
        encoding="utf-8")
    strings = client.post("/translations/save", headers=csrf_headers(workspace), json={
        "lang": "so", "base": ABSENT, "strings": {"scan_tel": "Iskaan garee si aad u wacdo"}})
    assert strings.status_code == 200, strings.text
    site = kit / "site.yaml"
    settings = client.post("/settings/save", headers=csrf_headers(workspace), json={
        "base": digest_on_disk(site), "settings": {"organization": "Lives Healing Center"}})
    assert settings.status_code == 200, settings.text
    assert re.search(r'^organization: "Lives Healing Center"', site.read_text(), re.M)
