"""What a process holds in memory, counted rather than measured by its resident size (which
moves with the order of allocations and with what glibc keeps): the memory tests compare two
counts a few hundred builds apart, so their bounds can be tight enough to catch one object
kept a build."""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import platform
import sys


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


COUNTABLE = sys.platform == "linux" and platform.libc_ver()[0] == "glibc"
_LIBC = ctypes.CDLL(ctypes.util.find_library("c")) if COUNTABLE else None
if _LIBC is not None:
    _LIBC.mallinfo2.restype = _MallInfo2


def memory_in_use() -> tuple[int, int]:
    """After collecting garbage: the blocks of Python's small-object allocator in use (every
    object up to 512 bytes is one) and the bytes glibc's malloc has handed out and not had
    back (larger objects, and the C memory of ReportLab, HarfBuzz, Pillow...)."""
    assert _LIBC is not None, "counts glibc's memory (skip where COUNTABLE is False)"
    gc.collect()
    info = _LIBC.mallinfo2()
    return sys.getallocatedblocks(), info.uordblks + info.hblkhd
