"""`havenprint serve` in-process: what the pages save, and what the guard refuses."""

from __future__ import annotations

import io
import os
import re
import shutil
import socket
import zipfile
from pathlib import Path

import pytest
import yaml

from generator.i18n.localize import load_catalogue
from generator.serve.files import ABSENT, ContentFiles, OutsideContent
from tests.serve_support import client_for, csrf_headers, digest_on_disk, table_of


def _comments(text: str) -> list[str]:
    return [line[line.index("#"):] for line in text.splitlines()
            if line.strip().startswith("#") or " # " in line]


def _rows(resources: Path) -> list[tuple[str, dict]]:
    """Every line of the file, unchanged, as the page sends it."""
    items = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"]
    return [(f"r{index}", {}) for index in range(len(items))]


# The guard


def test_a_wrong_host_header_is_refused(served) -> None:
    client, _, _ = served
    refused = client.get("/import", headers={"Host": "attacker.example:8765"})
    assert refused.status_code == 400
    assert "Wrong Host header" in refused.text
    assert client.get("/import", headers={"Host": "localhost:8765"}).status_code == 200
    assert client.get("/import").status_code == 200


def test_a_change_without_the_csrf_token_is_refused(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    before = resources.read_bytes()
    body = {"table": table_of([("r0", {"phone": "1-800-555-0134"}), ("r1", {}), ("r2", {})]),
            "base": digest_on_disk(resources)}
    for headers in ({}, {"X-CSRF-Token": "guessed"},
                    {**csrf_headers(workspace), "Origin": "http://attacker.example"}):
        answer = client.post("/lines/save", json=body, headers=headers)
        assert answer.status_code == 403, headers
    assert resources.read_bytes() == before
    assert client.post("/lines/save", json=body,
                       headers=csrf_headers(workspace)).status_code == 200
    assert "1-800-555-0134" in resources.read_text(encoding="utf-8")


def test_no_path_outside_the_folders_is_served_or_written(served, tmp_path: Path) -> None:
    client, workspace, kit = served
    for path in ("/download/file/../site.yaml", "/download/file/%2E%2E/site.yaml",
                 "/download/file/..%2F..%2Fcontent%2Fsite.yaml", "/static/../app.py",
                 "/static/%2E%2E/app.py", "/download/file/%2Fetc%2Fpasswd"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert "organization" not in answer.text and "root:" not in answer.text
    assert client.get("/article", params={"lang": "../../etc/passwd"}).status_code == 400
    answer = client.post("/translations/save", headers=csrf_headers(workspace), json={
        "lang": "../site", "base": ABSENT, "strings": {}})
    assert answer.status_code == 400
    files = ContentFiles(kit)
    for relative in ("../outside.yaml", "/etc/passwd", "articles/../../x.md"):
        with pytest.raises(OutsideContent):
            files.path(relative)
    (kit / "link.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    with pytest.raises(OutsideContent):
        files.path("link.yaml")
    assert not (tmp_path / "elsewhere.yaml").exists()


def test_nothing_is_kept_or_removed_through_a_hidden_link(kit: Path, tmp_path: Path) -> None:
    """The folders the page keeps things in are hidden, so the check of links in a content
    folder passes over them: `.havenprint` (versions of saved files) and the output folder's
    `.havenprint-serve` (uploads) led to a folder elsewhere, whose `uploads` the server
    emptied as it started and stopped."""
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "uploads").mkdir(parents=True)
    (elsewhere / "uploads" / "precious.txt").write_text("mine", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / ".havenprint-serve").symlink_to(elsewhere)
    (kit / ".havenprint").symlink_to(elsewhere)
    resources = kit / "resources.yaml"
    original = resources.read_text(encoding="utf-8")
    client, workspace = client_for(kit, out)
    with client:
        rows = _rows(resources)
        rows[0] = ("r0", {"phone": "1-800-555-0134"})
        saved = client.post("/lines/save", headers=csrf_headers(workspace), json={
            "table": table_of(rows), "base": digest_on_disk(resources)})
        assert saved.status_code == 403
        assert saved.json()["message"].startswith(".havenprint/history in the content "
                                                  "folder is a link to a folder elsewhere")
        upload = client.post("/import/upload", headers=csrf_headers(workspace), files={
            "file": ("lines.csv", b"name,phone,verified\nA,1-800-555-0142,2026-10-01\n")})
        assert upload.status_code == 422
        assert "is a link to a folder elsewhere" in upload.json()["message"]
    assert resources.read_text(encoding="utf-8") == original
    assert [path.relative_to(elsewhere).as_posix() for path in elsewhere.rglob("*")] == [
        "uploads", "uploads/precious.txt"]


def test_a_pipe_or_a_link_in_the_manifests_place_is_no_kit(tmp_path: Path) -> None:
    """The Download page reads the kit's manifest.json: a named pipe there held the page
    (and the server's loop) for ever, and a link was followed to a file elsewhere."""
    import threading

    from generator.serve.pages_download import kit_files, manifest
    out = tmp_path / "out"
    out.mkdir()
    os.mkfifo(out / "manifest.json")
    found: list[object] = []
    reader = threading.Thread(target=lambda: found.append(manifest(out)), daemon=True)
    reader.start()
    reader.join(10)
    assert found == [None]
    (out / "manifest.json").unlink()
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text('{"outputs": []}', encoding="utf-8")
    (out / "manifest.json").symlink_to(elsewhere)
    assert manifest(out) is None and kit_files(out) == {}


def test_an_oversized_upload_is_refused(served) -> None:
    client, workspace, kit = served
    big = b"name,phone\n" + b"x" * (workspace.settings.max_upload + 1)
    answer = client.post("/import/upload", headers=csrf_headers(workspace),
                         files={"file": ("big.csv", big, "text/csv")})
    assert answer.status_code == 413
    large_form = {"table": {"order": [], "lines": {}}, "pad": "x" * workspace.settings.max_body}
    assert client.post("/lines/draft", json=large_form,
                       headers=csrf_headers(workspace)).status_code == 413
    assert not list((workspace.out / ".havenprint-serve").rglob("big.csv"))


def test_a_zip_that_would_unpack_outside_is_refused(served) -> None:
    client, workspace, _ = served
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("../../escaped.csv", "name,phone\n")
    answer = client.post("/import/upload", headers=csrf_headers(workspace),
                         files={"file": ("data.zip", buffer.getvalue(), "application/zip")})
    assert answer.status_code == 422
    assert "outside its folder" in answer.json()["message"]
    assert not list(workspace.out.parent.rglob("escaped.csv"))


def test_beyond_loopback_the_page_needs_the_token(kit: Path, tmp_path: Path) -> None:
    client, workspace = client_for(kit, tmp_path / "out", host="0.0.0.0", token="s3cret-token")
    with client:
        assert client.get("/import").status_code == 401
        assert client.get("/import?token=wrong").status_code == 401
        sent_on = client.get("/import?token=s3cret-token", follow_redirects=False)
        assert sent_on.status_code == 303
        assert sent_on.headers["location"] == "/import"
        assert "HttpOnly" in sent_on.headers["set-cookie"]
        assert "SameSite=Strict" in sent_on.headers["set-cookie"]
        assert client.get("/import").status_code == 200  # the cookie, from now on


def test_every_answer_carries_a_strict_content_security_policy(served) -> None:
    client, _, _ = served
    for path in ("/import", "/download", "/static/app.css", "/nothing-here"):
        policy = client.get(path).headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script-src 'self'" in policy
        assert "unsafe-inline" not in policy
    page = client.get("/import").text
    assert not re.search(r"<script>|<script [^>]*>[^<]|\son[a-z]+=|style=", page)
    assert not re.search(r"(src|href)=\"(https?:)?//", page)  # nothing from elsewhere


# Saving


def test_a_saved_number_keeps_every_comment_and_the_previous_version(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    original = resources.read_text(encoding="utf-8")
    rows = _rows(resources)
    rows[0] = ("r0", {"phone": "1-800-555-0134", "verified": "2026-11-20"})
    answer = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of(rows), "base": digest_on_disk(resources)})
    assert answer.status_code == 200, answer.text
    saved = resources.read_text(encoding="utf-8")
    assert _comments(saved) == _comments(original)
    assert saved.replace('"1-800-555-0134"', "1-800-799-7233").replace(
        "verified: 2026-11-20  #", "verified: 2026-11-01  #") == original
    history = workspace.files.history(resources)
    assert [path.read_text(encoding="utf-8") for path in history] == [original]


def test_a_file_changed_on_disk_is_not_overwritten(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    loaded = digest_on_disk(resources)
    resources.write_text(resources.read_text(encoding="utf-8").replace(
        "1-800-799-7233", "1-800-799-7230"), encoding="utf-8")
    edited = resources.read_bytes()
    answer = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of([("r0", {"phone": "1-800-555-0134"}), ("r1", {}), ("r2", {})]),
        "base": loaded})
    assert answer.status_code == 409
    assert "changed on disk" in answer.json()["message"]
    assert resources.read_bytes() == edited


def test_a_wrong_number_is_marked_on_its_field_and_not_saved(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    before = resources.read_bytes()
    table = table_of([("r0", {}), ("r1", {"phone": "1-900-555-0100"}), ("r2", {})])
    draft = client.post("/lines/draft", headers=csrf_headers(workspace),
                        json={"table": table, "format": "pocket-card", "lang": "en"}).json()
    marked = [r for r in draft["remarks"] if r["severity"] == "error"]
    assert [(r["row"], r["field"]) for r in marked] == [("r1", "phone")]
    assert "premium-rate" in marked[0]["message"]
    assert draft["faces"] is None
    answer = client.post("/lines/save", headers=csrf_headers(workspace),
                         json={"table": table, "base": digest_on_disk(resources)})
    assert answer.status_code == 422
    assert resources.read_bytes() == before


def test_lines_added_moved_and_removed(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    new_line = {"name": "Harbor Light Crisis Line", "name@es": "Línea de crisis Harbor Light",
                "phone": "1-800-555-0142", "text.number": "741741", "text.keyword": "HOME",
                "languages": "en, es", "verified": "2026-11-20", "required": True}
    table = table_of([("r0", {}), ("n1", new_line), ("r1", {}), ("r2", {})])
    table["order"].remove("r2")
    answer = client.post("/lines/save", headers=csrf_headers(workspace),
                         json={"table": table, "base": digest_on_disk(resources)})
    assert answer.status_code == 200, answer.text
    saved = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"]
    assert [item["name"]["en"] for item in saved] == [
        "National Domestic Violence Hotline", "Harbor Light Crisis Line",
        "988 Suicide & Crisis Lifeline"]
    assert saved[1] == {"name": {"en": "Harbor Light Crisis Line",
                                 "es": "Línea de crisis Harbor Light"},
                        "phone": "1-800-555-0142",
                        "text": {"number": "741741", "keyword": "HOME"},
                        "languages": ["en", "es"], "verified": __import__("datetime").date(
                            2026, 11, 20), "required": True}
    text = resources.read_text(encoding="utf-8")
    assert '\n\n  - name:\n      en: "Harbor Light Crisis Line"' in text  # a blank line between


def test_an_article_problem_points_at_its_line_and_blocks_the_save(served) -> None:
    client, workspace, kit = served
    path = kit / "articles" / "trauma-bonding.en.md"
    text = path.read_text(encoding="utf-8")
    broken = text.replace("---\n", "---\ntitle: [unclosed\n", 1)
    draft = client.post("/article/draft", headers=csrf_headers(workspace),
                        json={"text": broken, "lang": "en", "format": "brochure"}).json()
    errors = [r for r in draft["remarks"] if r["severity"] == "error"]
    assert errors and errors[0]["field"] == "text" and errors[0]["line"] in (2, 3)
    answer = client.post("/article/save", headers=csrf_headers(workspace),
                         json={"text": broken, "lang": "en", "base": digest_on_disk(path)})
    assert answer.status_code == 422
    longer = text.replace("card: You are not alone, and what you feel makes sense.",
                          "card: You are not alone.")
    draft = client.post("/article/draft", headers=csrf_headers(workspace),
                        json={"text": longer, "lang": "en", "format": "pocket-card"}).json()
    assert [face["label"] for face in draft["faces"]] == [
        "Pocket card (en), front", "Pocket card (en), back"]
    answer = client.post("/article/save", headers=csrf_headers(workspace),
                         json={"text": longer, "lang": "en", "base": digest_on_disk(path)})
    assert answer.status_code == 200
    assert path.read_text(encoding="utf-8") == longer


def test_translations_saved_as_a_commented_catalogue(served) -> None:
    client, workspace, kit = served
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "languages: [en]", "languages: [en, es]"), encoding="utf-8")
    catalogue = kit / "locales" / "es.yaml"
    page = client.get("/translations", params={"lang": "es"})
    assert page.status_code == 200 and "scan_tel" in page.text
    answer = client.post("/translations/save", headers=csrf_headers(workspace), json={
        "lang": "es", "base": ABSENT, "reviewed": False,
        "strings": {"scan_tel": "Escanee para llamar ahora", "tty": "TTY {number}"}})
    assert answer.status_code == 200, answer.text
    text = catalogue.read_text(encoding="utf-8")
    assert "# Under the QR code (card back, brochure back, poster, sticker)" in text
    assert load_catalogue(catalogue).strings["scan_tel"] == "Escanee para llamar ahora"
    wrong = client.post("/translations/save", headers=csrf_headers(workspace), json={
        "lang": "es", "base": digest_on_disk(catalogue), "strings": {"tty": "TTY"}})
    assert wrong.status_code == 422
    assert [r["field"] for r in wrong.json()["remarks"]] == ["tty"]
    assert "{number}" in wrong.json()["remarks"][0]["message"]


def test_an_import_that_replaces_the_lines_keeps_a_backup_and_the_emergency_line(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    original = resources.read_text(encoding="utf-8")
    csv = Path(__file__).parent / "fixtures" / "spreadsheet" / "hotlines.csv"
    report = client.post("/import/upload", headers=csrf_headers(workspace),
                         files={"file": ("hotlines.csv", csv.read_bytes(), "text/csv")},
                         data={"kind": "csv"})
    assert report.status_code == 200, report.text
    data = report.json()
    assert "Northstar Helpline" in [line["name"] for line in data["kept"]]
    assert any("defunct" in item["reason"] for item in data["skipped"])
    replace = data["previews"]["replace"]
    assert [line["name"] for line in replace["removed"]] == [
        "National Domestic Violence Hotline", "988 Suicide & Crisis Lifeline"]
    body = {"id": data["id"], "base": digest_on_disk(resources), "mode": "replace",
            "verified": "2026-11-02"}
    accepted = client.post("/import/accept", headers=csrf_headers(workspace), json=body)
    assert accepted.status_code == 200, accepted.text
    written = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"]
    assert [line["name"] for line in written][:1] == ["Northstar Helpline"]
    assert written[-1]["phone"] == "911"  # carried over from the file it replaced
    assert (kit / "resources.yaml.bak").read_text(encoding="utf-8") == original
    assert [path.read_text(encoding="utf-8")
            for path in workspace.files.history(resources)] == [original]
    assert not (workspace.out / ".havenprint-serve" / "uploads").exists() or not any(
        (workspace.out / ".havenprint-serve" / "uploads").iterdir())


def test_only_files_of_the_built_kit_are_downloaded(served) -> None:
    client, workspace, kit = served
    assert client.get("/download/kit.zip").status_code == 404
    (workspace.out).mkdir(parents=True, exist_ok=True)
    (workspace.out / "manifest.json").write_text(
        '{"outputs": [{"path": "en/card.pdf"}, {"path": "../content/site.yaml"}]}')
    (workspace.out / "en").mkdir()
    (workspace.out / "en" / "card.pdf").write_bytes(b"%PDF-1.4 test")
    assert client.get("/download/file/en/card.pdf").content == b"%PDF-1.4 test"
    assert client.get("/download/file/../content/site.yaml").status_code == 404
    names = zipfile.ZipFile(io.BytesIO(client.get("/download/kit.zip").content)).namelist()
    assert names == ["en/card.pdf", "manifest.json"]


def test_an_hsds_data_package_uploaded_as_a_zip(served) -> None:
    client, workspace, _ = served
    package = Path(__file__).parent / "fixtures" / "hsds" / "tabular"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted(package.iterdir()):
            archive.write(path, f"export/{path.name}")
    answer = client.post("/import/upload", headers=csrf_headers(workspace),
                         files={"file": ("export.zip", buffer.getvalue(), "application/zip")})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["kept"] and all(line["phone"] or line["text"] for line in data["kept"])
    unpacked = workspace.out / ".havenprint-serve" / "uploads" / data["id"] / "package"
    assert (unpacked / "export" / "datapackage.json").is_file()


def test_the_command_refuses_a_missing_folder_a_busy_port_and_a_bad_out(run, kit: Path,
                                                                          tmp_path: Path) -> None:
    missing = run("serve", tmp_path / "nowhere")
    assert missing.code == 2 and "not a content folder" in missing.err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        taken = run("serve", kit, "--out", tmp_path / "out", "--port", port)
    assert taken.code == 2 and f"port {port} is in use" in taken.err
    inside = run("serve", kit, "--out", kit)
    assert inside.code == 2 and "is the content folder" in inside.err


def test_a_first_resources_yaml_is_written_from_the_page(served) -> None:
    client, workspace, kit = served
    (kit / "resources.yaml").unlink()
    page = client.get("/lines")
    assert page.status_code == 200 and "Add a line" in page.text
    line = {"name": "National Domestic Violence Hotline", "phone": "1-800-799-7233",
            "verified": "2026-11-20"}
    answer = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of([("n1", line)]), "base": ABSENT})
    assert answer.status_code == 200, answer.text
    text = (kit / "resources.yaml").read_text(encoding="utf-8")
    assert text.startswith("# Lines printed on every card")
    assert 'resources:\n  - name: "National Domestic Violence Hotline"\n' in text
    assert yaml.safe_load(text)["resources"][0]["phone"] == "1-800-799-7233"


def test_the_overview_draws_again_pictures_the_store_let_go(served) -> None:
    client, workspace, _ = served
    assert client.get("/").status_code == 200
    first = workspace.overview()
    workspace.pngs = type(workspace.pngs)(budget=1)  # as if thousands of previews came since
    again = workspace.overview()
    assert again is not first
    face = again.documents[-1].faces[-1]
    assert client.get(face.url).status_code == 200


def test_a_kit_of_several_articles_edits_each_one(kit: Path, tmp_path: Path) -> None:
    """The Article page picks the article: its file is opened, drafted and saved."""
    from tests.serve_support import client_for
    example = Path(__file__).resolve().parent.parent / "docs" / "examples" / "two-articles"
    shutil.copy(example / "articles" / "missing-him.en.md", kit / "articles")
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "article: trauma-bonding", "articles: [trauma-bonding, missing-him]"), encoding="utf-8")
    client, workspace = client_for(kit, tmp_path / "out")
    page = client.get("/article?lang=en&article=missing-him").text
    assert 'id="article-slug"' in page and "missing-him.en.md" in page
    path = kit / "articles" / "missing-him.en.md"
    text = path.read_text(encoding="utf-8")
    draft = client.post("/article/draft", headers=csrf_headers(workspace), json={
        "text": text, "lang": "en", "format": "brochure", "article": "missing-him"}).json()
    assert draft["faces"] and not [r for r in draft["remarks"] if r["severity"] == "error"]
    changed = text.replace("\n\n", "\n\nA sentence added from the page.\n\n", 1)
    answer = client.post("/article/save", headers=csrf_headers(workspace), json={
        "text": changed, "lang": "en", "article": "missing-him", "base": digest_on_disk(path)})
    assert answer.status_code == 200
    assert path.read_text(encoding="utf-8") == changed
    assert "A sentence added" not in (kit / "articles" / "trauma-bonding.en.md").read_text(
        encoding="utf-8")
    refused = client.post("/article/draft", headers=csrf_headers(workspace), json={
        "text": text, "lang": "en", "article": "../site"})
    assert refused.status_code >= 400


def test_names_in_a_right_to_left_language_are_typed_right_to_left(tmp_path: Path) -> None:
    # An Arabic or Hebrew name in a left-to-right box showed its end and hid its first
    # words past the box's right edge; each text box takes the direction of what is in it.
    content = tmp_path / "content"
    shutil.copytree(Path(__file__).parent.parent / "content", content)
    client, _ = client_for(content, tmp_path / "out")
    with client:
        html = client.get("/lines").text
    for lang in ("ar", "es", "zh-Hans"):
        box = re.search(rf'<input[^>]*data-field="name@{lang}"[^>]*>', html)
        assert box is not None
        assert f'lang="{lang}"' in box.group(0) and 'dir="auto"' in box.group(0)
    for field in ("name", "hours", "tab_label", "text.description"):
        box = re.search(rf'<input[^>]*data-field="{re.escape(field)}"[^>]*>', html)
        assert box is not None and 'dir="auto"' in box.group(0), field


# The web page, before a build


def test_the_kits_web_page_is_served_with_its_own_policy(served) -> None:
    """/web/<lang>.html is the page `build --target screen` writes into the kit, with the
    page's own Content-Security-Policy (its inline style and script, nothing else); a
    language or an article the kit does not have is not found."""
    from generator.content.load import load_kit
    from generator.kit.web_page import page_policy, render_web_page

    client, _, kit = served
    answer = client.get("/web/en.html")
    assert answer.status_code == 200
    assert answer.content == render_web_page(load_kit(kit), "trauma-bonding", "en")
    policy = answer.headers["content-security-policy"]
    assert policy.startswith(page_policy(load_kit(kit)))
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    assert 'href="tel:+18007997233"' in answer.text
    assert client.get("/web/xx.html").status_code == 404
    assert client.get("/web/en.html", params={"article": "nothing"}).status_code == 404


def test_the_pages_drafts_and_history_are_kept_out_of_git(served) -> None:
    client, workspace, kit = served
    if shutil.which("git") is None:
        pytest.skip("needs git (Debian's git package)")
    import subprocess

    subprocess.run(["git", "init", "-q", str(kit)], check=True)
    resources = kit / "resources.yaml"
    kept = client.post("/drafts/keep", headers=csrf_headers(workspace),
                       json={"key": "lines", "base": "x", "data": {"order": []}})
    assert kept.status_code == 200, kept.text
    rows = _rows(resources)
    rows[0] = ("r0", {"hours": "Day and night"})
    saved = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of(rows), "base": digest_on_disk(resources)})
    assert saved.status_code == 200, saved.text
    (kit / "resources.yaml.bak").write_text("old", encoding="utf-8")  # as an import leaves
    assert (kit / ".havenprint" / ".gitignore").read_text(encoding="utf-8").endswith("*\n")
    status = subprocess.run(["git", "-C", str(kit), "status", "--porcelain",
                             "--untracked-files=all"], capture_output=True, text=True,
                            check=True).stdout
    assert ".havenprint" not in status and "resources.yaml" in status
    # the repository's own content/ too (an import's resources.yaml.bak)
    patterns = (Path(__file__).parent.parent / ".gitignore").read_text(encoding="utf-8")
    assert "*.yaml.bak" in patterns.splitlines() and ".havenprint/" in patterns.splitlines()


def test_the_overview_says_a_problem_of_several_languages_once_with_them(
        tmp_path: Path) -> None:
    from tests.conftest import default_kit_in

    kit = default_kit_in(tmp_path / "content", ["en", "es"])
    client, _ = client_for(kit, tmp_path / "out")
    with client:
        page = client.get("/")
        fingerprint = client.get("/fingerprint").json()["fingerprint"]
    assert page.status_code == 200
    items = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", item)) for item in re.findall(
        r'<li class="(?:error|warning|info)">(.*?)</li>', page.text, re.S)]
    assert len(items) == len(set(items)), [item for item in items if items.count(item) > 1]
    sticker = [item for item in items if "carries line 1 alone" in item]
    assert len(sticker) == 1 and "English, Spanish:" in sticker[0]
    assert f'data-fingerprint="{fingerprint}"' in page.text
