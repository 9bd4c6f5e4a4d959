"""One line describing the machine a benchmark ran on (printed by every benchmark)."""

from __future__ import annotations

import os
import platform

import numpy as np


def machine() -> str:
    """CPU model, cores, Python and numpy versions."""
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"numpy {np.__version__}, {platform.system()} {platform.machine()}"
    )
