"""`batch --shard K/N`: which sites of a batch this job builds, when N jobs share it.

A site belongs to shard `1 + h mod N`, where h is the first eight bytes of the SHA-256 of its
name (its folder's path relative to SITES_DIR). The rule reads nothing but the name: every
machine puts a site in the same shard, and adding or removing other sites moves no site
from one shard to another. N jobs with K = 1..N build each site exactly once between them.
"""

from __future__ import annotations

import hashlib
import re

from generator.errors import UsageError

_SHARD = re.compile(r"(\d+)/(\d+)")


def parse_shard(text: str) -> tuple[int, int]:
    """(K, N) from "K/N", with 1 <= K <= N; UsageError otherwise."""
    match = _SHARD.fullmatch(text.strip())
    if match is None:
        raise UsageError(f"--shard {text!r}: give K/N, this job's number K of N jobs "
                         "(1/4 ... 4/4)")
    index, count = int(match[1]), int(match[2])
    if count < 1 or not 1 <= index <= count:
        raise UsageError(f"--shard {text!r}: K must be from 1 to N, and N at least 1 "
                         f"(1/{max(count, 1)} ... {max(count, 1)}/{max(count, 1)})")
    return index, count


def shard_of(name: str, count: int) -> int:
    """The shard (1 to `count`) that builds the site named `name`."""
    digest = hashlib.sha256(name.encode("utf-8")).digest()
    return 1 + int.from_bytes(digest[:8], "big") % count
