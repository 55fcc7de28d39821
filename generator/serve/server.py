"""`havenprint serve`'s server: the settings from the command line, the listening socket,
the page's address, and the server itself (uvicorn and the app)."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import errno
import os
import secrets
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Iterator
from pathlib import Path

import uvicorn

from generator.content.extends import content_folders
from generator.errors import ContentError, UsageError, shown_path
from generator.kit.kit_folder import check_out
from generator.render.starters import start
from generator.serve.app import create_app
from generator.serve.settings import Settings, is_loopback
from generator.serve.workspace import Workspace


def settings_from(args: argparse.Namespace) -> Settings:
    content: Path = args.content
    if not (content / "site.yaml").is_file():
        raise UsageError(f"{content} is not a content folder (no site.yaml in it)")
    try:
        folders = content_folders(content)
    except ContentError:
        folders = (content,)
    check_out(args.out, folders)
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: give a port from 1 to 65535 (0: any free one)")
    token = None if is_loopback(args.host) else secrets.token_urlsafe(24)
    return Settings(content=content, out=args.out, allow_outside=tuple(args.allow_outside),
                    host=args.host, port=args.port, token=token)


def listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio turns Nagle's algorithm off only on sockets that say so,
    # and with it on, every answer on a kept-alive connection waits for the client's delayed
    # ACK (bench/README.md).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise UsageError(f"port {port} is in use (another havenprint serve?): choose "
                             "another with --port") from None
        raise UsageError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    sock.listen(64)
    return sock


def address(settings: Settings, port: int) -> str:
    host = settings.host
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else (
        f"[{host}]" if ":" in host else host)
    token = f"?token={settings.token}" if settings.token else ""
    return f"http://{shown}:{port}/{token}"


def _server(settings: Settings, sock: socket.socket,
            warm: bool = True) -> tuple[uvicorn.Server, Workspace]:
    start()  # the engine, as the command line starts it (for tests and bench/serve_bench.py)
    workspace = Workspace(settings)
    config = uvicorn.Config(create_app(workspace, warm=warm), log_level="warning",
                            access_log=False, lifespan="on", server_header=False,
                            date_header=False, proxy_headers=False, ws="none",
                            timeout_graceful_shutdown=3)
    return uvicorn.Server(config), workspace


def serve(args: argparse.Namespace) -> int:
    """Start the page's server, print its address, open it with `--open`; until Ctrl-C."""
    settings = settings_from(args)
    sock = listen(settings.host, settings.port)
    port = sock.getsockname()[1]
    settings = dataclasses.replace(settings, port=port)
    url = address(settings, port)
    server, _ = _server(settings, sock)
    # Ctrl-C from the moment the address is said closes the page, as it does once uvicorn
    # runs (which raises it again once stopped): not only after the lines below.
    with contextlib.suppress(KeyboardInterrupt):
        print(f"havenprint: editing {shown_path(settings.content)} at {url}", flush=True)
        if settings.token:
            print("havenprint: listening beyond this computer: the address above holds the "
                  "token that opens the page; give it only to people who may edit this kit")
        print("havenprint: press Ctrl-C to stop", file=sys.stderr)
        if args.open:
            if has_display():
                threading.Timer(0.5, _open, (url,)).start()
            else:
                print(f"havenprint: no display here to open a browser on: open {url} in a "
                      "browser on this computer", file=sys.stderr)
        server.run(sockets=[sock])
    print("havenprint: stopped", file=sys.stderr)
    return 0  # Ctrl-C is how the page is closed: no error (make said "Error 130")


def has_display() -> bool:
    """Whether a browser can be shown: on Linux and the BSDs, a graphical session (DISPLAY
    or WAYLAND_DISPLAY), without which webbrowser tries a text browser in the terminal or
    fails without a word; elsewhere always."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _open(url: str) -> None:
    if not webbrowser.open(url):
        print(f"havenprint: no browser could be opened: open {url} in one", file=sys.stderr)


@contextlib.contextmanager
def serving(content: Path, out: Path, warm: bool = True,
            port: int = 0) -> Iterator[tuple[str, Workspace]]:
    """A server on 127.0.0.1 (a free port, or `port`: the same server again after a
    restart) in a thread of this process, stopped on leaving (tests and
    bench/serve_bench.py)."""
    sock = listen("127.0.0.1", port)
    port = sock.getsockname()[1]
    server, workspace = _server(Settings(content=content, out=out, port=port), sock, warm)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}", workspace
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
