"""``blackjack counting --indices computed``: the ``blackjack indices`` document of the run's
game, computed once and kept on disk.

The document is a pure function of its request (seeded draws, the same bytes at any
``--jobs``), so a cached copy is the document itself: the cache saves time, never changes
a figure. It lives in ``$BACCARAT_EXACT_CACHE`` if set, else
``$XDG_CACHE_HOME/baccarat-exact`` (``~/.cache/baccarat-exact``), under ``indices/``, one
file per request and version of the tool (named by a hash of both); a file that cannot be
read back as that request's document is computed again, and a folder that cannot be
written only costs the time.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from baccarat_exact.commands.base import Context

if TYPE_CHECKING:
    from baccarat_exact.commands.blackjack.indices import BlackjackIndicesRequest

__all__ = ["CACHE_ENV", "cache_folder", "computed_indices", "is_cached"]

CACHE_ENV = "BACCARAT_EXACT_CACHE"
"""The environment variable naming the cache folder."""

COMPUTED = "computed for this game by blackjack indices, {samples} samples a count"
"""How the report names the source of computed index plays (cached or not: the same)."""


def cache_folder() -> Path:
    """The folder computed documents are kept in (module docstring)."""
    given = os.environ.get(CACHE_ENV)
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "baccarat-exact"


def _path(request: BlackjackIndicesRequest) -> Path:
    from baccarat_exact import __version__

    key = json.dumps({"request": request.to_dict(), "version": __version__}, sort_keys=True)
    name = hashlib.sha256(key.encode()).hexdigest()[:32]
    return cache_folder() / "indices" / f"{name}.json"


def is_cached(request: BlackjackIndicesRequest) -> bool:
    """Whether the cache holds the document of ``request`` (a file by its name)."""
    return _path(request).is_file()


def computed_indices(
    request: BlackjackIndicesRequest, context: Context
) -> tuple[dict[str, Any], str]:
    """The document of ``request`` (computed with ``context``'s workers and progress, or
    read from the cache) and how a report names it."""
    from baccarat_exact.report.render import dumps_json

    source = COMPUTED.format(samples=request.samples)
    path = _path(request)
    try:
        cached = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cached = None
    if isinstance(cached, dict) and cached.get("request") == request.to_dict():
        return cached, source
    text = dumps_json(request.run(context).document())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.part")
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)
    except OSError:
        pass  # no cache: the next run computes it again
    document: dict[str, Any] = json.loads(text)
    return document, source
