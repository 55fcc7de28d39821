"""The one owner of what a havenprint process keeps between documents.

A process (the command line, a batch worker, the web page's server) has one `Engine`. What
starts it is handed to it by whatever starts the process (`start_engine(starters)`): the
default faces and the check of ReportLab's shaped text (generator/render/starters.py),
which this module, the base of the package, does not import. It owns every cache: functions
that remember their results are declared with `@remembered(maxsize)`, so each has a bound,
its arguments are its key, and the engine can report and clear them all. Nothing else in
the package keeps state from one document to the next.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, ParamSpec, Protocol, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class _Remembering(Protocol):
    __qualname__: str
    __module__: str

    def cache_info(self) -> Any: ...

    def cache_clear(self) -> None: ...


# Every @remembered function, for the engine to own: the registry itself is the engine's
# state (this module is the one that may keep any), filled as modules are imported.
_REMEMBERING: list[_Remembering] = []


def _bound(maxsize: int) -> int:
    """A cache's bound (tests/cache_scale.py scales every one down, to fill them fast)."""
    return max(1, maxsize)


def remembered(maxsize: int, typed: bool = False) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Remember up to `maxsize` results of the function, least recently used forgotten
    first; the engine reports and clears them with every other cache."""
    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        cached = functools.lru_cache(maxsize=_bound(maxsize), typed=typed)(function)
        _REMEMBERING.append(cached)
        return cached  # type: ignore[return-value]
    return decorate


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Store(Generic[K, V]):
    """A bounded map: the least recently used entries go once it holds `maxsize`."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = _bound(maxsize)
        self._entries: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def remember(self, key: K, value: V) -> V:
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.maxsize:
            self._entries.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()


@dataclass
class WorkerState:
    """A batch worker process's: whether Ctrl-C came, and whether a site is building."""

    interrupted: bool = False
    building: bool = False


Starter = Callable[["Engine"], None]  # run once per process, when the engine starts


class EngineNotStarted(RuntimeError):
    """Laying out or drawing in a process whose engine nobody started: a caller's mistake
    (the command line, the web page and batch workers start it), never a user's."""


@dataclass
class Engine:
    """What one process keeps: what started it, its caches."""

    verbose: Callable[[str], None] | None = None
    # A content folder's `extends:` chain, with digests of the site.yaml files it was read
    # from (generator.content.extends).
    folder_chains: Store[Any, Any] = field(default_factory=lambda: Store(1024))
    # Fonts sites give in site.yaml, by family key, registered as their sites are built.
    site_families: Store[str, Any] = field(default_factory=lambda: Store(256))
    # The sha256 of each input file the manifest lists, by path and stat (generator.kit.manifest).
    input_digests: Store[Any, str] = field(default_factory=lambda: Store(16384))
    # The characters every site of a running batch may print, by language: what Chinese,
    # Japanese and Korean faces are subset to (generator.i18n.kit_characters).
    shared_characters: Store[str, frozenset[str]] = field(default_factory=lambda: Store(64))
    # A layout's spec with its `shrinks_last` styles held at their largest step, by the
    # spec's identity and the sheet's steps (generator.layout.fit): with the spec itself, so
    # that an entry whose spec has gone (and its id reused) is made again.
    pinned_specs: Store[Any, Any] = field(default_factory=lambda: Store(256))
    # A layout's spec with the styles that may open (`air`) set closer, by the spec's
    # identity and the setting (generator.layout.place_flow._tightened): one object for each, so
    # that a flow and its fillers tried at a setting again are remembered fits.
    tightened_specs: Store[Any, Any] = field(default_factory=lambda: Store(256))
    # A layout's spec with the styles a size sets otherwise (SizeSpec.styles), by the spec's
    # identity and those changes (generator.layout.fit.sized_spec), with the spec itself.
    sized_specs: Store[Any, Any] = field(default_factory=lambda: Store(256))
    # Descriptors of the output folders' locks this process holds (generator.kit.out_lock):
    # a forked copy closes them, so that only this process holds the folders.
    held_locks: set[int] = field(default_factory=set)
    # Cache folders this process could not write into, said once each
    # (generator.storage.disk_cache).
    unkept_caches: set[str] = field(default_factory=set)
    # A batch worker's Ctrl-C (generator.commands.site_job).
    worker: WorkerState = field(default_factory=lambda: WorkerState())
    # What has started it, in the order it ran: each starter runs once per process.
    started: list[Starter] = field(default_factory=list)

    def start(self, starters: Sequence[Starter]) -> Engine:
        """Run each of `starters` this engine has not run yet, in their order."""
        for starter in starters:
            if starter not in self.started:
                starter(self)
                self.started.append(starter)
        return self

    def cache_sizes(self) -> dict[str, tuple[int, int]]:
        """(entries, bound) of every cache, by the function's name."""
        sizes = {f"{cached.__module__}.{cached.__qualname__}":
                 (cached.cache_info().currsize, cached.cache_info().maxsize)
                 for cached in _REMEMBERING}
        for name in ("folder_chains", "site_families", "input_digests", "shared_characters",
                     "pinned_specs", "tightened_specs", "sized_specs"):
            store = getattr(self, name)
            sizes[name] = (len(store), store.maxsize)
        return sizes

    def clear(self) -> None:
        """Forget every remembered result (the fonts stay)."""
        for cached in _REMEMBERING:
            cached.cache_clear()
        for store in (self.folder_chains, self.input_digests, self.pinned_specs,
                      self.tightened_specs, self.sized_specs):
            store.clear()  # site families stay: ReportLab keeps their registered fonts


_CURRENT: list[Engine] = []  # the process's engine, once made


def current_engine() -> Engine:
    """The process's engine, for what it keeps (started or not)."""
    if not _CURRENT:
        _CURRENT.append(Engine())
    return _CURRENT[0]


def engine() -> Engine:
    """The process's engine, started; EngineNotStarted when nothing has started it (a
    library caller starts it first: generator.render.starters.start)."""
    current = current_engine()
    if not current.started:
        raise EngineNotStarted(
            "havenprint's engine was not started: call generator.render.starters.start() "
            "before laying out or drawing (the command line and the web page do)")
    return current


def start_engine(starters: Sequence[Starter],
                 verbose: Callable[[str], None] | None = None) -> Engine:
    """Start the process's engine with `starters` (each once per process), saying what it
    would say to `verbose`: what starts the process calls it (the command line, the web
    page, a batch worker), with the starters of the layers above this one."""
    engine = current_engine()
    if verbose is not None:
        engine.verbose = verbose
    return engine.start(starters)
