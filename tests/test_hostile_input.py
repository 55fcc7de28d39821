"""Hostile input stops after little work, in little memory: each case of fixtures/invalid
below is checked by a real `python -m generator` process, whose peak memory (ru_maxrss from
wait4) and processor time are measured, never its time by the clock (another build loading
both cores must not fail it). The processes run side by side; each also runs under a 2 GB
address-space limit, so that a regression fails the test, not the machine, and is killed
after HANG seconds, a bound no loaded machine reaches, so that one that hangs fails it."""

from __future__ import annotations

import json
import os
import shutil
import signal
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


# Each case's `python -m generator` is forked by this small launcher, which reports its
# exit code, peak memory and processor time (wait4) as JSON in the file named first: a
# process's peak (ru_maxrss) counts the memory of the process it was forked from, and the
# test process is hundreds of MiB late in a whole suite (one case once measured 597 MiB
# there, 60 alone).
LAUNCHER = """
import json, os, resource, sys
report, limit, args = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
pid = os.fork()
if pid == 0:
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.execv(sys.executable, [sys.executable, "-m", "generator", *args])
_, status, usage = os.wait4(pid, 0)
with open(report, "w") as found:
    json.dump({"exit": os.waitstatus_to_exitcode(status), "peak_kib": usage.ru_maxrss,
               "processor": usage.ru_utime + usage.ru_stime}, found)
"""


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
        report = tmp_path / f"{case}.json"
        process = subprocess.Popen([sys.executable, "-c", LAUNCHER, report, str(SAFETY_NET),
                                    *args], cwd=REPO, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True, start_new_session=True)
        hang = threading.Timer(HANG, os.killpg, (process.pid, signal.SIGKILL))
        hang.daemon = True
        hang.start()
        running[case] = (process, expected, kit, hang, report)
    for case, (process, expected, kit, hang, report) in running.items():
        err = process.stderr.read()  # to its end, as the process closes it: no pipe fills
        process.wait()
        hung = not hang.is_alive()
        hang.cancel()
        process.stderr.close()
        assert not hung, f"{case}: still running after {HANG} s"
        found = json.loads(report.read_text(encoding="utf-8"))
        assert found["exit"] == expected["exit"], (case, err)
        for message in expected["messages"]:
            assert whole_line(message.replace("{kit}", str(kit)), err.splitlines()), (case, err)
        assert "Traceback" not in err, (case, err)
        peak_mib = found["peak_kib"] / 1024
        processor = found["processor"]
        assert peak_mib < PEAK_MIB, f"{case}: peak {peak_mib:.0f} MiB"
        assert processor < SECONDS, f"{case}: {processor:.1f} s of processor time"
