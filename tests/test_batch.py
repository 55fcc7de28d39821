"""`havenprint batch`: many sites in parallel sharing a base through `extends:`, one broken."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import generator.commands.batch
from generator.commands.site_job import build_site
from generator.content.caches import cached_article
from generator.content.documents import document_name, document_sizes
from generator.content.extends import content_folders, locale_root
from generator.content.layouts import available_layouts
from generator.content.load import load_kit
from generator.i18n.localize import load_strings
from generator.pipeline.build import lay_out
from generator.render.pdf_files import render_pdf
from generator.render.targets import Target
from tests.conftest import DEFAULT_CONTENT, REPO, default_kit_in, edit, page_texts

ARTICLE = "trauma-bonding.en.md"
NATIONAL = "1-800-799-7233"


def site_yaml(organization: str, extends: str | None = "../base") -> str:
    lines = [f"organization: {organization}", "country: US", "languages: [en]",
             "discreet_title: Wellness contacts", "article: trauma-bonding"]
    if extends:
        lines.append(f"extends: {extends}")
    return "\n".join(lines) + "\n"


def resources_with(phone: str) -> str:
    text = (DEFAULT_CONTENT / "resources.yaml").read_text(encoding="utf-8")
    assert NATIONAL in text
    return text.replace(NATIONAL, phone, 1)


@pytest.fixture
def sites(tmp_path: Path) -> Path:
    """base/ (articles, locales, resources) and three sites: alpha with its own number,
    beta with none of its own (the base's), gamma with a number that is not valid."""
    folder = tmp_path / "sites"
    base = folder / "base"
    (base / "articles").mkdir(parents=True)
    shutil.copy(DEFAULT_CONTENT / "articles" / ARTICLE, base / "articles" / ARTICLE)
    (base / "resources.yaml").write_text(resources_with(NATIONAL), encoding="utf-8")
    (base / "locales").mkdir()
    (base / "locales" / "en.yaml").write_text("scan_tel: Scan to reach us\n", encoding="utf-8")
    for name, phone in (("alpha", "1-800-555-0101"), ("beta", None), ("gamma", "1-800-799-72")):
        (folder / name).mkdir()
        (folder / name / "site.yaml").write_text(site_yaml(f"Site {name}"), encoding="utf-8")
        if phone:
            (folder / name / "resources.yaml").write_text(resources_with(phone),
                                                          encoding="utf-8")
    return folder


def test_batch_builds_the_good_sites_and_reports_the_broken_one(sites: Path, tmp_path: Path,
                                                                run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    result = run("batch", sites, "--out", out, "--jobs", "2", "--format", "pocket-card",
                 "--target", "office")
    assert result.code == 1
    alpha, beta = (out / name / "en" / "pocket-card.pdf" for name in ("alpha", "beta"))
    assert "1-800-555-0101" in page_texts(alpha)[1]
    assert NATIONAL in page_texts(beta)[1] and "Scan to reach us" in page_texts(beta)[1]
    for name in ("alpha", "beta"):
        assert (out / name / "index.html").is_file() and (out / name / "manifest.json").is_file()
    assert not (out / "gamma" / "en").exists() and not (out / "base").exists()
    assert "'1-800-799-72' is not a valid phone number" in result.err
    assert "gamma/resources.yaml:" in result.err
    summary = result.out[result.out.index("summary:"):]
    assert "alpha  built" in summary and "beta   built" in summary
    assert "gamma  FAILED" in summary
    assert "2 site(s) built, 1 failed: gamma" in summary


def test_batch_exits_0_when_every_site_builds(sites: Path, tmp_path: Path,
                                              run) -> None:  # noqa: ANN001
    shutil.rmtree(sites / "gamma")
    result = run("batch", sites, "--out", tmp_path / "out", "--jobs", "1",
                 "--format", "pocket-card", "--no-previews")
    assert result.code == 0
    assert "2 site(s) built, 0 failed" in result.out


@pytest.mark.parametrize("argv, message", [
    (["--format", "no-such-format"], "unknown format 'no-such-format'"),
    (["--jobs", "0"], "--jobs must be at least 1"),
])
def test_batch_usage_errors(sites: Path, run, argv: list[str],  # noqa: ANN001
                            message: str) -> None:
    result = run("batch", sites, *argv)
    assert result.code == 2 and message in result.err


def test_batch_of_a_folder_without_sites(tmp_path: Path, run) -> None:  # noqa: ANN001
    result = run("batch", tmp_path)
    assert result.code == 2 and "no sites" in result.err


def test_extends_uses_the_base_articles_and_the_sites_own_resources(sites: Path) -> None:
    alpha = load_kit(sites / "alpha")
    assert alpha.articles["en"].source.path == sites / "base" / "articles" / ARTICLE
    assert alpha.resources[0].phone.raw == "1-800-555-0101"
    assert alpha.resources[0].source.path == sites / "alpha" / "resources.yaml"
    beta = load_kit(sites / "beta")
    assert beta.resources[0].source.path == sites / "base" / "resources.yaml"
    assert content_folders(sites / "beta") == (sites / "beta", (sites / "base").resolve())
    assert locale_root(sites / "beta", "en") == (sites / "base").resolve()
    assert load_strings("en", locale_root(sites / "beta", "en"))["scan_tel"] == \
        "Scan to reach us"


def test_a_sites_own_files_win_over_the_base(sites: Path) -> None:
    own = sites / "alpha" / "articles"
    own.mkdir()
    text = (sites / "base" / "articles" / ARTICLE).read_text(encoding="utf-8")
    (own / ARTICLE).write_text(text.replace("title: ", "title: Alpha - ", 1), encoding="utf-8")
    (sites / "alpha" / "locales").mkdir()
    (sites / "alpha" / "locales" / "en.yaml").write_text("scan_tel: Scan for alpha\n",
                                                         encoding="utf-8")
    kit = load_kit(sites / "alpha")
    assert kit.articles["en"].title.startswith("Alpha - ")
    pdf = render_pdf(kit, lay_out(kit, available_layouts()["pocket-card"], "en"), Target.OFFICE)
    assert "Scan for alpha" in page_texts(pdf)[1]


def test_extends_a_missing_folder_is_a_content_error(sites: Path, run) -> None:  # noqa: ANN001
    (sites / "beta" / "site.yaml").write_text(site_yaml("Beta", "../nowhere"), encoding="utf-8")
    result = run("check", sites / "beta")
    assert result.code == 1
    assert "site.yaml:6: extends: '../nowhere' is not a folder" in result.err


def test_extends_loop_is_a_content_error(sites: Path, run) -> None:  # noqa: ANN001
    (sites / "base" / "site.yaml").write_text(site_yaml("Base", "../beta"), encoding="utf-8")
    result = run("check", sites / "beta")
    assert result.code == 1 and "leads back to a folder already in the chain" in result.err


def test_an_edited_article_is_parsed_again(tmp_path: Path) -> None:
    path = tmp_path / ARTICLE
    text = (DEFAULT_CONTENT / "articles" / ARTICLE).read_text(encoding="utf-8")
    path.write_text(text.replace("title: ", "title: A", 1), encoding="utf-8")
    first = cached_article(path, "trauma-bonding", "en")
    assert cached_article(path, "trauma-bonding", "en") is first  # parsed once
    path.write_text(text.replace("title: ", "title: B", 1), encoding="utf-8")  # same size
    assert cached_article(path, "trauma-bonding", "en").title.startswith("B")


def test_a_site_prints_the_same_bytes_alone_and_after_other_sites(sites: Path,
                                                                 tmp_path: Path) -> None:
    """Fits, paragraphs, shaped runs and font subsets are remembered across documents: a
    site's PDFs must not depend on what the process built before (a stale number, a
    paragraph wrapped for another box). A new process builds alpha alone; this one builds
    beta, then alpha."""
    import subprocess
    import sys
    alone = tmp_path / "alone"
    subprocess.run([sys.executable, "-m", "generator", "build", str(sites / "alpha"),
                    "--out", str(alone), "--no-previews"], check=True, capture_output=True)
    layouts = available_layouts()
    beta = load_kit(sites / "beta")
    for layout in layouts.values():
        render_pdf(beta, lay_out(beta, layout, "en"), Target.OFFICE)
    alpha = load_kit(sites / "alpha")
    for name, layout in layouts.items():
        after = render_pdf(alpha, lay_out(alpha, layout, "en"), Target.OFFICE)
        file_name = document_name(layout, document_sizes(alpha, layout)[0])
        assert after == (alone / "en" / f"{file_name}.pdf").read_bytes(), name


def test_the_summary_says_why_a_site_failed(sites: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    result = run("batch", sites, "--out", tmp_path / "out", "--jobs", "1",
                 "--format", "pocket-card", "--no-previews")
    assert result.code == 1
    gamma = next(line for line in result.out.splitlines() if line.startswith("  gamma"))
    assert "FAILED  1 problem(s): " in gamma
    assert re.search(r"gamma/resources.yaml:\d+: National Domestic Violence Hotline: phone: "
                     r"'1-800-799-72' is not a valid phone number", gamma), gamma


def _exit_on_gamma(job):  # noqa: ANN001, ANN202 -- run in a forked worker
    if job.name == "gamma":
        os._exit(9)
    return build_site(job)


def test_a_worker_that_dies_is_named_in_the_summary(sites: Path, tmp_path: Path, run,  # noqa: ANN001
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generator.commands.batch, "build_site", _exit_on_gamma)
    result = run("batch", sites, "--out", tmp_path / "out", "--jobs", "2",
                 "--format", "pocket-card", "--no-previews")
    assert result.code == 1
    gamma = next(line for line in result.out.splitlines() if line.startswith("  gamma"))
    assert "FAILED  1 problem(s): " in gamma
    assert "a worker process ended abruptly (killed, or out of memory)" in gamma


def test_a_sites_layout_cannot_name_another_sites_files(sites: Path, tmp_path: Path,
                                                        run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    own = sites / "alpha" / "layouts" / "pocket-card"
    shutil.copytree(REPO / "layouts" / "pocket-card", own)
    edit(own / "layout.yaml", "name: pocket-card", "name: ../../beta/en/pocket-card")
    result = run("batch", sites, "--out", out, "--jobs", "1", "--format", "pocket-card",
                 "--no-previews")
    assert result.code == 1
    assert ("alpha/layouts/pocket-card/layout.yaml:3: name: '../../beta/en/pocket-card' must "
            "be the layout's folder name, 'pocket-card'") in result.err
    assert "1-800-555-0101" not in page_texts(out / "beta" / "en" / "pocket-card.pdf")[1]
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf")) == [
        "beta/en/pocket-card.pdf"]


def test_sites_whose_names_differ_only_in_case_are_refused(sites: Path, run) -> None:  # noqa: ANN001
    shutil.copytree(sites / "alpha", sites / "Alpha")
    result = run("batch", sites)
    assert result.code == 2
    assert "sites 'Alpha' and 'alpha' differ only in case" in result.err


@pytest.mark.parametrize("where", ["sites", "parent"])
def test_batch_out_may_not_hold_the_sites(sites: Path, run, where: str) -> None:  # noqa: ANN001
    out = sites if where == "sites" else sites.parent
    result = run("batch", sites, "--out", out)
    assert result.code == 2
    assert "the kit needs a folder of its own" in result.err
    assert not list(sites.rglob("*.pdf"))


def test_a_site_folder_linking_outside_the_sites_is_refused(sites: Path, tmp_path: Path,
                                                            run) -> None:  # noqa: ANN001
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "articles").mkdir(parents=True)
    shutil.copy(DEFAULT_CONTENT / "articles" / ARTICLE, elsewhere / "articles" / ARTICLE)
    (elsewhere / "resources.yaml").write_text(resources_with("1-800-555-0102"),
                                              encoding="utf-8")
    (elsewhere / "site.yaml").write_text(site_yaml("Site delta", extends=None), encoding="utf-8")
    (sites / "delta").symlink_to(elsewhere, target_is_directory=True)
    out = tmp_path / "out"
    result = run("batch", sites, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 2
    assert f"site folders leading outside {sites}" in result.err
    assert "delta" in result.err and "--allow-outside" in result.err
    assert not out.exists() or not list(out.rglob("*.pdf"))
    shutil.rmtree(sites / "gamma")  # its number is not valid: the batch would exit 1
    result = run("batch", sites, "--out", out, "--format", "pocket-card", "--no-previews",
                 "--allow-outside", elsewhere)
    assert result.code == 0, result.err
    assert "1-800-555-0102" in " ".join(page_texts(out / "delta" / "en" / "pocket-card.pdf"))


def _start_slow_batch(tmp_path: Path) -> tuple[subprocess.Popen, Path, Path]:
    """A real `havenprint batch` of three sites on two workers, each worker waiting 600 s
    after its first PDF (tests/slow_generator.py): far longer than the tests give the batch
    to stop, however loaded the machine; returned once both are building a site."""
    from tests.test_kit_folder import wait_for

    sites = tmp_path / "sites"
    for name in ("one", "two", "three"):
        default_kit_in(sites / name, ["en"])
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.slow_generator", "600", "batch", str(sites), "--out",
         str(out), "--jobs", "2", "--format", "pocket-card", "--no-previews"],
        cwd=REPO, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wait_for(lambda: len(list(out.glob("*/.havenprint/staging"))) >= 2
             or process.poll() is not None, seconds=120)
    assert process.poll() is None, process.communicate()[1]
    return process, sites, out


def _workers_of(pid: int) -> list[int]:
    return [int(child) for child in
            Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def _wait_until_gone(pids: list[int], seconds: float = 120.0) -> None:
    """Generous: the kernel ends them within milliseconds of the batch."""
    deadline = time.monotonic() + seconds
    while any(_running(pid) for pid in pids):
        assert time.monotonic() < deadline, f"workers outlived their batch: {pids}"
        time.sleep(0.05)


def test_a_killed_batch_takes_its_workers_along_and_the_next_batch_runs(
        tmp_path: Path, run) -> None:  # noqa: ANN001
    """kill -9 of the batch used to leave its workers idle for minutes, holding the output
    folder: every later batch stopped "in use by another build" naming the dead batch."""
    process, sites, out = _start_slow_batch(tmp_path)
    workers = _workers_of(process.pid)
    assert len(workers) == 2
    process.kill()
    process.wait(timeout=60)
    _wait_until_gone(workers)
    assert (out / ".havenprint" / "lock").read_text().strip() == str(process.pid)  # left over
    result = run("batch", sites, "--out", out, "--jobs", "2", "--format", "pocket-card",
                 "--no-previews")
    assert result.code == 0, result.err
    assert "3 site(s) built, 0 failed" in result.out
    assert not (out / ".havenprint").exists()
    process.stderr.close()


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_batch_stopped_by_a_signal_stops_its_workers(tmp_path: Path,
                                                       number: signal.Signals) -> None:
    """`kill` and `kill -INT` reach the batch alone (not its workers, as a terminal's Ctrl-C
    does): the workers stop with it, and every lock is free at once."""
    from generator.kit.out_lock import FolderLock

    process, _, out = _start_slow_batch(tmp_path)
    workers = _workers_of(process.pid)
    process.send_signal(number)
    _, err = process.communicate(timeout=300)  # each worker waits 600 s after its PDF
    assert process.returncode == (130 if number == signal.SIGINT else -signal.SIGTERM), err
    assert "Traceback" not in err
    if number == signal.SIGINT:
        assert err.strip().splitlines()[-1] == (
            "havenprint: interrupted; each site's output folder holds its previous kit, or "
            "its new one if it was complete")
    _wait_until_gone(workers)
    for folder in (out, out / "one", out / "two", out / "three"):
        (folder / ".havenprint").mkdir(parents=True, exist_ok=True)
        with FolderLock(folder / ".havenprint", str(folder)):
            pass


def test_ctrl_c_reaching_a_waiting_worker_stops_the_batch_without_a_traceback(
        tmp_path: Path) -> None:
    """A terminal's Ctrl-C reaches the batch and every worker: one waiting for a site (its
    own failed at once) ended with a traceback of multiprocessing's."""
    from tests.test_kit_folder import wait_for

    sites = tmp_path / "sites"
    default_kit_in(sites / "slow", ["en"])
    default_kit_in(sites / "broken", ["en"])
    edit(sites / "broken" / "site.yaml", "country: US", "country: USA")
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.slow_generator", "60", "batch", str(sites), "--out",
         str(out), "--jobs", "2", "--format", "pocket-card", "--no-previews"],
        cwd=REPO, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_for(lambda: (out / "slow" / ".havenprint" / "staging").is_dir()
             or process.poll() is not None, seconds=120)
    workers = _workers_of(process.pid)
    time.sleep(1.0)  # the broken site's worker has failed it and waits for another
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    _wait_until_gone(workers)


@pytest.mark.parametrize("name", ["a" * 300, "../../../etc"])
def test_a_format_no_layout_folder_can_be_named_is_unknown(sites: Path, tmp_path: Path,
                                                           run, name: str) -> None:  # noqa: ANN001
    """Looked up in each site's layouts/ folder, a 300-character name stopped with OSError
    'File name too long' (and ../ climbed out of it)."""
    (sites / "alpha" / "layouts").mkdir()
    result = run("batch", sites, "--out", tmp_path / "out", "--format", name)
    assert result.code == 2
    assert result.err.strip().startswith(f"havenprint: error: unknown format {name!r}; valid: ")


FIVE = ("north", "south", "east", "west", "harbour")


@pytest.fixture
def five_sites(sites: Path) -> Path:
    """Five sites sharing the base: the fixture's broken gamma replaced."""
    shutil.rmtree(sites / "gamma")
    for name in ("north", "south", "east"):
        (sites / name).mkdir()
        (sites / name / "site.yaml").write_text(site_yaml(f"Site {name}"), encoding="utf-8")
    (sites / "alpha").rename(sites / "west")
    (sites / "beta").rename(sites / "harbour")
    return sites


def test_two_shards_build_each_site_exactly_once(five_sites: Path, tmp_path: Path,
                                                 run) -> None:  # noqa: ANN001
    """Each shard into its own folder, as two CI jobs would: between them every site is
    built once (read back: its card, with its own organisation), and none twice."""
    built: dict[str, list[str]] = {}
    for index in (1, 2):
        out = tmp_path / f"out-{index}"
        result = run("batch", five_sites, "--out", out, "--shard", f"{index}/2", "--jobs", "1",
                     "--format", "pocket-card", "--no-previews")
        assert result.code == 0, result.err
        made = sorted(child.name for child in out.iterdir()) if out.exists() else []
        assert f"shard {index}/2: {len(made)} of the 5 site(s)" in result.out
        assert made, "these five names fall 3 and 2: each shard has work"
        for name in made:
            built.setdefault(name, []).append(out.name)
            card = out / name / "en" / "pocket-card.pdf"
            number = "1-800-555-0101" if name == "west" else NATIONAL  # west was alpha
            assert number in page_texts(card)[1], name
            assert (out / name / "manifest.json").is_file()
    assert sorted(built) == sorted(FIVE)
    assert all(len(outs) == 1 for outs in built.values()), built


def test_a_sites_shard_depends_on_its_name_alone(five_sites: Path, tmp_path: Path,
                                                 run) -> None:  # noqa: ANN001
    """The same site goes to the same shard whichever other sites the batch holds: a new
    site moves none of the others (a rule by sorted position would move them all)."""
    from generator.commands.shard import shard_of

    before = {name: shard_of(name, 3) for name in FIVE}
    (five_sites / "aaa-first").mkdir()
    (five_sites / "aaa-first" / "site.yaml").write_text(site_yaml("First"), encoding="utf-8")
    after = {name: shard_of(name, 3) for name in FIVE}
    assert before == after and set(before.values()) <= {1, 2, 3}
    shard = after["north"]
    result = run("batch", five_sites, "--out", tmp_path / "out", "--shard", f"{shard}/3",
                 "--jobs", "1", "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    assert (tmp_path / "out" / "north" / "en" / "pocket-card.pdf").is_file()


@pytest.mark.parametrize("shard", ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "-1/2", ""])
def test_a_bad_shard_is_a_usage_error(sites: Path, tmp_path: Path, run,  # noqa: ANN001
                                      shard: str) -> None:
    result = run("batch", sites, "--out", tmp_path / "out", f"--shard={shard}")
    assert result.code == 2
    assert result.err.startswith(f"havenprint: error: --shard {shard!r}: ")
    assert "K/N" in result.err or "K must be from 1 to N" in result.err
    assert not (tmp_path / "out").exists()


def test_shards_may_share_one_output_folder(five_sites: Path, tmp_path: Path,
                                            run) -> None:  # noqa: ANN001
    """While --out's own lock is held, a second unsharded batch is kept out (exit 4), but a
    shard builds its sites: it holds only their folders' locks, so shards side by side on a
    shared volume do not keep each other out."""
    from generator.commands.shard import shard_of
    from generator.kit.kit_folder import folder_lock

    out = tmp_path / "out"
    with folder_lock(out):
        kept_out = run("batch", five_sites, "--out", out, "--jobs", "1",
                       "--format", "pocket-card", "--no-previews")
        shard = run("batch", five_sites, "--out", out, "--shard", "1/2", "--jobs", "1",
                    "--format", "pocket-card", "--no-previews")
    assert kept_out.code == 4, kept_out.err
    assert shard.code == 0, shard.err
    mine = sorted(name for name in FIVE if shard_of(name, 2) == 1)
    assert sorted(child.name for child in out.iterdir() if not child.name.startswith(".")) \
        == mine


def test_a_batch_of_some_formats_notes_only_the_pieces_it_built(sites: Path, tmp_path: Path,
                                                                run) -> None:  # noqa: ANN001
    """What the sticker and the brochure's back panel say of the first line is noted only
    where the batch builds them (issue 42: notes name only pieces the kit built)."""
    shutil.rmtree(sites / "gamma")
    lines = sites / "alpha" / "resources.yaml"  # its first line open on weekdays: a note
    lines.write_text(lines.read_text(encoding="utf-8").replace("hours: 24/7",
                                                               "hours: Mon–Fri 9–5", 1),
                     encoding="utf-8")
    built = run("batch", sites, "--out", tmp_path / "all", "--jobs", "1", "--no-previews")
    assert "the brochure's back panel and the sticker say" in built.out + built.err
    result = run("batch", sites, "--out", tmp_path / "out", "--jobs", "1",
                 "--format", "pocket-card", "--no-previews")
    assert result.code == 0
    assert "back panel" not in result.out + result.err
    assert "the sticker say" not in result.out + result.err
