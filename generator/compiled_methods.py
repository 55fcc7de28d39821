"""The methods Python's dataclasses module writes for each class (__init__, __repr__,
__eq__, ...) compiled once per machine, not by every process.

For each dataclass the module writes its methods' text and runs `exec` on it, which compiles
the text: a build imports some 150 dataclasses, 760 such functions, and compiling them took
47 ms of every new process (a tenth of its time before the first document), compiling the
very same texts each time. Installed here, `exec` in the dataclasses module compiles a text
it has not compiled before exactly as exec would (the same file name, no future features of
its own), keeps the code by its text, and runs it as exec would; what was compiled is kept in
the cache folder (marshal, as Python keeps compiled modules, under Python's version and
bytecode magic number) and read back by the next process. A text always gets the code
compiled from that very text.

Installed only over the dataclasses module this was written against (its `_create_fn`,
by fingerprint): another Python compiles as it always does. The engine owns the codes
(`compiled_methods`) and says whether the patch is installed.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import hashlib
import importlib.util
import marshal
import sys
from types import CodeType
from typing import Any

from generator.disk_cache import cache_folder, read_used
from generator.engine import current_engine, fingerprint

PATCH = "compiled dataclass methods"
FINGERPRINTS = frozenset({"999009e3b5122bd6"})  # dataclasses._create_fn, Python 3.11


def install() -> None:
    """`exec` of the dataclasses module replaced by one that compiles each text once per
    machine, if the module is the one this was written against; the codes kept by earlier
    processes read in."""
    engine = current_engine()
    if PATCH in engine.patches:
        return
    create = getattr(dataclasses, "_create_fn", None)
    found = fingerprint(create) if create is not None else "none"
    if found not in FINGERPRINTS or "exec" in vars(dataclasses):
        engine.patches[PATCH] = f"not installed: dataclasses' _create_fn is {found}"
        return
    kept = read_used(_path(), marshal.loads)
    if isinstance(kept, dict):
        engine.compiled_methods.update(
            (text, code) for text, code in kept.items()
            if type(text) is str and type(code) is CodeType)
    engine.compiled_methods_kept = len(engine.compiled_methods)
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # a module global, over the builtin
    engine.patches[PATCH] = "installed"


def keep_new() -> None:
    """What was compiled since the codes were read, kept for the next process."""
    engine = current_engine()
    codes = engine.compiled_methods
    if len(codes) == engine.compiled_methods_kept:
        return
    from generator.write import write_atomic  # concurrent.futures: only when there is news

    # a code marshal cannot write, a folder that cannot be written: kept another time
    with contextlib.suppress(ValueError, OSError):
        write_atomic(_path(), marshal.dumps(dict(codes)), durable=False)  # one per Python
        engine.compiled_methods_kept = len(codes)


def _exec(source: Any, globals: dict[str, Any] | None = None,
          locals: Any = None) -> None:
    if type(source) is str:
        codes = current_engine().compiled_methods
        code = codes.get(source)
        if code is None:
            # as exec compiles a text: "<string>", none of this module's future features
            code = codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
        source = code
    if globals is None:  # exec's default: the caller's
        caller = sys._getframe(1)
        globals = caller.f_globals
        if locals is None:
            locals = caller.f_locals
    builtins.exec(source, globals, locals)


def _path() -> Any:
    version = hashlib.sha256(repr((sys.version, importlib.util.MAGIC_NUMBER)).encode())
    return cache_folder("methods") / f"methods-{version.hexdigest()[:32]}.marshal"
