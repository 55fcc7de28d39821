"""Hostile input stops after little work, in little memory: each case of fixtures/invalid
below is checked by a real `python -m generator` process, whose peak memory (ru_maxrss from
wait4) and processor time are measured, never its time by the clock (another build loading
both cores must not fail it). The processes run side by side; each also runs under a 2 GB
address-space limit, so that a regression fails the test, not the machine, and is killed
after HANG seconds, a bound no loaded machine reaches, so that one that hangs fails it."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import yaml

from tests.conftest import DEFAULT_CONTENT, REPO, english_only
from tests.test_invalid_cases import CASES, prepare, whole_line

HOSTILE = ["yaml-alias-bomb", "article-of-a-gigabyte", "resources-dev-zero",
           "template-endless-loop", "template-doubling", "template-memory",
           "icc-profile-of-a-gigabyte", "icc-profile-is-a-pipe"]
PEAK_MIB = 500
SECONDS = 15  # processor time, start-up (about 2 s) included
SAFETY_NET = 2 * 1024**3  # bytes of address space
HANG = 600  # seconds by the clock: only a process that never ends is still running by then


def english_kit(folder: Path) -> Path:
    shutil.copytree(DEFAULT_CONTENT, folder)
    site = folder / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (SAFETY_NET, SAFETY_NET))


@pytest.mark.slow  # eight processes side by side, about 22 s (make test runs it)
def test_hostile_input_stops_after_little_work_in_little_memory(tmp_path: Path) -> None:
    running = {}
    for case in HOSTILE:
        expected = yaml.safe_load((CASES / case / "expected.yaml").read_text(encoding="utf-8"))
        kit = english_kit(tmp_path / case)
        prepare(CASES / case, expected, kit)
        args = [str(arg).replace("{kit}", str(kit))
                for arg in expected.get("args", ["check", "{kit}"])]
        if str(kit) not in args:
            args.append(str(kit))
        process = subprocess.Popen([sys.executable, "-m", "generator", *args], cwd=REPO,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   text=True, preexec_fn=limited)
        hang = threading.Timer(HANG, process.kill)
        hang.daemon = True
        hang.start()
        running[case] = (process, expected, kit, hang)
    for case, (process, expected, kit, hang) in running.items():
        err = process.stderr.read()  # to its end, as the process closes it: no pipe fills
        _, status, usage = os.wait4(process.pid, 0)
        hung = not hang.is_alive()
        hang.cancel()
        process.stderr.close()
        process.returncode = os.waitstatus_to_exitcode(status)
        assert process.returncode == expected["exit"], (case, err)
        for message in expected["messages"]:
            assert whole_line(message.replace("{kit}", str(kit)), err.splitlines()), (case, err)
        assert "Traceback" not in err, (case, err)
        peak_mib = usage.ru_maxrss / 1024
        processor = usage.ru_utime + usage.ru_stime
        assert peak_mib < PEAK_MIB, f"{case}: peak {peak_mib:.0f} MiB"
        assert processor < SECONDS, f"{case}: {processor:.1f} s of processor time"
        assert not hung, f"{case}: still running after {HANG} s"
