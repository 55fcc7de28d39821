"""Two versions of a file made from one, merged line by line (serve/merge.py): each side's
changes kept, a place both changed differently a clash with both sides' lines."""

from __future__ import annotations

from generator.serve.merge import merged

BASE = "a: 1\nb: 2\nc: 3\nd: 4\n"


def test_changes_to_different_lines_are_both_kept() -> None:
    result = merged(BASE, "a: 1\nb: mine\nc: 3\nd: 4\n", "a: 1\nb: 2\nc: theirs\nd: 4\n")
    assert result.clashes == ()
    assert result.text == "a: 1\nb: mine\nc: theirs\nd: 4\n"


def test_lines_added_and_removed_on_either_side_are_kept() -> None:
    result = merged(BASE, "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\n", "b: 2\nc: 3\nd: 4\n")
    assert result.clashes == ()
    assert result.text == "b: 2\nc: 3\nd: 4\ne: 5\n"


def test_the_same_change_on_both_sides_is_made_once() -> None:
    same = "a: 1\nb: 9\nc: 3\nd: 4\n"
    assert merged(BASE, same, same) == merged(BASE, same, BASE)
    assert merged(BASE, same, same).text == same


def test_one_line_changed_differently_is_a_clash_with_both_sides() -> None:
    mine, theirs = "a: 1\nb: mine\nc: 3\nd: 4\n", "a: 1\nb: theirs\nc: 3\nd: 4\n"
    result = merged(BASE, mine, theirs)
    assert [(c.line, c.theirs, c.mine) for c in result.clashes] == [
        (2, ("b: theirs\n",), ("b: mine\n",))]
    assert result.text == theirs  # nothing of the page's taken where they clash
    assert merged(BASE, mine, theirs, keep_mine=True).text == mine


def test_lines_added_at_the_same_place_clash_and_keeping_mine_keeps_both() -> None:
    result = merged(BASE, BASE + "e: mine\n", BASE + "e: theirs\n")
    assert len(result.clashes) == 1
    assert merged(BASE, BASE + "e: mine\n", BASE + "e: theirs\n", keep_mine=True).text == \
        BASE + "e: theirs\ne: mine\n"
    kept = merged(BASE, BASE + "e: mine\n", "a: 0\n" + BASE[5:] + "e: theirs\n",
                  keep_mine=True)
    assert kept.text == "a: 0\nb: 2\nc: 3\nd: 4\ne: theirs\ne: mine\n"


def test_an_article_saved_meanwhile_keeps_both_edits_or_shows_the_same_line(served) -> None:
    """The Article page: a save made to the version before another one (another tab, an
    editor) keeps that version's edit and the page's; the same line changed in both is
    shown, nothing written."""
    from tests.serve_support import csrf_headers, digest_on_disk

    client, workspace, kit = served
    path = kit / "articles" / "trauma-bonding.en.md"
    loaded_text = path.read_text(encoding="utf-8")
    loaded = digest_on_disk(path)
    client.get("/article", params={"lang": "en"})  # the page, as loaded
    card = "card: You are not alone, and what you feel makes sense."
    title = "title: Why it can be hard to leave"
    assert card in loaded_text and title in loaded_text
    other = loaded_text.replace(title, "title: Why leaving can be hard")
    path.write_text(other, encoding="utf-8")  # saved meanwhile
    mine = loaded_text.replace(card, "card: You are not alone.")
    saved = client.post("/article/save", headers=csrf_headers(workspace),
                        json={"text": mine, "lang": "en", "base": loaded})
    assert saved.status_code == 200, saved.text
    text = path.read_text(encoding="utf-8")
    assert "title: Why leaving can be hard" in text and "card: You are not alone.\n" in text
    before = path.read_bytes()
    clash = client.post("/article/save", headers=csrf_headers(workspace), json={
        "text": loaded_text.replace(title, "title: Leaving is hard"), "lang": "en",
        "base": loaded})
    assert clash.status_code == 409 and clash.json()["conflict"] is True
    assert "Why leaving can be hard" in clash.json()["message"]
    assert "Leaving is hard" in clash.json()["message"]
    assert path.read_bytes() == before


def test_two_tabs_translating_the_same_catalogue_keep_both_strings(served) -> None:
    """The Translations page sends every string as it shows them: the second tab's save,
    made to the catalogue before the first tab's, keeps the first tab's string."""
    import yaml

    from tests.serve_support import csrf_headers, digest_on_disk

    client, workspace, kit = served
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "languages: [en]", "languages: [en, es]"), encoding="utf-8")
    catalogue = kit / "locales" / "es.yaml"

    def save(strings: dict[str, str], base: str):  # noqa: ANN202
        return client.post("/translations/save", headers=csrf_headers(workspace), json={
            "lang": "es", "base": base, "strings": strings})

    first = save({"scan_tel": "Escanee para llamar ahora"}, "absent")
    assert first.status_code == 200, first.text
    loaded = digest_on_disk(catalogue)
    client.get("/translations", params={"lang": "es"})  # both tabs load this version
    shown = {"scan_tel": "Escanee para llamar ahora", "take_one": "Tome uno"}
    one = save({**shown, "take_one": "Llévese uno"}, loaded)
    assert one.status_code == 200, one.text
    two = save({**shown, "scan_tel": "Escanee para llamarnos"}, loaded)
    assert two.status_code == 200, two.text
    strings = yaml.safe_load(catalogue.read_text(encoding="utf-8"))
    assert strings["take_one"] == "Llévese uno" and strings["scan_tel"] == "Escanee para llamarnos"


def test_two_tabs_starting_the_same_catalogue_keep_both_strings(served) -> None:
    """Neither tab's page had a Spanish catalogue to load (each started from the built-in
    strings): the second save keeps the first's string, and a string both changed is
    shown, not overwritten."""
    import yaml

    from tests.serve_support import csrf_headers

    client, workspace, kit = served
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "languages: [en]", "languages: [en, es]"), encoding="utf-8")
    catalogue = kit / "locales" / "es.yaml"
    import html
    import re

    page = html.unescape(client.get("/translations", params={"lang": "es"}).text)
    assert not catalogue.exists()
    shown = {key: re.search(rf'id="s-{key}"[^>]*?value="([^"]*)"', page).group(1)
             for key in ("take_one", "scan_tel")}

    def save(strings: dict[str, str]):  # noqa: ANN202 - every string the page shows, as a page does
        return client.post("/translations/save", headers=csrf_headers(workspace), json={
            "lang": "es", "base": "absent", "strings": {**shown, **strings}})

    one = save({"take_one": "Llévese uno"})
    assert one.status_code == 200, one.text
    two = save({"scan_tel": "Escanee para llamarnos"})
    assert two.status_code == 200, two.text
    strings = yaml.safe_load(catalogue.read_text(encoding="utf-8"))
    assert strings["take_one"] == "Llévese uno" and strings["scan_tel"] == "Escanee para llamarnos"
    before = catalogue.read_bytes()
    three = save({"take_one": "Tome uno, es gratis"})
    assert three.status_code == 409, three.text
    assert "Llévese uno" in three.json()["message"]
    assert catalogue.read_bytes() == before
