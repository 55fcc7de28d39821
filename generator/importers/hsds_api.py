"""Read an Open Referral HSDS API (3.0): `/services` page by page, and each service's whole
record from `/services/{id}` when a page lists only its one-to-one fields (as the
specification lets a list do).

Everything is read before anything is used: a page that fails (an HTTP error after its
retries, no answer within the timeout, a page that is not JSON or not an HSDS page, more
than the size limit) stops the read with one message naming the status and the address, so
nothing is imported or written from part of a directory. Addresses are shown without what
could be a secret: a user name and password, and the value of every query parameter but
the paging ones (`?api_key=…`). Requests are retried after 429 and 5xx answers and lost
connections, waiting longer each time (1, 2, 4 s).

What was read can be kept as a copy (`save_copy`): an HSDS API page of every service
(`{"contents": [...]}`) that the JSON importer reads as it reads any file, with where and
when it was read, so that `resources:` naming an API is read from the copy and a build
never depends on the network (`--refresh` reads the API again).
"""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from generator import __version__
from generator.errors import Code, ContentError, Problem
from generator.importers.files import MAX_IMPORT_BYTES, MAX_IMPORT_VALUES
from generator.storage.write import write_atomic

TIMEOUT = 20.0  # seconds a response may take, whole
MAX_RESPONSE_BYTES = 20_000_000
PER_PAGE = 100
MAX_PAGES = 2_000
RETRIES = 3  # after the first try
BACKOFF = 1.0  # seconds before the first retry; doubled each time
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
PAGING = frozenset({"page", "per_page", "full"})
COPY_NAME = "hsds-api-copy.json"  # beside the content's site.yaml
_COPY_KEY = "havenprint_api_copy"


def is_api_address(text: object) -> bool:
    """Whether a `resources:` path or an import's argument names an API (http or https)."""
    return isinstance(text, str) and text.lower().startswith(("http://", "https://"))


def shown_address(url: str) -> str:
    """The address without a user name or password, and without the value of a query
    parameter that could hold a token (any but page, per_page and full)."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    shown = "&".join(f"{key}={value if key in PAGING else '…'}" for key, value in query)
    return urllib.parse.urlunsplit((parts.scheme, host, parts.path, shown, ""))


@dataclass(frozen=True)
class ApiRead:
    services: list[dict]
    address: str  # as shown
    pages: int
    requests: int


def _credentials(parts: urllib.parse.SplitResult) -> str | None:
    """HTTP Basic credentials written in the address (`https://user:secret@host/`), sent as
    a header (urllib does not read them from the address)."""
    if parts.username is None:
        return None
    pair = f"{urllib.parse.unquote(parts.username)}:{urllib.parse.unquote(parts.password or '')}"
    return "Basic " + base64.b64encode(pair.encode("utf-8")).decode("ascii")


@dataclass
class _Reader:
    timeout: float
    retries: int
    backoff: float
    sleep: Callable[[float], None]
    authorization: str | None = None
    read_bytes: int = 0
    requests: int = 0

    def get(self, url: str, what: str) -> object:
        """The JSON at `url`; ContentError naming `what`, the status and the address."""
        shown = shown_address(url)
        tries = self.retries + 1
        for attempt in range(tries):
            last = attempt == tries - 1
            try:
                body = self._body(url)
            except urllib.error.HTTPError as error:
                if error.code in RETRY_STATUSES and not last:
                    self._wait(attempt)
                    continue
                after = f" (after {tries} tries)" if error.code in RETRY_STATUSES else ""
                raise ContentError(Problem(shown, (
                    f"{what}: the API answered HTTP {error.code} {error.reason}{after}; "
                    "nothing was imported"), code=Code.API_HTTP, fields={
                        "what": what, "status": error.code, "reason": str(error.reason),
                        "tries": tries})) from None
            except _TooSlow:
                if not last:
                    self._wait(attempt)
                    continue
                raise ContentError(Problem(shown, (
                    f"{what}: no whole answer within {self.timeout:g} s (after {tries} "
                    "tries); nothing was imported"), code=Code.API_SLOW, fields={
                        "what": what, "seconds": self.timeout, "tries": tries})) from None
            except (urllib.error.URLError, ConnectionError, http.client.HTTPException,
                    OSError) as error:
                if not last:
                    self._wait(attempt)
                    continue
                reason = getattr(error, "reason", None) or error
                raise ContentError(Problem(shown, (
                    f"{what}: could not read it ({reason}) after {tries} tries; nothing was "
                    "imported"), code=Code.API_UNREACHABLE, fields={
                        "what": what, "reason": str(reason), "tries": tries})) from None
            return _json(body, shown, what)
        raise AssertionError("unreachable")  # pragma: no cover

    def _wait(self, attempt: int) -> None:
        self.sleep(self.backoff * 2 ** attempt)

    def _body(self, url: str) -> bytes:
        headers = {"Accept": "application/json", "User-Agent": f"havenprint/{__version__}"}
        if self.authorization:
            headers["Authorization"] = self.authorization
        request = urllib.request.Request(url, headers=headers)
        self.requests += 1
        deadline = time.monotonic() + self.timeout
        chunks: list[bytes] = []
        size = 0
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310
                while chunk := response.read(65536):
                    size += len(chunk)
                    if size > MAX_RESPONSE_BYTES or self.read_bytes + size > MAX_IMPORT_BYTES:
                        raise ContentError(Problem(shown_address(url), (
                            f"the API's answers are over {MAX_IMPORT_BYTES // 1_000_000} MB "
                            f"in all (or one over {MAX_RESPONSE_BYTES // 1_000_000} MB): is "
                            "this the right address? (import a region at a time); nothing "
                            "was imported"), code=Code.API_TOO_BIG,
                            fields={"limit": MAX_IMPORT_BYTES}))
                    if time.monotonic() > deadline:
                        raise _TooSlow
                    chunks.append(chunk)
        except TimeoutError:
            raise _TooSlow from None
        except urllib.error.URLError as error:
            if isinstance(error.reason, TimeoutError):
                raise _TooSlow from None
            raise
        self.read_bytes += size
        return b"".join(chunks)


class _TooSlow(Exception):
    """No whole answer within the timeout."""


def _json(body: bytes, shown: str, what: str) -> object:
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ContentError(_answer(shown, what, f"the answer is not UTF-8 text (byte "
                                                f"{error.start})")) from None
    if text.count(",") + text.count("{") + text.count("[") > MAX_IMPORT_VALUES:
        raise ContentError(_answer(shown, what, f"the answer holds over "
                                                f"{MAX_IMPORT_VALUES:,} JSON values"))
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ContentError(_answer(shown, what, f"the answer is not JSON ({error.msg}, line "
                                                f"{error.lineno})")) from None
    except RecursionError:
        raise ContentError(_answer(shown, what, "the answer is nested too deeply")) from None


def _answer(shown: str, what: str, reason: str) -> Problem:
    """An answer that is no JSON of HSDS: nothing is imported."""
    return Problem(shown, f"{what}: {reason}; nothing was imported", code=Code.API_ANSWER,
                   fields={"what": what, "reason": reason})


def pause(seconds: float) -> None:
    """The wait before a request is tried again."""
    time.sleep(seconds)


def read_api(address: str, *, timeout: float | None = None, retries: int | None = None,
             backoff: float | None = None, per_page: int | None = None,
             sleep: Callable[[float], None] | None = None) -> ApiRead:
    """Every service of the HSDS API at `address` (its base, before `/services`), each whole;
    ContentError when any request fails, so that nothing comes of part of a directory.
    Unset, the timeout, retries, first wait and page size are the module's."""
    timeout = TIMEOUT if timeout is None else timeout
    retries = RETRIES if retries is None else retries
    backoff = BACKOFF if backoff is None else backoff
    per_page = PER_PAGE if per_page is None else per_page
    parts = urllib.parse.urlsplit(address)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ContentError(Problem(shown_address(address), (
            "not an API address: give the HSDS API's base address, e.g. "
            "https://directory.example.org/hsds/"), code=Code.API_ADDRESS))
    reader = _Reader(timeout, retries, backoff, sleep or pause, _credentials(parts))
    host = parts.hostname + (f":{parts.port}" if parts.port else "")
    base = urllib.parse.urlunsplit((parts.scheme, host, parts.path.rstrip("/"), "", ""))
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    shown = shown_address(_with_query(base, query))
    listed: list[dict] = []
    seen: set[str] = set()
    page = 1
    while True:
        url = _with_query(f"{base}/services", query, page=str(page), per_page=str(per_page),
                          full="true")
        data = reader.get(url, f"page {page} of the services")
        contents = _contents(data, shown_address(url), page)
        ids = [str(item.get("id")) for item in contents if item.get("id") is not None]
        if page > 1 and ids and set(ids) <= seen:
            raise ContentError(Problem(shown_address(url), (
                f"page {page} of the services repeats services of the pages before it: the "
                "API does not page as HSDS says (`page` and `per_page`); nothing was "
                "imported"), code=Code.API_PAGING, fields={"page": page}))
        seen.update(ids)
        listed.extend(contents)
        if _last_page(data, contents, page):
            break
        page += 1
        if page > MAX_PAGES:
            raise ContentError(Problem(shown, (
                f"over {MAX_PAGES:,} pages of services: is this the right address? (import a "
                "region at a time); nothing was imported"), code=Code.API_TOO_MANY_PAGES,
                fields={"limit": MAX_PAGES}))
    total = data.get("total_items") if isinstance(data, dict) else None
    if isinstance(total, int) and not isinstance(total, bool) and len(listed) < total:
        raise ContentError(Problem(shown, (
            f"the API says it holds {total:,} services and its {page} page(s) gave "
            f"{len(listed):,}: nothing was imported from part of it; try again"),
            code=Code.API_SHORT, fields={"total": total, "read": len(listed), "pages": page}))
    services = [_whole(item, base, query, reader, index)
                for index, item in enumerate(listed, start=1)]
    return ApiRead(services, shown, page, reader.requests)


def _with_query(url: str, query: list[tuple[str, str]], **params: str) -> str:
    given = [(key, value) for key, value in query if key not in params]
    encoded = urllib.parse.urlencode([*given, *params.items()])
    return f"{url}?{encoded}" if encoded else url


def _contents(data: object, shown: str, page: int) -> list[dict]:
    contents = data.get("contents") if isinstance(data, dict) else None
    if not isinstance(contents, list) or not all(isinstance(item, dict) for item in contents):
        raise ContentError(_answer(shown, f"page {page} of the services", (
            "is not an HSDS page (an object whose 'contents' is a list of services)")))
    return contents


def _last_page(data: object, contents: list[dict], page: int) -> bool:
    assert isinstance(data, dict)
    if data.get("last_page") is True or data.get("empty") is True or not contents:
        return True
    total_pages = data.get("total_pages")
    if isinstance(total_pages, int) and not isinstance(total_pages, bool):
        return page >= total_pages
    return False  # read on until a page is empty


def _whole(item: dict, base: str, query: list[tuple[str, str]], reader: _Reader,
           index: int) -> dict:
    """The service's whole record: the page's own when it carries the nested lists (the API
    honoured `full=true`), else `/services/{id}`."""
    if any(isinstance(item.get(key), list) for key in ("phones", "service_at_locations")):
        return item
    ident = item.get("id")
    if not isinstance(ident, str | int) or isinstance(ident, bool) or str(ident) == "":
        raise ContentError(Problem(shown_address(base + "/services"), (
            f"service {index} of the pages has no id, so its whole record "
            "(/services/{id}) cannot be read; nothing was imported"), code=Code.API_NO_ID,
            fields={"index": index}))
    url = _with_query(f"{base}/services/{urllib.parse.quote(str(ident), safe='')}", query)
    whole = reader.get(url, f"service {ident!s}")
    if not isinstance(whole, dict):
        raise ContentError(_answer(shown_address(url), f"service {ident!s}",
                                   "the answer is not a service (an object)"))
    return whole


# --- the copy kept beside the content --------------------------------------------------------


def address_key(address: str) -> str:
    """A digest of the whole address (the secret too, which the copy does not hold): a copy
    is of the address site.yaml names, or is read again."""
    return hashlib.sha256(address.encode("utf-8")).hexdigest()


def save_copy(read: ApiRead, address: str, path: Path) -> None:
    """The services as an HSDS API page, with where and when they were read."""
    data = {_COPY_KEY: {"address": read.address, "key": address_key(address),
                        "read": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                        "pages": read.pages},
            "total_items": len(read.services), "contents": read.services}
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))


def copy_of(address: str, path: Path) -> tuple[str, str]:
    """(when it was read, the address shown) of the copy at `path` of `address`;
    ContentError when there is none, or it is of another address."""
    refresh = "run `havenprint build --refresh` (or `check --refresh`) to read the API"
    if not path.is_file():
        raise ContentError(Problem(path, (
            f"resources: names the API {shown_address(address)}, and there is no copy of it "
            f"here yet: {refresh}; a build reads the copy, never the network"),
            code=Code.API_NO_COPY, fields={"address": shown_address(address)}))
    try:
        with path.open("rb") as opened:
            head = opened.read(4096).decode("utf-8", "replace")
        start = head.index(f'"{_COPY_KEY}"')
        about = json.JSONDecoder().raw_decode(head, head.index("{", start))[0]
    except (OSError, ValueError):
        about = None
    if not isinstance(about, dict) or about.get("key") != address_key(address):
        raise ContentError(Problem(path, (
            f"this copy is not of the API resources: names ({shown_address(address)}): "
            f"{refresh}"), code=Code.API_WRONG_COPY, fields={"address": shown_address(address)}))
    return str(about.get("read")), str(about.get("address"))
