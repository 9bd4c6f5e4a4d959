"""The command line's process tuning: OpenBLAS asked for no thread pool before numpy loads."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

_SCRIPT = """
import os, sys
from baccarat_exact.cli import main
before = "numpy" in sys.modules
try:
    main(["odds", "--decks", "1"])  # prices, so loads numpy and its OpenBLAS
except SystemExit:
    pass
print(os.environ.get("OPENBLAS_NUM_THREADS"), before, "numpy" in sys.modules)
"""


def _run(env_threads: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if env_threads is not None:
        env["OPENBLAS_NUM_THREADS"] = env_threads
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.split("\n")[-2]


def test_the_command_line_asks_for_one_blas_thread_before_numpy_loads() -> None:
    """Without a choice in the environment the entry point sets one thread, and it does
    so before numpy is imported (after, OpenBLAS would have started its pool)."""
    assert _run(None) == "1 False True"


def test_a_thread_count_chosen_in_the_environment_is_kept() -> None:
    assert _run("3") == "3 False True"


def test_nothing_is_set_once_numpy_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Setting the variable after numpy loaded would change nothing but the environment
    that worker processes inherit: the function leaves it alone."""
    import numpy  # noqa: F401  (loaded: the condition under test)

    from baccarat_exact.tuning import no_blas_thread_pool

    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    no_blas_thread_pool()
    assert "OPENBLAS_NUM_THREADS" not in os.environ


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["--version"],
        ["odds", "--help"],
        ["blackjack", "edge", "--help"],
        ["blackjack", "rules", "--decks", "2"],
        ["blackjack", "rules", "--format", "json"],
    ],
)
def test_what_prices_nothing_never_loads_numpy(args: list[str]) -> None:
    """Help, the version and the blackjack rules are start-up alone: numpy (and with it
    OpenBLAS) stays unloaded (docs/performance.md, start-up)."""
    script = (
        "import sys\nfrom baccarat_exact.cli import main\n"
        f"try:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
        "print('numpy' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.split("\n")[-2] == "False"


def test_a_command_that_computes_keeps_freed_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command that computes tunes the allocator first (a blackjack solve spent about a
    sixth of its time faulting freed temporaries in again: docs/performance.md)."""
    from baccarat_exact import tuning
    from baccarat_exact.cli import main

    calls: list[None] = []
    monkeypatch.setattr(tuning, "keep_freed_memory", lambda: calls.append(None))
    with pytest.raises(SystemExit) as stop:
        main(["blackjack", "dealer", "--up", "T", "--format", "json"])
    assert stop.value.code in (0, None)
    assert calls == [None]
