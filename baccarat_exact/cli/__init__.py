"""The ``baccarat-exact`` command line: a thin typer layer over the library.

:func:`main` is the console-script entry point; ``app`` is the whole command tree
(built on first use), for help, tests and docs. One module per command lives
beside this one.
"""

from __future__ import annotations

from typing import Any

from baccarat_exact.cli.root import COMMANDS, GROUPS, build_app, main, whole_app

__all__ = ["COMMANDS", "GROUPS", "build_app", "main", "whole_app"]  # and `app`, built on first use


def __getattr__(name: str) -> Any:
    """``app``: the whole command tree, built on first use."""
    if name == "app":
        return whole_app()
    raise AttributeError(f"module 'baccarat_exact.cli' has no attribute {name!r}")
