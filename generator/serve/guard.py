"""What stands between the page and anyone else on the machine or the network.

- Host header: only the names the server was started for (127.0.0.1, localhost, [::1] with
  its port, or the `--host` given). A web page elsewhere cannot reach the server through a
  name of its own that resolves to 127.0.0.1 (DNS rebinding).
- Token: listening beyond loopback (`--host 0.0.0.0`), every request needs the token printed
  once at start, in the URL (`?token=`); the server then keeps it in a cookie for the tab
  (HttpOnly, SameSite=Strict) and sends the browser on without it in the address bar.
- CSRF: every request that changes something (anything but GET and HEAD) carries the
  page's token in an `X-CSRF-Token` header, which another site's page cannot read or send;
  an Origin header, when there is one, must be this server's.
- Size: a request body over its limit is refused before the application sees it (uploads
  MAX_UPLOAD_BYTES, anything else MAX_BODY_BYTES).
- Headers: a Content-Security-Policy allowing only the server's own scripts, styles and
  images (no inline script, nothing from elsewhere), no framing, no referrer, no sniffing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from generator.serve.settings import Settings, is_loopback

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
SECURITY_HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
)
COOKIE = "havenprint_token"
UPLOAD_PATHS = ("/import/upload", "/settings/font-upload")
SAFE_METHODS = ("GET", "HEAD")


def same_secret(given: str, secret: str) -> bool:
    """Whether `given` is `secret`, in constant time; any text may be given (a header or a
    query of any characters: hmac compares only ASCII strings, and refused others with an
    exception)."""
    return hmac.compare_digest(given.encode("utf-8", "surrogateescape"),
                               secret.encode("utf-8"))


def local_path(path: str) -> str:
    """`path` as a redirect to this server: `//evil.example/` (or `/\\evil.example`, which
    browsers read the same way) would send the browser to another site."""
    return "/" + quote(path.lstrip("/\\"), safe="/-._~!$&'()*+,;=:@")


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    names = {"127.0.0.1", "localhost", "[::1]"} if is_loopback(host) or host in (
        "0.0.0.0", "::") else set()
    if host not in ("0.0.0.0", "::"):
        names.add(f"[{host}]" if ":" in host and not host.startswith("[") else host)
    with_port = {f"{name}:{port}" for name in names}
    return frozenset(with_port | (names if port == 80 else set()))


class Guard:
    def __init__(self, app: App, settings: Settings, csrf: str,
                 hosts: frozenset[str] | None = None) -> None:
        self.app = app
        self.settings = settings
        self.csrf = csrf
        self.hosts = hosts or allowed_hosts(settings.host, settings.port)
        self.wildcard = settings.host in ("0.0.0.0", "::")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1")
                   for key, value in scope["headers"]}
        host = headers.get("host", "")
        if not self._host_ok(host):
            await _plain(send, 400, "Wrong Host header: this server answers only at the "
                                    "address it printed when it started.")
            return
        if self.settings.token is not None:
            answered = await self._token(scope, headers, send)
            if answered:
                return
        method = scope["method"]
        if method not in SAFE_METHODS:
            refusal = self._change_refused(headers, host)
            if refusal:
                await _plain(send, 403, refusal)
                return
        limit = (self.settings.max_upload if scope["path"] in UPLOAD_PATHS
                 else self.settings.max_body)
        body = await _body(receive, headers, limit)
        if body is None:
            await _plain(send, 413, f"Too large: the limit is {limit // (1024 * 1024)} MB.")
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, _replay(body, receive), _with_headers(sending))
        except asyncio.CancelledError:
            # The server is stopping (Ctrl-C, SIGTERM) while engine work for this request
            # runs: said, not a traceback.
            if not started:
                with contextlib.suppress(Exception):
                    await _plain(send, 503, "havenprint is stopping: start it again, then "
                                            "reload this page (your edits are kept).")

    def _host_ok(self, host: str) -> bool:
        if host in self.hosts:
            return True
        if not self.wildcard:
            return False
        # Listening on every interface: any address of this machine, with the port; a name
        # (which another site's page could point at the machine) only with the token.
        name, _, port = host.rpartition(":")
        return port == str(self.settings.port) and bool(name) and (
            name.replace(".", "").isdigit() or name.startswith("["))

    async def _token(self, scope: Scope, headers: dict[str, str], send: Send) -> bool:
        """True when the request was answered here (refused, or sent on without the token)."""
        token = self.settings.token or ""
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"))
        given = dict(query).get("token")
        if given is not None and same_secret(given, token):
            rest = urlencode([(key, value) for key, value in query if key != "token"])
            location = local_path(scope["path"]) + (f"?{rest}" if rest else "")
            cookie = (f"{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict").encode()
            await send({"type": "http.response.start", "status": 303, "headers": [
                (b"location", location.encode()), (b"set-cookie", cookie),
                (b"cache-control", b"no-store"), *SECURITY_HEADERS]})
            await send({"type": "http.response.body", "body": b""})
            return True
        jar: SimpleCookie = SimpleCookie()
        jar.load(headers.get("cookie", ""))
        kept = jar.get(COOKIE)
        if kept is not None and same_secret(kept.value, token):
            return False
        await _plain(send, 401, "Open the address havenprint printed when it started, with "
                                "its ?token=... part.")
        return True

    def _change_refused(self, headers: dict[str, str], host: str) -> str | None:
        given = headers.get("x-csrf-token", "")
        if not given or not same_secret(given, self.csrf):
            return ("Missing or wrong CSRF token: changes are accepted only from this "
                    "server's own pages. Reload the page and try again.")
        origin = headers.get("origin")
        if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
            return "This change came from another site's page: refused."
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return "This change came from another site's page: refused."
        return None


async def _body(receive: Receive, headers: dict[str, str], limit: int) -> bytes | None:
    """The whole request body, or None when it is over `limit` bytes."""
    declared = headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        return None
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body read once, then the client's own messages (a disconnect, when it comes)."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replayed


def _with_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            names = {key.lower() for key, _ in message.get("headers", [])}
            extra = [header for header in SECURITY_HEADERS if header[0] not in names]
            if b"cache-control" not in names:
                extra.append((b"cache-control", b"no-store"))
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return wrapped


async def _plain(send: Send, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"), (b"cache-control", b"no-store"),
        *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": text.encode("utf-8")})
