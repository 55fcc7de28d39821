"""Bad input, one case per folder under fixtures/invalid: each folder holds the files that
differ from the default kit and `expected.yaml` (arguments, exit code, messages)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

CASES = Path(__file__).parent / "fixtures" / "invalid"


@pytest.mark.parametrize("case", sorted(p.name for p in CASES.iterdir() if p.is_dir()))
def test_invalid_case(case: str, kit: Path, run) -> None:  # noqa: ANN001
    folder = CASES / case
    expected = yaml.safe_load((folder / "expected.yaml").read_text(encoding="utf-8"))
    for source in folder.rglob("*"):
        if source.is_file() and source.name != "expected.yaml":
            target = kit / source.relative_to(folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    if "generate" in expected:
        spec = expected["generate"]
        (kit / spec["path"]).write_text("Words. " * (spec["bytes"] // 7), encoding="utf-8")
    result = run(*expected.get("args", ["check"]), kit)
    assert result.code == expected["exit"], result.err
    for message in expected["messages"]:
        assert message in result.err, f"{message!r} not in:\n{result.err}"
