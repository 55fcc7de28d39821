"""Whether a name from site.yaml or the command line can name a file at all: a part of a
path over 255 bytes (NAME_MAX on Linux, macOS and Windows alike), or a whole path over 1,024
bytes (macOS's PATH_MAX), makes the system refuse it as 'File name too long' wherever it is
looked up. Checked where such a name is read, so that it is a message naming the setting."""

from __future__ import annotations

import argparse
import os
from pathlib import Path, PurePath

MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 1024


def file_name_problem(name: str | PurePath) -> str | None:
    """What is wrong with `name` as a path, or None; it says how long, not the whole name."""
    text = str(name)
    try:
        encoded = os.fsencode(text)
    except UnicodeError:  # a lone surrogate: no file system can hold it
        return f"{_start(text)} holds a character that cannot be part of a file name"
    if len(encoded) > MAX_PATH_BYTES:
        return (f"{_start(text)} is {len(encoded):,} bytes long, over the {MAX_PATH_BYTES:,} "
                "a file's path may have: is this the right name?")
    longest = max(PurePath(text).parts or (text,), key=lambda part: len(os.fsencode(part)))
    size = len(os.fsencode(longest))
    if size > MAX_NAME_BYTES:
        return (f"{_start(longest)} is a name of {size:,} bytes, over the {MAX_NAME_BYTES} "
                "a file or folder name may have: is this the right name?")
    return None


def _start(text: str) -> str:
    """The start of a long name, enough to find it."""
    return repr(text) if len(text) <= 40 else f"{text[:30]!r}..."


def path_argument(text: str) -> Path:
    """A command line's path (argparse's `type=`): a usage error when it cannot name a file."""
    if problem := file_name_problem(text):
        raise argparse.ArgumentTypeError(problem)
    return Path(text)
