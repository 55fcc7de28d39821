"""`havenprint serve [CONTENT_DIR] [--out DIR] [--port 8765] [--host 127.0.0.1] [--open]`:
start the page's server (generator/serve/server.py, imported when the command runs), print
its address, and open it in the browser with `--open`."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.content.file_names import path_argument

DEFAULT_PORT = 8765


def add_serve_command(commands: argparse._SubParsersAction,
                      add_allow_outside: object) -> None:
    command = commands.add_parser(
        "serve", help="edit the content and see every page in a browser (local web page)")
    command.add_argument("content", nargs="?", type=path_argument, default=Path("content"),
                         metavar="CONTENT_DIR", help="content folder (default: content)")
    command.add_argument("--out", type=path_argument, default=Path("output"),
                         help="where the Download page builds the kit (default: output)")
    command.add_argument("--port", type=int, default=DEFAULT_PORT,
                         help=f"port to listen on (default: {DEFAULT_PORT}; 0: any free one)")
    command.add_argument("--host", default="127.0.0.1",
                         help="address to listen on (default: 127.0.0.1, this computer only; "
                              "any other asks for a token printed at start)")
    command.add_argument("--open", action="store_true", help="open the page in the browser")
    add_allow_outside(command)  # type: ignore[operator]
    command.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    from generator.serve.server import serve

    return serve(args)
