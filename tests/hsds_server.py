"""A local HSDS 3.0 API for the tests (tests/test_import_api.py): `/services` in pages shaped
as the specification's Page (total_items, total_pages, page_number, size, first_page,
last_page, empty, contents) listing each service's one-to-one fields only, and
`/services/{id}` with the whole service; on 127.0.0.1, on a port the system gives. What it
serves and how it fails (an HTTP status, a delay, a page that is not JSON) is set per path
by the test."""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Behaviour:
    """How the server answers: its services, and per page number or service id (`page:3`,
    `service:svc-crisis`) a status to answer instead (and how many times), a delay, or a
    body that is not JSON."""

    services: list[dict]
    statuses: dict[str, tuple[int, int]] = field(default_factory=dict)  # key -> (status, times)
    delays: dict[str, float] = field(default_factory=dict)
    malformed: set[str] = field(default_factory=set)
    requests: list[str] = field(default_factory=list)  # each path and query asked for
    authorizations: list[str] = field(default_factory=list)  # each Authorization header
    full_pages: bool = False  # list whole services (an API honouring full=true)
    ignores_page: bool = False  # every page the first (an API that does not page)


def one_to_one(service: dict) -> dict:
    """A service as a list shows it: its own fields, no lists or nested objects."""
    return {key: value for key, value in service.items() if not isinstance(value, list | dict)}


class _Handler(BaseHTTPRequestHandler):
    behaviour: Behaviour

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - quiet
        pass

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        behaviour = self.server.behaviour  # type: ignore[attr-defined]
        behaviour.requests.append(self.path)
        if self.headers.get("Authorization"):
            behaviour.authorizations.append(self.headers["Authorization"])
        parts = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(parts.query))
        path = parts.path.rstrip("/")
        if path.endswith("/services"):
            key = f"page:{query.get('page', '1')}"
            page = 1 if behaviour.ignores_page else int(query.get("page", "1"))
            body = self._page(behaviour, page, int(query.get("per_page", "50")))
        elif "/services/" in path:
            ident = urllib.parse.unquote(path.rsplit("/", 1)[1])
            key = f"service:{ident}"
            found = next((s for s in behaviour.services if str(s.get("id")) == ident), None)
            body = found
            if found is None:
                self._answer(404, {"message": "no such service"})
                return
        else:
            self._answer(404, {"message": "not found"})
            return
        if key in behaviour.delays:
            time.sleep(behaviour.delays[key])
        if key in behaviour.statuses:
            status, times = behaviour.statuses[key]
            if times > 0:
                behaviour.statuses[key] = (status, times - 1)
                self._answer(status, {"message": "failed"})
                return
        if key in behaviour.malformed:
            self._raw(200, b'{"total_items": 9, "contents": [{"id": "svc-')
            return
        self._answer(200, body)

    def _page(self, behaviour: Behaviour, page: int, per_page: int) -> dict:
        services = behaviour.services
        pages = max(1, -(-len(services) // per_page))
        chosen = services[(page - 1) * per_page:page * per_page]
        return {"total_items": len(services), "total_pages": pages, "page_number": page,
                "size": len(chosen), "first_page": page == 1, "last_page": page >= pages,
                "empty": not services,
                "contents": chosen if behaviour.full_pages else [one_to_one(s) for s in chosen]}

    def _answer(self, status: int, body: object) -> None:
        self._raw(status, json.dumps(body).encode("utf-8"))

    def _raw(self, status: int, data: bytes) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up waiting
            pass


@contextmanager
def hsds_api(behaviour: Behaviour) -> Iterator[str]:
    """The server's base address while the block runs (`http://127.0.0.1:PORT/hsds`)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    server.behaviour = behaviour  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hsds"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
