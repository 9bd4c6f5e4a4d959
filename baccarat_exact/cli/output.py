"""Writing to the terminal: every line the command line prints goes through :func:`echo`.

Output uses a few symbols (≈, ×, →, ♠ …). Where the stream's encoding cannot write
them (an ASCII or Latin-1 terminal, ``PYTHONIOENCODING=ascii``) they fall back to
plain ASCII (``~``, ``x``, ``->``, ``s`` …), through the ``baccarat-ascii`` codec error
handler. typer's own echo is not used for this: it rewraps an ASCII stream as UTF-8
(the vendored click's ``_stream_is_misconfigured``), which would write the symbols as
UTF-8 bytes instead.
"""

from __future__ import annotations

import codecs
import errno
import sys
from typing import TextIO

__all__ = ["ASCII_ERRORS", "OutputError", "echo", "plain_where_needed"]


class OutputError(OSError):
    """The output could not be written (a full disk, a closed file): not a bug, not bad
    input; the command line says so in one line (exit code 74)."""


ASCII_ERRORS = "baccarat-ascii"
"""The codec error handler that writes what an encoding cannot as plain ASCII."""

_ASCII = {
    "≈": "~", "−": "-", "–": "-", "—": "--", "×": "x", "→": "->", "←": "<-", "≥": ">=",
    "≤": "<=", "±": "+/-", "Σ": "sum", "…": "...", "µ": "u", "·": "*", "♠": "s", "♥": "h",
    "♦": "d", "♣": "c", "é": "e", "∞": "inf", "Δ": "d", "β": "beta", "│": "|", "─": "-",
    "╭": "+", "╮": "+", "╰": "+", "╯": "+",
}  # fmt: skip


def _to_ascii(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: what a terminal cannot show, written in plain ASCII."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(_ASCII.get(char, "?") for char in text), error.end


codecs.register_error(ASCII_ERRORS, _to_ascii)


def plain_where_needed(stream: TextIO) -> None:
    """Let a stream that cannot encode our symbols (≈, ×, …) write ASCII for them."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "≈×→♠".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=ASCII_ERRORS)


def echo(text: str, *, err: bool = False, nl: bool = True) -> None:
    """Write ``text`` (and a newline) to stdout, or stderr, and flush, as typer's echo
    does; what the stream's encoding cannot write is written in plain ASCII."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:  # closed before we started (`>&-`)
        if err:
            return  # nowhere to say anything
        raise OutputError(errno.EBADF, "standard output is closed")
    message = text + "\n" if nl else text
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        message.encode(encoding)
    except UnicodeEncodeError:
        message = message.encode(encoding, ASCII_ERRORS).decode(encoding)
    except LookupError:
        pass  # an encoding Python does not know: leave it to the stream
    try:
        if message:
            stream.write(message)
        stream.flush()
    except BrokenPipeError:
        raise  # the reader went away: the command line exits quietly
    except OSError as error:
        raise OutputError(error.errno, error.strerror or str(error)) from None
