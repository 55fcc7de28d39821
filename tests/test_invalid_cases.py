"""Bad and hostile input, one case per folder under fixtures/invalid: each folder holds the
files that differ from the default kit and `expected.yaml`:

- `args`: the command line after `havenprint` (default: `check`, then the kit); `{kit}` is
  the kit's folder and `{out}` an empty output folder beside it;
- `exit`: the exit code; `messages`: lines stderr must hold, each whole (or whole after a
  path's `/`), `{kit}` replaced; `absent`: text that must appear nowhere (a secret file's);
- `copy_layout`: a built-in layout copied into the kit's `layouts/` first (a site's own);
- `generate`: a file of `bytes` made by the test (`sparse: true`: a hole, no disk used);
- `links`: symbolic links to make, `path: target`; `fifos`: named pipes to make;
- `remove`: files of the default kit to delete.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO

CASES = Path(__file__).parent / "fixtures" / "invalid"


def prepare(folder: Path, expected: dict, kit: Path) -> None:
    for name in expected.get("copy_layout", []):
        shutil.copytree(REPO / "layouts" / name, kit / "layouts" / name)
    for source in folder.rglob("*"):
        if source.is_file() and source.name != "expected.yaml":
            target = kit / source.relative_to(folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    for name in expected.get("remove", []):
        (kit / name).unlink()
    if "generate" in expected:
        spec = expected["generate"]
        path = kit / spec["path"]
        path.parent.mkdir(parents=True, exist_ok=True)
        if spec.get("sparse"):
            with path.open("wb") as handle:
                handle.truncate(spec["bytes"])
        else:
            path.write_text("Words. " * (spec["bytes"] // 7), encoding="utf-8")
    for name, target in expected.get("links", {}).items():
        link = kit / name
        if link.is_dir() and not link.is_symlink():
            shutil.rmtree(link)
        else:
            link.unlink(missing_ok=True)
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(target.replace("{kit}", str(kit)))
    for name in expected.get("fifos", []):
        os.mkfifo(kit / name)


def whole_line(message: str, lines: list[str]) -> bool:
    return any(line == message or line.endswith("/" + message) for line in lines)


@pytest.mark.parametrize("case", sorted(p.name for p in CASES.iterdir() if p.is_dir()))
def test_invalid_case(case: str, kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    folder = CASES / case
    expected = yaml.safe_load((folder / "expected.yaml").read_text(encoding="utf-8"))
    prepare(folder, expected, kit)
    out = tmp_path / "out"

    def filled(text: str) -> str:
        return str(text).replace("{kit}", str(kit)).replace("{out}", str(out))

    args = [filled(arg) for arg in expected.get("args", ["check", "{kit}"])]
    if "{kit}" not in str(expected.get("args", ["{kit}"])):
        args.append(str(kit))
    result = run(*args)
    assert result.code == expected["exit"], result.err
    lines = result.err.splitlines()
    for message in expected["messages"]:
        assert whole_line(filled(message), lines), f"{filled(message)!r} not in:\n{result.err}"
    for text in expected.get("absent", []):
        assert text not in result.err + result.out


def test_there_are_at_least_40_cases() -> None:
    assert len([p for p in CASES.iterdir() if p.is_dir()]) >= 40
