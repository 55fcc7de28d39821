"""A kit's languages shared among forked copies: the same PDFs and messages as one process,
every result reported here, a copy's failure raised here, and no copy outliving its build."""

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from generator.content.layouts import LAYOUTS_DIR
from generator.pipeline.forked import ForkedWorkError, run_shared
from tests.conftest import default_kit_in


def test_every_key_is_worked_once_and_reported_in_this_thread() -> None:
    started, done, threads = [], {}, set()

    def on_start(key: int) -> None:
        started.append(key)
        threads.add(threading.get_ident())

    def on_done(key: int, value: tuple[int, int]) -> None:
        done[key] = value
        threads.add(threading.get_ident())

    run_shared([[1, 2, 3], [4, 5], [6]], lambda key: (key * key, os.getpid()), on_start,
               on_done, copies=3)
    assert sorted(started) == [1, 2, 3, 4, 5, 6]
    assert {key: square for key, (square, _) in done.items()} == {k: k * k for k in range(1, 7)}
    assert threads == {threading.get_ident()}
    pids = {key: pid for key, (_, pid) in done.items()}
    assert pids[1] == pids[2] == pids[3] == os.getpid()  # a group in one process
    assert len({pids[4], pids[6], os.getpid()}) == 3 and pids[4] == pids[5]


def test_a_process_that_finishes_its_group_takes_the_next(tmp_path: Path) -> None:
    """The first group (the heaviest) holds this process until every other group is done:
    the copy takes them all, one as it finishes another, rather than a share fixed at the
    start (half of them would wait here behind the heavy one, and never be released)."""
    released = tmp_path / "released"

    def work(key: str) -> int:
        if key == "heavy":
            deadline = time.monotonic() + 300
            while not released.exists():  # never: were "last" queued behind "heavy"
                assert time.monotonic() < deadline, "the other groups waited for this one"
                time.sleep(0.01)
        if key == "last":
            released.touch()
        return os.getpid()

    done: dict[str, int] = {}
    run_shared([["heavy"], ["a"], ["b"], ["last"]], work, lambda key: None,
               done.__setitem__, copies=2)
    assert done["heavy"] == os.getpid()
    assert done["a"] == done["b"] == done["last"] != os.getpid()


def test_one_copy_or_one_group_works_here() -> None:
    for groups, copies in (([[1], [2]], 1), ([[1, 2]], 4)):
        done: dict[int, int] = {}
        run_shared(groups, lambda key: os.getpid(), lambda key: None, done.__setitem__,
                   copies=copies)
        assert set(done.values()) == {os.getpid()}


def test_a_copys_error_is_raised_here() -> None:
    def work(key: int) -> int:
        if key == 3:
            raise ValueError("key 3 is bad")
        return key

    with pytest.raises(ValueError, match="key 3 is bad"):
        run_shared([[1], [2, 3]], work, lambda key: None, lambda key, value: None,
                   copies=2)


def test_an_error_that_cannot_travel_comes_as_its_traceback() -> None:
    class Local(Exception):  # a local class cannot be pickled
        pass

    def work(key: int) -> int:
        if key == 2:
            raise Local("not picklable")
        return key

    with pytest.raises(ForkedWorkError, match="not picklable"):
        run_shared([[1], [2]], work, lambda key: None, lambda key, value: None,
                   copies=2)


class TwoPartError(Exception):
    """Pickles, but cannot be rebuilt from its args: the parent must not wait for ever."""

    def __init__(self, first: str, second: str) -> None:
        super().__init__(first + second)


def test_an_error_that_cannot_be_rebuilt_here_is_an_error_not_a_hang() -> None:
    def work(key: int) -> int:
        if key == 2:
            raise TwoPartError("half", "way")
        return key

    def too_long(signum: int, frame: object) -> None:
        raise TimeoutError("the parent waited for a result that never came")

    previous = signal.signal(signal.SIGALRM, too_long)
    signal.alarm(30)
    try:
        with pytest.raises(ForkedWorkError, match="TwoPartError"):
            run_shared([[1], [2]], work, lambda key: None, lambda key, value: None,
                   copies=2)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_a_copy_that_dies_is_an_error_not_a_hang() -> None:
    def work(key: int) -> int:
        if key == 2:
            os.kill(os.getpid(), signal.SIGKILL)
        return key

    with pytest.raises(ForkedWorkError, match="ended before it finished"):
        run_shared([[1], [2]], work, lambda key: None, lambda key, value: None,
                   copies=2)


def test_no_copy_is_left_running() -> None:
    before = _children()
    run_shared([[1], [2], [3]], lambda key: key, lambda key: None, lambda key, value: None,
               copies=3)
    assert _children() == before


def _children() -> set[int]:
    pid = os.getpid()
    return {int(child) for child in
            Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}


def test_a_kit_built_by_two_processes_is_the_kit_one_builds(tmp_path: Path, run) -> None:  # noqa: ANN001
    kit = default_kit_in(tmp_path / "content", ["en", "ar", "zh-Hans", "es"])
    outputs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out-{jobs}"
        result = run("build", kit, "--out", out, "--no-previews", "--jobs", jobs)
        assert result.code == 0, result.err
        outputs[jobs] = (result.err, {path.relative_to(out).as_posix(): path.read_bytes()
                                      for path in out.rglob("*.pdf")})
    messages_one, pdfs_one = outputs["1"]
    messages_two, pdfs_two = outputs["2"]
    # every format of layouts/ in each of the four languages (the poster at one size)
    assert len(pdfs_one) == 4 * len([folder for folder in LAYOUTS_DIR.iterdir()
                                     if (folder / "layout.yaml").is_file()])
    assert messages_two == messages_one
    assert pdfs_two.keys() == pdfs_one.keys()
    assert [name for name in pdfs_one if pdfs_one[name] != pdfs_two[name]] == []


def test_a_killed_builds_copies_let_go_of_the_output_folder(tmp_path: Path, run) -> None:  # noqa: ANN001

    from tests.test_kit_folder import start_build, wait_for

    kit = default_kit_in(tmp_path / "content", ["en", "ar"])
    out = tmp_path / "out"
    process = start_build(kit, out, "--format", "pocket-card", "--no-previews", "--jobs", "2",
                          delay=6.0)
    wait_for(lambda: _children_of(process.pid) or process.poll() is not None)
    copies = _children_of(process.pid)
    assert copies, "the build did not fork"
    time.sleep(1.0)  # the copy is at work (then waits 6 s): it would hold the lock for that long
    assert all(not _zombie(pid) for pid in copies)
    process.kill()
    process.wait(timeout=60)  # not communicate(): the copy holds the pipes until it ends
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err  # not "in use by another build"
    deadline = time.monotonic() + 120
    while any(Path(f"/proc/{pid}").exists() and not _zombie(pid) for pid in copies):
        assert time.monotonic() < deadline, "a copy outlived its build"
        time.sleep(0.1)
    process.communicate(timeout=60)


def _children_of(pid: int) -> list[int]:
    try:
        return [int(child) for child in
                Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z"
    except OSError:
        return True


def test_ctrl_c_stops_the_build_and_its_copies_cleanly(tmp_path: Path) -> None:
    """Ctrl-C reaches every process of the terminal's group: the build reports it as one
    interruption, and no copy is left."""
    import subprocess
    import sys

    from tests.conftest import REPO
    from tests.test_kit_folder import wait_for

    kit = default_kit_in(tmp_path / "content", ["en", "ar"])
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.slow_generator", "4", "build", str(kit), "--out", str(out),
         "--format", "pocket-card", "--no-previews", "--jobs", "2"],
        cwd=REPO, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_for(lambda: _children_of(process.pid) or process.poll() is not None)
    copies = _children_of(process.pid)
    assert copies, "the build did not fork"
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C does
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err and "forked" not in err
    assert all(_zombie(pid) for pid in copies)
    assert not (out / "en").exists()


def test_a_kits_languages_are_shared_whole_first_then_document_by_document() -> None:
    """The heaviest languages start whole, one per process (a language's first document
    pays for its faces and shaping); the others go document by document, so that no
    process waits a whole language for the last one to finish."""
    from generator.pipeline.build import shared_groups

    keys = [(document, lang) for document in range(3) for lang in ("en", "ar", "es", "zh-Hans")]
    groups = shared_groups(keys, ["en", "ar", "es", "zh-Hans"], copies=2)
    assert groups[:2] == [[(0, "ar"), (1, "ar"), (2, "ar")],
                          [(0, "zh-Hans"), (1, "zh-Hans"), (2, "zh-Hans")]]
    assert groups[2:] == [[(0, "en")], [(1, "en")], [(2, "en")],
                          [(0, "es")], [(1, "es")], [(2, "es")]]
    assert sorted(key for group in groups for key in group) == sorted(keys)
