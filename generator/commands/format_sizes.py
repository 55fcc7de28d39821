"""`--<format>-size SIZE` on the command line (`--poster-size a3 --poster-size tabloid`): a
format whose file names carry its size (`in_file_name` on its size option in layout.yaml)
built at each size given. The parser adds the options it sees (no layout is read to parse);
the build checks each against the layouts."""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping, Sequence

from generator.content.documents import size_in_name
from generator.content.layouts import Layout
from generator.errors import UsageError

SIZED_FORMAT = re.compile(r"--([a-z0-9][a-z0-9-]*)-size(?:=.*)?")
SIZE_DEST = "size_of_"  # the parsed options' names: size_of_poster


def sized_formats(argv: Sequence[str]) -> list[str]:
    """The formats named by `--<format>-size` options in `argv`, before `--` if any."""
    before = argv[:list(argv).index("--")] if "--" in argv else argv
    return list(dict.fromkeys(match.group(1) for arg in before
                              if (match := SIZED_FORMAT.fullmatch(arg))))


def add_size_options(command: argparse.ArgumentParser, formats: Sequence[str]) -> None:
    sizes = command.add_argument_group(
        "sizes", "--FORMAT-size SIZE builds a format whose file names carry its size at SIZE "
        "(--poster-size letter, a4, tabloid or a3); repeatable, one file per size; default: "
        "the format's size in site.yaml (poster_size)")
    for name in formats:
        sizes.add_argument(f"--{name}-size", action="append", dest=f"{SIZE_DEST}{name}",
                           metavar="SIZE", help=f"a size of {name}")


def given_sizes(args: argparse.Namespace,
                layouts: Mapping[str, Layout]) -> dict[str, tuple[str, ...]]:
    """The sizes the command line gives each format, checked: a format there is, whose file
    names carry its size, and sizes its layout.yaml has."""
    sizes: dict[str, tuple[str, ...]] = {}
    for key, values in vars(args).items():
        if not key.startswith(SIZE_DEST) or not values:
            continue
        name = key.removeprefix(SIZE_DEST)
        layout = layouts.get(name)
        if layout is None or not size_in_name(layout):
            sized = ", ".join(f"--{other}-size" for other, found in layouts.items()
                              if size_in_name(found)) or "none"
            raise UsageError(f"--{name}-size: no format {name!r} carries its size in its file "
                             f"names; the options there are: {sized}")
        unknown = [value for value in values if value not in layout.spec.sizes]
        if unknown:
            raise UsageError(f"--{name}-size: invalid choice {unknown[0]!r} (choose from "
                             f"{', '.join(layout.spec.sizes)})")
        sizes[name] = tuple(dict.fromkeys(values))
    return sizes
