"""`python -m tests.reference_pages [--accept]`: build the default kit's office PDFs in
English, Arabic, Chinese, Thai and Hindi, render every page, and compare them with the references
(saving what changed in tests/reference_pages/changed/); `--accept` stores them as the new
references. Look at every changed page before accepting."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.reference_pages import (
    accept,
    build_kit,
    compare,
    reference_content,
    render_pages,
    save_changes,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.reference_pages",
                                     description=__doc__)
    parser.add_argument("--accept", action="store_true",
                        help="store the pages as the new references")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out"
        build_kit(reference_content(Path(folder)), out)
        pages = render_pages(out)
    if args.accept:
        changes = accept(pages)
        for change in changes:
            print(f"accepted {change}")
        print(f"{len(pages)} reference page(s) stored, {len(changes)} of them changed")
        return 0
    changes = compare(pages)
    for change in changes:
        print(change)
    if changes:
        folder = save_changes(changes, pages)
        print(f"{len(changes)} page(s) changed: look at each in {folder}, then accept them "
              "with `python -m tests.reference_pages --accept`", file=sys.stderr)
        return 1
    print(f"all {len(pages)} pages match their references")
    return 0


if __name__ == "__main__":
    sys.exit(main())
