"""Reading the text files users give: bounded in size, UTF-8 (a byte-order mark allowed).

A file larger than its limit, a line longer than its limit, or bytes that are not
UTF-8 are one clear error naming the file (and the line) — never an unbounded read or
a decoding traceback. Bet files and documents are read whole; rounds to track are read
line by line, so a bad line costs that line only.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from baccarat_exact.errors import BaccaratError

__all__ = ["MAX_FILE_BYTES", "MAX_LINE_BYTES", "Line", "read_lines", "read_text"]

MAX_FILE_BYTES = 16 * 2**20
"""Largest bet file or document read (16 MiB)."""
MAX_LINE_BYTES = 64 * 2**10
"""Longest line of a rounds file (64 KiB)."""

_BOM = b"\xef\xbb\xbf"


def _decode(data: bytes, where: str, error: type[BaccaratError]) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as problem:
        line = data.count(b"\n", 0, problem.start) + 1
        raise error(
            f"{where}: not UTF-8 text (byte {data[problem.start]:#04x} on line {line})"
        ) from None


def read_text(
    path: str | Path,
    error: type[BaccaratError] = BaccaratError,
    limit: int = MAX_FILE_BYTES,
) -> str:
    """The text of the file at ``path``: at most ``limit`` bytes of UTF-8, a leading
    byte-order mark dropped. Anything else raises ``error`` naming the file.

    >>> read_text("/nonexistent.toml")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.BaccaratError: /nonexistent.toml: cannot read: No such file or directory
    """
    try:
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as problem:
        raise error(f"{path}: cannot read: {problem.strerror or problem}") from None
    if len(data) > limit:
        raise error(f"{path}: larger than {limit // 2**20} MiB; this is not a file the tool reads")
    return _decode(data.removeprefix(_BOM), str(path), error)


Line = tuple[int, "str | BaccaratError"]
"""A line's number and its text, or the error that makes it unreadable."""


def read_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[Line]:
    """The lines of a byte stream, numbered from 1, as text without the line end; a line
    that is not UTF-8 or longer than ``limit`` bytes comes as an error instead (the
    stream goes on from the next line).

    >>> import io
    >>> [text for _, text in read_lines(io.BytesIO(b"\\xef\\xbb\\xbf9 2 K 3\\n\\xff\\n"))]
    ['9 2 K 3', BaccaratError('not UTF-8 text (byte 0xff)')]
    """
    number = 0
    while True:
        chunk = stream.readline(limit + 1)
        if not chunk:
            return
        number += 1
        if len(chunk) > limit and not chunk.endswith(b"\n"):
            too_long = f"longer than {limit // 2**10} KiB"
            skipped = len(chunk)
            while chunk and not chunk.endswith(b"\n"):  # skip the rest of the line
                if skipped > MAX_FILE_BYTES:
                    stop = f"{too_long}, no line end in {MAX_FILE_BYTES // 2**20} MiB"
                    yield number, BaccaratError(f"{stop}: stopped reading")
                    return
                chunk = stream.readline(limit + 1)
                skipped += len(chunk)
            yield number, BaccaratError(too_long)
            continue
        if number == 1:
            chunk = chunk.removeprefix(_BOM)
        try:
            yield number, chunk.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as problem:
            yield number, BaccaratError(f"not UTF-8 text (byte {chunk[problem.start]:#04x})")
