"""Download: build the whole kit into the output folder (all or nothing, as `havenprint
build --target all` does), then download it as a zip or file by file.

Only the files the kit's manifest.json lists (and the manifest itself) are served, each
checked to lie inside the output folder: no other path can be asked for.
"""

from __future__ import annotations

import asyncio
import io
import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response

from generator.content.audiences import pack_of
from generator.content.bounded_read import read_limited
from generator.content.containment import is_inside
from generator.content.documents import sized_kit
from generator.content.layouts import Layout
from generator.errors import (
    Code,
    ContentError,
    OutputInUse,
    Problem,
    UsageError,
    WriteError,
    shown_path,
)
from generator.importers.source import api_copy_read, refresh_copy
from generator.kit.kit_commit import MANIFEST_NAME, MAX_MANIFEST_BYTES
from generator.kit.kit_folder import folder_lock
from generator.kit.outputs import build_with_kit_files
from generator.kit.page_sizes import PdfLayoutError, page_sizes
from generator.pipeline.build import BuildRequest
from generator.render.printing import print_note
from generator.render.targets import TARGETS, Target
from generator.serve.kit_changes import Reprinted, kit_changes, manifest_digest, reprinted
from generator.serve.kit_state import KitState
from generator.serve.plain import plain
from generator.serve.shown import ShownProblem, shown_problems
from generator.serve.templating import page
from generator.serve.web import problem, workspace
from generator.serve.workspace import Workspace, words_for

STORED = (".pdf", ".png")  # compressed already: stored in the zip as they are
MAX_PDF_BYTES = 200_000_000


def manifest(out: Path) -> dict[str, Any] | None:
    path = out / MANIFEST_NAME
    if not is_inside(path, (out.resolve(),)):
        return None
    try:  # a regular file only: a pipe would hold the page for ever
        data = json.loads(read_limited(path, MAX_MANIFEST_BYTES))
    except (ContentError, ValueError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("outputs"), list) else None


def kit_files(out: Path) -> dict[str, Path]:
    """The files of the kit in `out`, by their path in the manifest: only regular files
    inside `out`, whatever the manifest says."""
    data = manifest(out)
    if data is None:
        return {}
    root = out.resolve()
    files = {}
    for entry in data["outputs"]:
        label = entry.get("path") if isinstance(entry, dict) else None
        if not isinstance(label, str) or label.startswith("/") or ".." in Path(label).parts:
            continue
        path = out / label
        if is_inside(path, (root,)) and path.is_file():
            files[label] = path
    files[MANIFEST_NAME] = out / MANIFEST_NAME
    return files


@dataclass
class PrintFile:
    path: str  # en/pocket-card.pdf, as the manifest names it
    target: str  # a Target's name, as the manifest gives it
    summary: str  # "Letter, both sides, flip on the long edge"
    steps: tuple[str, ...]
    size_kb: int


@dataclass
class Piece:
    """One thing to print (a format in a language), its office file first."""

    title: str
    lang: str
    files: list[PrintFile] = field(default_factory=list)
    preview: str | None = None  # the office file's first page, as a picture
    audience: str | None = None  # the audience pack it belongs to; None: the main kit

    @property
    def office(self) -> PrintFile | None:
        return next((item for item in self.files if item.target == Target.OFFICE), None)

    @property
    def shop(self) -> PrintFile | None:
        return next((item for item in self.files if item.target == Target.SHOP), None)

    @property
    def screen(self) -> PrintFile | None:
        return next((item for item in self.files if item.target == Target.SCREEN), None)


@dataclass
class NotBuilt:
    """Pieces a build could not make for one reason: in one language (of one pack)."""

    lang: str
    audience: str | None
    titles: list[str]  # "Pocket card", "Brochure"
    reasons: list[ShownProblem]  # why (empty: a kit built before reasons were kept)


@dataclass
class WebPage:
    path: str
    lang: str
    size_kb: int
    audience: str | None = None


def pieces(ws: Workspace, state: KitState, entries: list[dict[str, Any]]) -> list[Piece]:
    """The kit's files as things to print, each with how to print it (read from the PDF's
    page size and the kit's settings, as index.html says it)."""
    files = kit_files(ws.out)
    previews = {str(entry.get("pdf")): str(entry.get("path")) for entry in entries
                if entry.get("kind") == "preview" and str(entry.get("path")) in files}
    found: dict[tuple[str, str, str], Piece] = {}
    packs = list(state.site.options.audiences) if state.site is not None else []
    for entry in entries:
        label = entry.get("path")
        if entry.get("kind") != "pdf" or not isinstance(label, str) or label not in files:
            continue
        name = Path(label).stem.removesuffix("-shop").removesuffix("-screen")
        lang = str(entry.get("lang") or "")
        audience = entry.get("audience")
        audience = audience if isinstance(audience, str) and audience in packs else None
        layout = state.layouts.get(str(entry.get("format")))
        piece = found.setdefault((audience or "", lang, name), Piece(
            layout.spec.title if layout is not None else name, lang, audience=audience))
        target = str(entry.get("target") or Target.OFFICE)
        summary, steps = _how(state, layout, entry, files[label], target, audience)
        piece.files.append(PrintFile(label, target, summary, steps, _kb(entry.get("size"))))
        if target == Target.OFFICE and label in previews:
            piece.preview = previews[label]
    for piece in found.values():
        piece.files.sort(key=lambda item: TARGETS.index(Target(item.target))
                         if item.target in TARGETS else 9)
    return sorted(found.values(), key=lambda piece: (
        packs.index(piece.audience) + 1 if piece.audience in packs else 0,
        state.languages.index(piece.lang) if piece.lang in state.languages else 99))


def _how(state: KitState, layout: Layout | None, entry: dict[str, Any], path: Path,
         target: str, audience: str | None = None) -> tuple[str, tuple[str, ...]]:
    kit = pack_of(state.kit, audience) if state.kit is not None else None
    if target == Target.SCREEN:
        return ("to read on a screen or send by e-mail: tagged for screen readers", ())
    if kit is None or layout is None or target not in TARGETS:
        return ("", ())
    try:
        size_key = str(entry.get("format_size") or "")
        sized = sized_kit(kit, layout, size_key) if size_key else kit
        note = print_note(sized, layout, Target(target), page_sizes(read_limited(
            path, MAX_PDF_BYTES))[0], for_page=True)
    except (ContentError, PdfLayoutError, ValueError, KeyError, IndexError, OSError):
        return ("", ())
    steps = note.steps
    if target == Target.SHOP:
        return ("for a print shop: one item per page, with bleed and crop marks", steps)
    stock = next((step.removeprefix("Print on ").rstrip(".") for step in note.steps
                  if step.startswith("Print on ")), None)
    sides = "both sides" if note.sides == 2 else "one side"
    flip = f", flip on the {note.flip} edge" if note.flip else ""
    where = f"print on {stock}" if stock else f"print on {note.paper}"
    return (f"{where}, {sides}{flip}, at 100 % (actual size)", steps)


def _kb(value: object) -> int:
    """A size in the manifest, in KB: 0 for anything not a number (another tool's kit)."""
    return round(value / 1024) if isinstance(value, int | float) and not isinstance(
        value, bool) else 0


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def not_built(ws: Workspace, state: KitState, data: dict[str, Any]) -> list[NotBuilt]:
    """What the manifest says was not built, grouped by language and reason, whatever shape
    it has: a kit of an older havenprint lists format and language only, another tool's
    anything; an entry that cannot be read is shown as it is."""
    listed = data.get("not_built")
    if not isinstance(listed, list):
        return []
    words = words_for(state)
    groups: dict[tuple[str, str | None, tuple[ShownProblem, ...]], NotBuilt] = {}
    for item in listed:
        name, lang, audience, problems = _not_built_item(ws, item)
        reasons = tuple(shown_problems(problems, words, ws.root))
        group = groups.setdefault((lang, audience, reasons),
                                  NotBuilt(lang, audience, [], list(reasons)))
        title = words.format(name) if name else "a piece"
        if title not in group.titles:
            group.titles.append(title)
    return list(groups.values())


def _not_built_item(ws: Workspace, item: object
                    ) -> tuple[str | None, str, str | None, list[Problem]]:
    """(format, language, pack, the problems that stopped it) of one manifest entry."""
    if isinstance(item, str):  # "pocket-card (so)"
        name, _, lang = item.partition(" (")
        return name or None, lang.rstrip(")"), None, []
    if isinstance(item, list | tuple) and len(item) >= 2:
        return _text(item[0]), str(item[1]) if isinstance(item[1], str) else "", None, []
    if not isinstance(item, dict):
        return None, "", None, []
    problems = []
    listed = item.get("problems")
    for one in listed if isinstance(listed, list) else ():
        message = _text(one.get("message")) if isinstance(one, dict) else _text(one)
        if message is None:
            continue
        file = _text(one.get("file")) if isinstance(one, dict) else None
        line = one.get("line") if isinstance(one, dict) else None
        path = ws.root / file if file is not None and ".." not in Path(file).parts and (
            not Path(file).is_absolute()) else ws.root / "manifest.json"
        problems.append(_read_back(one if isinstance(one, dict) else {}, path, message[:2000],
                                   line if isinstance(line, int) and not isinstance(line, bool)
                                   and line > 0 else None))
    return (_text(item.get("format")), _text(item.get("lang")) or "",
            _text(item.get("audience")), problems)


def _read_back(record: dict[str, Any], path: Path, message: str, line: int | None) -> Problem:
    """A problem as the manifest records it: with its code and fields where they are a
    code's of this havenprint, else as its message (a kit of another version)."""
    fields = record.get("fields")
    lang = _text(record.get("lang"))
    try:
        if not isinstance(fields, dict):
            raise TypeError("no fields")
        return Problem(path, message, line, code=Code(str(record.get("code"))), lang=lang,
                       fields={str(key): tuple(value) if isinstance(value, list) else value
                               for key, value in fields.items()})
    except (ValueError, TypeError, AttributeError):
        return Problem(path, message, line, code=Code.FROM_MANIFEST)


def web_pages(ws: Workspace, entries: list[dict[str, Any]]) -> list[WebPage]:
    """The kit's web pages (one per article and language), to put on a website."""
    files = kit_files(ws.out)
    return [WebPage(str(entry["path"]), str(entry.get("lang") or ""), _kb(entry.get("size")),
                    str(entry["audience"]) if isinstance(entry.get("audience"), str) else None)
            for entry in entries if entry.get("kind") == "web page"
            and str(entry.get("path")) in files]


async def download(request: Request) -> HTMLResponse:
    ws = workspace(request)
    state = await ws.run(ws.state)
    data = manifest(ws.out)
    entries = [entry for entry in (data or {}).get("outputs", []) if isinstance(entry, dict)]
    found = await ws.run(pieces, ws, state, entries) if data is not None else []
    groups: dict[str | None, list[Piece]] = {}
    for piece in found:  # sorted: the main kit's first, then each pack's
        groups.setdefault(piece.audience, []).append(piece)
    changes = await ws.run(kit_changes, state, data)
    again = reprinted(ws)
    return page(request, "download.html", title="Download", out=shown_path(ws.out),
                changes=changes, again=again,
                reprint=changes.reprint_files if changes else set(),
                print_again=again.reprint_files if again else set(),
                kit_loads=state.kit is not None, pieces=found, groups=list(groups.items()),
                web_pages=web_pages(ws, entries) if data is not None else [],
                several=len({piece.lang for piece in found}) > 1,
                previews=sum(entry.get("kind") == "preview" for entry in entries),
                not_built=await ws.run(not_built, ws, state, data) if data is not None else [],
                has_kit=data is not None, api=api_copy_read(ws.root))


async def refresh(request: Request) -> JSONResponse:
    """"Read the directory again": the HSDS API site.yaml's `resources:` names read again
    and its copy beside the content replaced (as `havenprint build --refresh` does); the
    old copy kept when any page cannot be read. On a thread of its own: a slow directory
    does not hold the previews."""
    ws = workspace(request)
    try:
        said = await asyncio.to_thread(refresh_copy, ws.root)
    except ContentError as error:
        reason = plain(error.problems[0], ws.words()).text
        return problem(f"The directory was not read: {reason} The copy read before is kept, "
                       "and the kit still prints its lines.", 502)
    if said is None:
        return problem("The lines do not come from a directory: resources: in site.yaml "
                       "names no HSDS address (https://…).", 409)
    read = api_copy_read(ws.root)
    return JSONResponse({"message": (
        f"Read the directory {read[0] if read else ''} again: the lines are now its "
        "services as they are today. “Since this kit was built” below says what changed.")})


async def build(request: Request) -> JSONResponse:
    ws = workspace(request)
    return await ws.run(_build, ws)


def _build(ws: Workspace) -> JSONResponse:
    state = ws.state()
    if state.kit is None:
        return problem("The kit does not load: see the Overview.", 409)
    before = kit_changes(state, manifest(ws.out))  # what the kit it replaces prints wrong
    try:
        result, files = build_with_kit_files(BuildRequest(
            state.kit, tuple(state.layouts.values()), tuple(state.kit.site.options.languages),
            TARGETS, ws.out), previews=True)
    except OutputInUse as error:
        return problem(f"Not built: {error}.", 409)
    except (UsageError, WriteError) as error:
        return problem(f"Not built: {error}.", 500)
    errors = [str(p) for p in result.errors]
    digest = manifest_digest(ws.out)
    if result.written and before is not None and before.reprint and digest is not None:
        ws.reprinted = Reprinted(before, digest)
    again = len(before.reprint) if before is not None and result.written else 0
    return JSONResponse({
        "written": len(result.written), "previews": len(files.previews),
        "failed": [f"{name} ({lang})" for name, lang in result.failed], "errors": errors,
        "message": (f"Built {len(result.written)} PDF(s) with {len(files.previews)} "
                    f"preview(s) in {shown_path(ws.out)}."
                    + (f" Not built: {len(result.failed)}, listed with why." if result.failed
                       else "")
                    + (f" Print {again} piece(s) again: their lines changed since the kit "
                       "it replaces (marked below)." if again else "")),
        "print_again": again,
    }, status_code=200 if result.written else 422)


async def kit_zip(request: Request) -> Response:
    ws = workspace(request)
    data = await ws.run(_zip, ws)
    if data is None:
        return problem("No kit to download yet: build it first.", 404)
    name = f"{ws.root.resolve().name or 'kit'}-kit.zip"
    return Response(data, media_type="application/zip",
                    headers={"content-disposition": f'attachment; filename="{name}"'})


def _zip(ws: Workspace) -> bytes | None:
    if manifest(ws.out) is None:
        return None
    buffer = io.BytesIO()
    try:
        with folder_lock(ws.out), zipfile.ZipFile(buffer, "w") as archive:
            for label, path in sorted(kit_files(ws.out).items()):
                kind = zipfile.ZIP_STORED if path.suffix in STORED else zipfile.ZIP_DEFLATED
                archive.write(path, label, compress_type=kind)
    except OutputInUse:
        return None
    return buffer.getvalue()


async def one_file(request: Request) -> Response:
    ws = workspace(request)
    label = request.path_params["path"]
    path = kit_files(ws.out).get(label)
    if path is None:
        return Response("No such file in the kit.", 404, media_type="text/plain")
    shown = path.suffix == ".png" or (path.suffix == ".pdf" and "print" in request.query_params)
    headers = ({"content-security-policy": "frame-ancestors 'none'"}  # the browser's viewer
               if path.suffix == ".pdf" and shown else None)
    return FileResponse(path, filename=path.name, headers=headers,
                        content_disposition_type="inline" if shown else "attachment")
