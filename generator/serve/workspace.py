"""The content folder the page edits, its output folder, and the engine that builds them.

The engine's caches, its font registrations and ReportLab are process-wide and not made for
threads, so every piece of engine work runs on one thread of its own, one job at a time
(`Workspace.run`); the server's event loop stays free to answer. What the engine keeps warm
between jobs (fonts, QR codes, fits, parsed articles and layouts) makes a preview quick.

The kit is loaded again when a file of the content folder changes: every request compares a
fingerprint of the folder's file names, sizes and times (the folder is small) with the one
the kit was loaded at, so that an edit made in another program shows too.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import os
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from generator.content.audiences import pack_of
from generator.content.caches import cached_layouts
from generator.content.extends import content_folders
from generator.content.language_tags import with_base
from generator.content.layouts import Layout
from generator.content.load import load_site
from generator.content.models import Kit
from generator.errors import Code, ContentError, Problem
from generator.pipeline.kit_checks import load_checked_kit
from generator.serve.engine_thread import EngineThread
from generator.serve.files import ContentFiles
from generator.serve.kit_state import KitState
from generator.serve.language_fonts import InstalledFonts, script_needed
from generator.serve.languages import countries, english_name, every_language
from generator.serve.plain import Words
from generator.serve.refusals import build_errors, new_errors
from generator.serve.rendering import (
    THUMBNAIL_PIXELS,
    DocumentView,
    PngStore,
    documents,
    preview_document,
)
from generator.serve.room_cache import RoomCache
from generator.serve.saved_drafts import Drafts
from generator.serve.settings import Settings
from generator.translating.kit_report import kit_report

T = TypeVar("T")


@dataclass
class Overview:
    fingerprint: str
    documents: list[DocumentView]
    checks: dict[str, list[Problem]] = field(default_factory=dict)  # by language


class Workspace:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.root = settings.content
        self.out = settings.out
        self.files = ContentFiles(settings.content)
        self.drafts = Drafts(settings.content)
        self.pngs = PngStore()
        self.rooms = RoomCache()  # each string's room where it prints, by language
        self.installed_fonts = InstalledFonts()  # for languages havenprint has no font for
        self.csrf = secrets.token_urlsafe(32)
        # names the folder's drafts in the browser, the same after a restart
        self.folder_key = hashlib.blake2b(str(settings.content.resolve()).encode(
            "utf-8", "surrogateescape"), digest_size=8).hexdigest()
        self.pending: dict[str, Any] = {}  # an import waiting to be accepted, by its id
        # what the last build from the Download page made new: the pieces to print again
        # (serve/kit_changes.py's Reprinted), while the output folder holds that kit
        self.reprinted: Any = None
        self.edits = 0  # drafts of the lines so far (see `edited`)
        self._engine = EngineThread()
        self._state: KitState | None = None
        # by audience pack (None: the main kit), as last laid out
        self._overviews: dict[str | None, Overview] = {}
        # the Overview's documents laid out as the server warms up, by (format, size, lang)
        self._warm: tuple[str, dict[tuple[str, str, str], DocumentView]] = ("", {})
        # the errors laying out the kit as saved finds, by language (refusals.py)
        self._errors: tuple[str, dict[str, list[Problem]]] = ("", {})

    async def run(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`work(*args, **kwargs)` on the engine's thread, before any background job."""
        return await asyncio.wrap_future(self._engine.submit(
            functools.partial(work, *args, **kwargs)))

    async def run_background(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` on the engine's thread once no one waits for another job: a part of
        a longer check, which a preview asked for meanwhile goes before."""
        return await asyncio.wrap_future(self._engine.submit(
            functools.partial(work, *args), background=True))

    def run_soon(self, work: Callable[[], object]) -> None:
        """`work()` on the engine's thread, without waiting for it (warming up), in the
        background."""
        self._engine.submit(work, background=True)

    @property
    def queued(self) -> int:
        """Engine jobs waiting for the one running."""
        return self._engine.queued

    def edited(self) -> int:
        """A draft of the lines came (an edit): a check of the older draft still running is
        stale. The number of drafts so far (event loop only)."""
        self.edits += 1
        return self.edits

    def close(self) -> None:
        """The engine's thread stopped: the job running given a moment, those queued
        dropped (the process may end while a job past its time still runs)."""
        self._engine.close()

    # Engine work: call through `run`.

    def state(self) -> KitState:
        fingerprint = self.fingerprint()
        if self._state is None or self._state.fingerprint != fingerprint:
            self._state = self._load(fingerprint)
        return self._state

    def overview(self, audience: str | None = None) -> Overview:
        """Every document of the kit, or of its audience pack `audience`, laid out."""
        state = self.state()
        built = self._overviews.get(audience)
        if (built is None or built.fingerprint != state.fingerprint
                or not all(self.pngs.keep(face.key) for view in built.documents
                           for face in view.faces)):  # pictures let go for newer previews
            if built is not None and built.fingerprint != state.fingerprint:
                self._overviews.clear()  # the packs' too: they share the main kit's files
            built = self._overviews[audience] = self._build_overview(state, audience)
        return built

    def refused(self, drafted: Kit, langs: Iterable[str]) -> list[Problem]:
        """The errors the build would stop a piece with, with `drafted` (a draft of the
        kit), that the kit as saved does not have (see refusals.py)."""
        langs = list(langs)
        after = build_errors(drafted, self.state(), langs)
        if not after:
            return []
        state = self.state()
        if state.kit is None:
            return after
        if self._errors[0] != state.fingerprint:
            self._errors = (state.fingerprint, {})
        saved = self._errors[1]
        for lang in langs:
            if lang not in saved:
                saved[lang] = build_errors(state.kit, state, [lang]) if lang in (
                    state.languages) else []
        return new_errors(after, [problem for lang in langs for problem in saved[lang]])

    def words(self) -> Words:
        """How messages name the kit's formats, as last loaded (nothing loaded here)."""
        return words_for(self._state) if self._state is not None else Words()

    def warm_up(self) -> None:
        """Fonts registered, caches filled, the Overview ready before the first visit (and
        the Settings page's lists of languages and countries, then the rooms the Translations
        page opens with): each document of the Overview a background job of its own, so that
        a page asked for as the server starts waits for one document, not for all of them."""
        state = self.state()
        self._warm = (state.fingerprint, {})
        if state.kit is not None:
            for layout, size in documents(state.kit, list(state.layouts.values())):
                for lang in state.languages:
                    self.run_soon(functools.partial(self._warm_view, state, layout, size,
                                                    lang))
        self.run_soon(self.overview)
        self.run_soon(every_language)
        self.run_soon(countries)
        self.run_soon(self._warm_rooms)

    def _warm_view(self, state: KitState, layout: Layout, size: str, lang: str) -> None:
        if self._warm[0] != state.fingerprint or state.kit is None:
            return
        self._warm[1][(layout.name, size, lang)] = preview_document(
            state.kit, layout, lang, self.pngs, size, THUMBNAIL_PIXELS, notes=True)

    def _warm_rooms(self) -> None:
        """The rooms of the language the Translations page opens at (the first one not
        English): measuring them takes a few seconds the first time."""
        state = self.state()
        first = next((lang for lang in state.languages if lang.split("-")[0] != "en"), None)
        if first is not None:
            self.rooms.rooms(state, first)
        for lang in state.languages:  # the fonts installed here, for the Settings page
            script = script_needed(lang)
            if script is not None:
                self.installed_fonts.for_script(script)

    def fingerprint(self) -> str:
        digest = hashlib.blake2b(digest_size=16)
        try:
            folders = content_folders(self.root)
        except ContentError:
            folders = (self.root,)
        for folder in folders:
            for current, dirs, files in os.walk(folder):
                dirs[:] = sorted(name for name in dirs if not name.startswith("."))
                for name in sorted(files):
                    if name.startswith("."):
                        continue
                    path = os.path.join(current, name)
                    try:
                        stat = os.stat(path)
                    except OSError:
                        continue
                    digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
        return digest.hexdigest()

    def _load(self, fingerprint: str) -> KitState:
        allow = self.settings.allow_outside
        try:
            layouts = cached_layouts(self.root)
        except ContentError as error:
            return KitState(fingerprint, None, None, list(error.problems), {})
        try:
            kit = load_checked_kit(self.root, allow)
        except ContentError as error:
            try:
                site = load_site(self.root / "site.yaml")
            except ContentError:
                site = None
            return KitState(fingerprint, None, site, list(error.problems), layouts)
        return KitState(fingerprint, kit, kit.site, list(kit.warnings), layouts)

    def _build_overview(self, state: KitState, audience: str | None = None) -> Overview:
        kit = state.kit
        if kit is None:
            return Overview(state.fingerprint, [])
        kit = pack_of(kit, audience)
        langs = list(kit.site.options.languages)
        warm = self._warm[1] if audience is None and self._warm[0] == state.fingerprint else {}
        views = [warm.get((layout.name, size, lang)) or preview_document(
                     kit, layout, lang, self.pngs, size, THUMBNAIL_PIXELS, notes=True)
                 for layout, size in documents(kit, list(state.layouts.values()))
                 for lang in langs]
        self._warm = ("", {})  # laid out: kept in the Overview from now on
        checks: dict[str, list[Problem]] = {lang: [] for lang in langs}
        for problem in kit_report(kit, langs, packs=False).problems:
            lang = _language_of(problem, langs)
            checks.setdefault(lang or langs[0], []).append(problem)
        for lang in langs:
            script = script_needed(lang)
            if script is not None and not any(font.lang in with_base(lang)
                                              for font in kit.site.fonts):
                name = english_name(lang)
                checks[lang].insert(0, Problem(kit.site.file_of("fonts", "languages"), (
                    f"{name} is written in the {script.name} script, for which havenprint "
                    f"has no font: the {name} pieces cannot print until you choose one on the "
                    f"Settings page, under {name}."), kit.site.line_of("fonts", "languages"),
                    code=Code.SCRIPT_WITHOUT_FONT, lang=lang, fields={"script": script.name}))
        return Overview(state.fingerprint, views, checks)


def words_for(state: KitState) -> Words:
    """How the kit's formats and languages are named in messages."""
    return Words({name: layout.spec.title for name, layout in state.layouts.items()})


def _language_of(problem: Problem, langs: list[str]) -> str | None:
    """The language a `check` problem is about."""
    return problem.lang if problem.lang in langs else None
