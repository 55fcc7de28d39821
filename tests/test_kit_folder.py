"""A kit is all or nothing: the output folder holds the previous kit, every file as its
manifest says, or the complete new one; one build at a time; files havenprint did not write
are left alone. Real `python -m generator build` processes are interrupted, killed and raced
(tests/slow_generator.py slows them down: seconds after each document)."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import generator.kit.kit_commit
from generator.errors import OutputInUse, WriteError
from generator.kit.kit_folder import KitFolder
from generator.kit.out_lock import FolderLock
from tests.conftest import REPO, edit

QUICK = ("--format", "pocket-card", "--lang", "en", "--no-previews")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files_in(out: Path) -> dict[str, str]:
    """Every file under `out`, hidden ones included, with its sha256."""
    return {path.relative_to(out).as_posix(): sha256(path)
            for path in sorted(out.rglob("*")) if path.is_file()}


def assert_kit_matches_its_manifest(out: Path) -> dict[str, str]:
    """The files on disk are exactly the manifest's, each with its sha256; they are returned."""
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    listed = {entry["path"]: entry["sha256"] for entry in manifest["outputs"]}
    on_disk = files_in(out)
    assert on_disk.pop("manifest.json") == sha256(out / "manifest.json")
    assert on_disk == listed
    return listed


def start_build(kit: Path, out: Path, *args: str, delay: float = 0.0) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.slow_generator", str(delay), "build", str(kit), "--out",
         str(out), *args],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(condition, seconds: float = 300.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def staged_pdfs(out: Path) -> list[Path]:
    return list((out / ".havenprint" / "staging").glob("*/*.pdf"))


def swapping(source: str | Path, target: str | Path) -> bool:
    """Whether a rename moves a staged file into the output folder (os.replace also writes
    each staged file into place, inside the staging folder)."""
    return "/staging/" in str(source) and "/.havenprint/" not in str(target)


@pytest.fixture
def built(kit: Path, tmp_path: Path, run) -> Path:  # noqa: ANN001
    """The output folder holding a kit of two formats with previews; then the content is
    changed (another brand colour), so that every file of a new build differs."""
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--format", "poster",
                 "--lang", "en", "--target", "all")
    assert result.code == 0, result.err
    edit(kit / "site.yaml", "#2f5d62", "#5a3d7a")
    return out


def test_sigint_part_way_leaves_the_previous_kit_exactly(kit: Path, built: Path) -> None:
    before = assert_kit_matches_its_manifest(built)
    process = start_build(kit, built, "--format", "pocket-card", "--format", "poster",
                          "--lang", "en", "--target", "all", delay=2.0)
    wait_for(lambda: staged_pdfs(built) or process.poll() is not None)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "interrupted; the output folder still holds the previous kit, unchanged" in err
    assert "Traceback" not in err
    assert assert_kit_matches_its_manifest(built) == before
    assert not (built / ".havenprint").exists()


def test_a_killed_build_leaves_the_previous_kit_and_the_next_build_takes_over(
        kit: Path, built: Path, run) -> None:  # noqa: ANN001
    before = files_in(built)
    process = start_build(kit, built, *QUICK, "--format", "poster", delay=5.0)
    wait_for(lambda: staged_pdfs(built) or process.poll() is not None)
    process.kill()  # no clean-up at all: the lock file and the staging folder stay
    process.communicate(timeout=60)
    assert (built / ".havenprint" / "lock").read_text().strip() == str(process.pid)
    assert {path: digest for path, digest in files_in(built).items()
            if not path.startswith(".havenprint/")} == before
    result = run("build", kit, "--out", built, *QUICK)
    assert result.code == 0, result.err
    assert not (built / ".havenprint").exists()
    assert set(assert_kit_matches_its_manifest(built)) == {"en/pocket-card.pdf", "index.html"}


def test_a_second_build_into_the_same_folder_stops_while_the_first_runs(
        kit: Path, built: Path) -> None:
    first = start_build(kit, built, *QUICK, "--format", "poster", delay=3.0)
    lock = built / ".havenprint" / "lock"
    wait_for(lambda: (lock.is_file() and lock.read_text().strip() == str(first.pid))
             or first.poll() is not None)
    second = start_build(kit, built, *QUICK)
    _, err = second.communicate(timeout=60)
    assert second.returncode == 4, err
    assert err.strip().splitlines() == [
        f"havenprint: error: {built} is in use by another build (pid {first.pid}); "
        "wait for it to finish"]
    _, err = first.communicate(timeout=60)
    assert first.returncode == 0, err
    assert set(assert_kit_matches_its_manifest(built)) == {
        "en/pocket-card.pdf", "en/poster-letter.pdf", "index.html"}


def test_a_lock_left_by_a_dead_process_is_taken_over(kit: Path, built: Path, run) -> None:  # noqa: ANN001
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    (built / ".havenprint").mkdir()
    (built / ".havenprint" / "lock").write_text(dead.stdout)
    result = run("build", kit, "--out", built, *QUICK)
    assert result.code == 0, result.err
    assert not (built / ".havenprint").exists()


def test_a_lock_held_in_this_process_is_reported_with_its_pid(tmp_path: Path) -> None:
    state = tmp_path / ".havenprint"
    state.mkdir()
    in_use = rf"is in use by another build \(pid {os.getpid()}\)"
    with FolderLock(state, "out"), pytest.raises(OutputInUse, match=in_use), KitFolder(tmp_path):
        pass
    with KitFolder(tmp_path) as folder:  # released: free again
        assert folder.staging.is_dir()


def test_ctrl_c_during_the_swap_is_held_until_the_new_kit_is_complete(
        kit: Path, built: Path, run, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    real_replace = os.replace
    moved = []

    def replace_then_ctrl_c(source, target) -> None:  # noqa: ANN001
        real_replace(source, target)
        if swapping(source, target):
            moved.append(target)
            if len(moved) == 1:
                signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(generator.kit.kit_commit.os, "replace", replace_then_ctrl_c)
    result = run("build", kit, "--out", built, "--format", "pocket-card", "--lang", "en",
                 "--target", "all")
    assert result.code == 130
    assert f"interrupted once the new kit was complete: {built} holds it" \
        in result.err
    assert len(moved) > 1
    assert set(assert_kit_matches_its_manifest(built)) == {
        "en/pocket-card.pdf", "en/pocket-card-shop.pdf", "en/pocket-card-screen.pdf",
        "en/trauma-bonding.html", "index.html",
        "previews/en/pocket-card-p1.png", "previews/en/pocket-card-p2.png",
        "previews/en/pocket-card-shop-p1.png", "previews/en/pocket-card-shop-p2.png"}


def test_a_swap_cut_short_is_finished_by_the_next_build(
        kit: Path, built: Path, run, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    real_replace = os.replace
    moved = []

    def replace_then_fail(source, target) -> None:  # noqa: ANN001
        if swapping(source, target):
            if len(moved) == 2:
                raise OSError(5, "Input/output error", str(target))
            moved.append(target)
        real_replace(source, target)

    monkeypatch.setattr(generator.kit.kit_commit.os, "replace", replace_then_fail)
    result = run("build", kit, "--out", built, "--format", "pocket-card", "--lang", "en")
    assert result.code == 3
    assert "could not swap the new kit in:" in result.err
    assert "Input/output error; the next build into" in result.err
    assert (built / ".havenprint" / "commit.json").is_file()
    monkeypatch.setattr(generator.kit.kit_commit.os, "replace", real_replace)
    with KitFolder(built):  # what every build does first
        pass
    assert set(assert_kit_matches_its_manifest(built)) == {
        "en/pocket-card.pdf", "index.html", "previews/en/pocket-card-p1.png",
        "previews/en/pocket-card-p2.png"}
    assert not (built / ".havenprint").exists()


def cut_swap_short(kit: Path, out: Path, run, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    """A build into `out` whose swap stops after two files: half of each kit is there."""
    real_replace = os.replace
    moved = []

    def replace_then_fail(source, target) -> None:  # noqa: ANN001
        if swapping(source, target):
            if len(moved) == 2:
                raise OSError(5, "Input/output error", str(target))
            moved.append(target)
        real_replace(source, target)

    with monkeypatch.context() as patched:
        patched.setattr(generator.kit.kit_commit.os, "replace", replace_then_fail)
        result = run("build", kit, "--out", out, "--format", "pocket-card", "--lang", "en")
    assert result.code == 3, result.err
    assert (out / ".havenprint" / "commit.json").is_file()
    with pytest.raises(AssertionError):
        assert_kit_matches_its_manifest(out)  # half-swapped


@pytest.mark.parametrize("broken, code", [
    (("site.yaml", "country: US", "country: USA"), 1),
    (("articles/trauma-bonding.en.md", "title:", "title: [unclosed"), 1),
    (None, 2)])  # an unknown --format
def test_a_build_that_stops_at_once_finishes_a_swap_cut_short_first(
        kit: Path, built: Path, run, monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
        broken: tuple[str, str, str] | None, code: int) -> None:
    cut_swap_short(kit, built, run, monkeypatch)
    formats = ("--format", "pocket-card")
    if broken is None:
        formats = ("--format", "no-such-format")
    else:
        edit(kit / broken[0], *broken[1:])
    result = run("build", kit, "--out", built, *formats, "--lang", "en")
    assert result.code == code, result.err
    assert set(assert_kit_matches_its_manifest(built)) == {
        "en/pocket-card.pdf", "index.html", "previews/en/pocket-card-p1.png",
        "previews/en/pocket-card-p2.png"}
    assert not (built / ".havenprint").exists()


def test_a_batch_that_stops_at_once_finishes_its_sites_swaps_cut_short_first(
        kit: Path, tmp_path: Path, run, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    sites = tmp_path / "sites"
    sites.mkdir()
    kit.rename(sites / "one")
    out = tmp_path / "batch-out"
    result = run("build", sites / "one", "--out", out / "one", "--format", "pocket-card",
                 "--format", "poster", "--lang", "en")
    assert result.code == 0, result.err
    edit(sites / "one" / "site.yaml", "#2f5d62", "#5a3d7a")
    cut_swap_short(sites / "one", out / "one", run, monkeypatch)
    result = run("batch", sites, "--out", out, "--format", "no-such-format")
    assert result.code == 2, result.err
    assert set(assert_kit_matches_its_manifest(out / "one")) == {
        "en/pocket-card.pdf", "index.html", "previews/en/pocket-card-p1.png",
        "previews/en/pocket-card-p2.png"}
    assert not (out / "one" / ".havenprint").exists()


def test_a_lock_kept_by_a_process_a_dead_build_left_names_that_process(tmp_path: Path) -> None:
    """The lock file names a build that has ended, but a process it started still holds the
    lock (an older batch's idle worker did): the message names the process that holds it."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    state = tmp_path / ".havenprint"
    state.mkdir()
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, os, sys, time\n"
        f"descriptor = os.open({str(state / 'lock')!r}, os.O_RDWR | os.O_CREAT)\n"
        "fcntl.flock(descriptor, fcntl.LOCK_EX)\n"
        f"os.write(descriptor, b'{dead}\\n')\n"
        "print('held', flush=True)\n"
        "time.sleep(60)\n")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(OutputInUse, match=rf"in use by another build \(pid {holder.pid}\)"):
            FolderLock(state, "out").acquire()
    finally:
        holder.kill()
        holder.communicate()
    with FolderLock(state, "out"):  # held by no live process: taken over
        assert (state / "lock").read_text().strip() == str(os.getpid())


def test_files_havenprint_did_not_write_are_left_alone(kit: Path, built: Path, run) -> None:  # noqa: ANN001
    (built / "notes.txt").write_text("mine")
    (built / "en" / "flyer.pdf").write_bytes(b"%PDF mine")
    result = run("build", kit, "--out", built, *QUICK)
    assert result.code == 0, result.err
    assert (built / "notes.txt").read_text() == "mine"
    assert (built / "en" / "flyer.pdf").read_bytes() == b"%PDF mine"
    assert (f"note: 2 file(s) in {built} were not written by havenprint and are left as "
            "they are: en/flyer.pdf, notes.txt") in result.err
    assert ("note: removed 12 file(s) of the previous kit that this build did not make: "
            "en/pocket-card-screen.pdf, en/pocket-card-shop.pdf, en/poster-letter-screen.pdf "
            "and 9 more") in result.err
    assert not (built / "previews").exists()  # emptied, so removed
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    assert [entry["path"] for entry in manifest["outputs"]] == ["en/pocket-card.pdf",
                                                                "index.html"]


def test_a_file_havenprint_did_not_write_in_the_kits_place_stops_the_build(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("<p>my own page</p>")
    result = run("build", kit, "--out", out, *QUICK)
    assert result.code == 3
    assert result.err.strip() == (
        f"havenprint: error: could not write the kit: {out}/index.html is "
        f"there and havenprint did not write it (it is not in {out}/"
        "manifest.json); move it away or choose another --out")
    assert (out / "index.html").read_text() == "<p>my own page</p>"
    assert sorted(path.name for path in out.iterdir()) == ["index.html"]


def test_a_build_with_a_failed_format_holds_exactly_what_was_built(kit: Path, built: Path,
                                                                   run) -> None:  # noqa: ANN001
    long = " ".join(["You are not alone and help is here for you"] * 12)
    edit(kit / "articles" / "trauma-bonding.en.md", "title: Why it can be hard to leave\n",
         f"title: Why it can be hard to leave\nposter:\n  headline: {long}\n")
    result = run("build", kit, "--out", built, "--format", "pocket-card", "--format",
                 "poster", "--lang", "en", "--no-previews")
    assert result.code == 1
    assert "Not built: poster-letter (en); 1 file(s) written" in result.err
    assert "note: removed 12 file(s) of the previous kit that this build did not make: " \
           "en/pocket-card-screen.pdf, en/pocket-card-shop.pdf, en/poster-letter-screen.pdf" \
           in result.err
    assert set(assert_kit_matches_its_manifest(built)) == {"en/pocket-card.pdf", "index.html"}
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    [missing] = manifest["not_built"]
    assert (missing["format"], missing["lang"]) == ("poster-letter", "en")
    # why, on the file that stops it, relative to the content folder
    assert [(problem["file"], "'headline'" in problem["message"])
            for problem in missing["problems"]] == [("articles/trauma-bonding.en.md", True)]
    index = (built / "index.html").read_text(encoding="utf-8")
    assert "poster-letter (en)" in index
    not_built = index[index.index('id="not-built"'):]
    assert "articles/trauma-bonding.en.md" in not_built and "slot &#39;headline&#39;" in not_built


def test_old_files_behind_a_linked_folder_are_never_removed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.pdf").write_bytes(b"%PDF not the kit's")
    out = tmp_path / "out"
    out.mkdir()
    (out / "en").symlink_to(elsewhere)
    (out / "manifest.json").write_text(json.dumps(  # a manifest naming a file through it
        {"manifest_version": 1, "outputs": [{"path": "en/keep.pdf"}]}))
    with KitFolder(out) as folder:
        (folder.staging / "index.html").write_text("<p>kit</p>")
        (folder.staging / "manifest.json").write_text('{"manifest_version": 1, "outputs": []}')
        commit = folder.commit(["index.html", "manifest.json"])
    assert commit.left == ["en/keep.pdf"]
    assert (elsewhere / "keep.pdf").read_bytes() == b"%PDF not the kit's"


@pytest.mark.parametrize("linked", ["out/en", "staging/en", "staging"])
def test_a_journal_left_in_the_folder_never_moves_files_through_a_link(
        tmp_path: Path, linked: str) -> None:
    """A commit.json found in the output folder is finished as it stands: one written by
    someone else (a shared folder), with a link in the output or staging folder, moved a
    file into a folder elsewhere (out/en -> /etc/cron.d) or out of one (staging/en -> a
    folder of secrets) before anything was checked."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    staging = out / ".havenprint" / "staging"
    staging.parent.mkdir(parents=True)
    if linked == "out/en":
        (staging / "en").mkdir(parents=True)
        (staging / "en" / "planted").write_text("planted")
        (out / "en").symlink_to(elsewhere)
    else:
        (elsewhere / "planted").write_text("secret")
        link = staging / "en" if linked == "staging/en" else staging
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(elsewhere)
    planted = "en/planted" if linked != "staging" else "planted"
    (out / ".havenprint" / "commit.json").write_text(json.dumps(
        {"new": [planted], "remove": []}))
    shown = {"out/en": out / "en", "staging/en": staging / "en", "staging": staging}[linked]
    with pytest.raises(WriteError, match=(
            f"could not finish the kit an earlier build was swapping in: {shown}: is a link "
            "where the kit needs a folder of its own")):
        KitFolder(out).__enter__()
    assert sorted(path.name for path in elsewhere.iterdir()) == (
        [] if linked == "out/en" else ["planted"])
    assert not (out / planted).exists()


def test_a_batch_never_locks_through_a_linked_state_folder(tmp_path: Path, run) -> None:  # noqa: ANN001
    """`<out>/.havenprint` a link: a batch made its lock in the folder it led to, truncated
    a file named `lock` there and removed it when done."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "lock").write_text("another program's lock", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / ".havenprint").symlink_to(elsewhere)
    sites = tmp_path / "sites"
    sites.mkdir()
    (sites / "one").mkdir()
    (sites / "one" / "site.yaml").write_text("organization: One\n", encoding="utf-8")
    result = run("batch", sites, "--out", out)
    assert result.code == 3
    assert result.err.strip() == (f"havenprint: error: could not prepare the output folder: "
                                  f"{out}/.havenprint is not a folder; remove it")
    assert (elsewhere / "lock").read_text(encoding="utf-8") == "another program's lock"


def test_a_pipe_in_the_manifests_place_stops_the_build_at_once(kit: Path, tmp_path: Path) -> None:
    """The previous manifest is read to know the previous kit: a named pipe there waited for
    a writer for ever."""
    out = tmp_path / "out"
    out.mkdir()
    os.mkfifo(out / "manifest.json")
    build = start_build(kit, out, *QUICK)
    try:
        _, err = build.communicate(timeout=60)
    finally:
        build.kill()
    assert build.returncode == 3, err
    assert f"{out}/manifest.json is there and havenprint did not write it" in err


@pytest.mark.parametrize("journal", ["pipe", "[1, 2]", '{"new": 5, "remove": "index.html"}'])
def test_an_odd_journal_is_set_aside_not_waited_on(tmp_path: Path, journal: str) -> None:
    """A commit.json that is a pipe waited for a writer for ever; one that is not an object
    of lists stopped with a traceback."""
    out = tmp_path / "out"
    (out / ".havenprint").mkdir(parents=True)
    (out / "index.html").write_text("mine", encoding="utf-8")
    path = out / ".havenprint" / "commit.json"
    if journal == "pipe":
        os.mkfifo(path)
    else:
        path.write_text(journal, encoding="utf-8")
    finished: list[bool] = []

    def enter() -> None:
        with KitFolder(out):
            finished.append(True)

    worker = threading.Thread(target=enter, daemon=True)
    worker.start()
    worker.join(20)
    assert finished == [True]
    assert not os.path.lexists(path)
    assert (out / "index.html").read_text(encoding="utf-8") == "mine"


def test_a_pipe_in_the_locks_place_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / ".havenprint").mkdir(parents=True)
    os.mkfifo(out / ".havenprint" / "lock")
    with pytest.raises(WriteError, match=f"cannot lock {out}: {out}/.havenprint/lock is not "
                                         "a file; remove it"):
        KitFolder(out).__enter__()


def test_index_html_has_contents_and_every_warning_of_the_build(kit: Path, built: Path,
                                                                run) -> None:  # noqa: ANN001
    """index.html was 31,000 px of files with no contents, and none of the warnings the
    build printed."""
    import html as html_module
    import re as re_module

    edit(kit / "site.yaml", "languages: [en]", "languages: [en, es]")  # one plain title
    result = run("build", kit, "--out", built, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    page = html_module.unescape((built / "index.html").read_text(encoding="utf-8"))
    contents = page[page.index('<nav class="contents"'):page.index("</nav>")]
    targets = re_module.findall(r'href="#([^"]+)"', contents)
    assert {"lang-en", "lang-es", "en/pocket-card.pdf", "es/pocket-card.pdf"} <= set(targets)
    assert all(f'id="{target}"' in page for target in targets)
    printed = [line.split(": warning: ", 1)[1] for line in result.err.splitlines()
               if ": warning: " in line]
    assert any("discreet_title is one text for every language" in line for line in printed)
    section = page[page.index('id="warnings"'):]
    for message in printed:
        assert message in section, message
    assert f"The build's warnings ({len(set(printed))})" in page
