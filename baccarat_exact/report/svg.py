"""Charts as inline SVG text, for a self-contained HTML page: no script, no font file,
no network; styled by the page's CSS classes (``axis``, ``band``, ``bar``, ``mean``).

Charts draw floats (what a figure looks like); the figures themselves are in the page's
tables, taken from the JSON document.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

__all__ = ["Band", "bands_chart", "bars_chart", "nice_ticks"]


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round values spanning [low, high] (steps of 1, 2 or 5 × 10^k).

    >>> nice_ticks(-0.19, 0.17)
    [-0.2, -0.1, 0.0, 0.1, 0.2]
    """
    if not high > low:
        return [low]
    raw = (high - low) / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    return [round(k * step, 12) for k in range(first, last + 1)]


def _tick_text(value: float, percent: bool) -> str:
    if percent:
        return f"{value * 100:g}%"
    return f"{value:g}"


@dataclass(frozen=True, slots=True)
class _Frame:
    """The plotting area of a chart and its scales."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    x_range: tuple[float, float]
    y_range: tuple[float, float]

    def x(self, value: float) -> float:
        low, high = self.x_range
        span = (high - low) or 1.0
        return self.left + (value - low) / span * (self.width - self.left - self.right)

    def y(self, value: float) -> float:
        low, high = self.y_range
        span = (high - low) or 1.0
        return (
            self.height
            - self.bottom
            - (value - low) / span * (self.height - self.top - self.bottom)
        )


def _open(frame: _Frame, title: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {frame.width} {frame.height}" '
        f'role="img" aria-label="{escape(title)}" class="chart">',
        f"<title>{escape(title)}</title>",
    ]


def _y_axis(frame: _Frame, ticks: Sequence[float], percent: bool) -> list[str]:
    parts = []
    for tick in ticks:
        y = frame.y(tick)
        parts.append(
            f'<line class="grid" x1="{frame.left}" y1="{y:.1f}" '
            f'x2="{frame.width - frame.right}" y2="{y:.1f}"/>'
        )
        parts.append(
            f'<text class="axis" x="{frame.left - 4}" y="{y + 3:.1f}" text-anchor="end">'
            f"{escape(_tick_text(tick, percent))}</text>"
        )
    return parts


@dataclass(frozen=True, slots=True)
class Band:
    """One confidence's interval at each number of rounds."""

    label: str
    lows: tuple[float, ...]
    highs: tuple[float, ...]


def bands_chart(
    title: str,
    rounds: Sequence[int],
    bands: Sequence[Band],
    mean: float,
    *,
    y_label: str,
    percent: bool = False,
) -> str:
    """The intervals narrowing with the number of rounds (log scale), the widest band
    drawn first (under the others), the expected value as a line across them."""
    values = [v for band in bands for v in (*band.lows, *band.highs)] + [mean]
    ticks = nice_ticks(min(values), max(values))
    logs = [math.log10(n) for n in rounds]
    x_range = (min(logs) - 0.3, max(logs) + 0.3) if len(logs) > 1 else (logs[0] - 1, logs[0] + 1)
    frame = _Frame(640, 280, 64, 16, 28, 44, x_range, (ticks[0], ticks[-1]))
    parts = _open(frame, title)
    parts.append(f'<text class="heading" x="{frame.left}" y="16">{escape(title)}</text>')
    parts += _y_axis(frame, ticks, percent)
    order = sorted(bands, key=lambda band: -sum(h - lo for lo, h in zip(band.lows, band.highs)))
    for shade, band in enumerate(order):
        if len(rounds) > 1:
            points = [(frame.x(x), frame.y(v)) for x, v in zip(logs, band.highs)]
            points += [(frame.x(x), frame.y(v)) for x, v in reversed(list(zip(logs, band.lows)))]
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polygon class="band band{shade}" points="{path}"/>')
        for x, low, high in zip(logs, band.lows, band.highs):
            parts.append(
                f'<line class="whisker band{shade}" x1="{frame.x(x):.1f}" y1="{frame.y(low):.1f}" '
                f'x2="{frame.x(x):.1f}" y2="{frame.y(high):.1f}"/>'
            )
    y = frame.y(mean)
    parts.append(
        f'<line class="mean" x1="{frame.left}" y1="{y:.1f}" x2="{frame.width - frame.right}" '
        f'y2="{y:.1f}"/>'
    )
    base = frame.height - frame.bottom
    for x, n in zip(logs, rounds):
        parts.append(
            f'<text class="axis" x="{frame.x(x):.1f}" y="{base + 14}" text-anchor="middle">'
            f"{n:,}</text>"
        )
    parts.append(
        f'<text class="axis" x="{(frame.left + frame.width - frame.right) / 2:.1f}" '
        f'y="{frame.height - 8}" text-anchor="middle">rounds (log scale)</text>'
    )
    parts.append(
        f'<text class="axis" x="12" y="{(frame.top + base) / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {(frame.top + base) / 2:.1f})">{escape(y_label)}</text>'
    )
    legend_x = frame.width - frame.right - 70
    entries = [
        *((f"band band{shade}", band.label) for shade, band in enumerate(order)),
        ("", "expected"),
    ]
    for row, (swatch, label) in enumerate(entries):
        y = frame.top + 6 + 13 * row
        if swatch:
            parts.append(
                f'<rect class="{swatch}" x="{legend_x}" y="{y - 7}" width="14" height="8"/>'
            )
        else:
            parts.append(
                f'<line class="mean" x1="{legend_x}" y1="{y - 3}" x2="{legend_x + 14}" y2="{y - 3}"/>'
            )
        parts.append(f'<text class="legend" x="{legend_x + 20}" y="{y}">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def bars_chart(
    title: str,
    points: Sequence[tuple[float, float]],
    *,
    x_label: str,
    marker: float | None = None,
    expected: float | None = None,
    percent: bool = False,
) -> str:
    """A distribution as bars: (value, probability) pairs; the value ``marker`` as a solid
    line labelled "break-even" and ``expected`` as the dashed line the interval chart's
    legend calls "expected", each named beside it."""
    lines = [x for x in (marker, expected) if x is not None]
    xs = [x for x, _ in points] + lines
    x_ticks = nice_ticks(min(xs), max(xs), 4)
    top = max((mass for _, mass in points), default=1.0) or 1.0
    y_ticks = nice_ticks(0.0, top, 3)
    frame = _Frame(320, 190, 56, 24, 26, 36, (x_ticks[0], x_ticks[-1]), (0.0, y_ticks[-1]))
    parts = _open(frame, title)
    parts.append(f'<text class="heading" x="{frame.left}" y="14">{escape(title)}</text>')
    parts += _y_axis(frame, y_ticks, False)
    gaps = sorted({round(b - a, 12) for (a, _), (b, _) in itertools.pairwise(points) if b > a})
    pitch = gaps[0] if gaps else (x_ticks[-1] - x_ticks[0]) / 20 or 1.0
    width = max(1.0, (frame.x(pitch) - frame.x(0.0)) * 0.8)
    base = frame.y(0.0)
    for x, mass in points:
        y = frame.y(mass)
        parts.append(
            f'<rect class="bar" x="{frame.x(x) - width / 2:.1f}" y="{y:.1f}" '
            f'width="{width:.1f}" height="{max(base - y, 0.0):.1f}"/>'
        )
    named = [(marker, "even", "break-even"), (expected, "mean", "expected")]
    for row, (value, kind, label) in enumerate(item for item in named if item[0] is not None):
        assert value is not None
        x = frame.x(value)
        parts.append(
            f'<line class="{kind}" x1="{x:.1f}" y1="{frame.top}" x2="{x:.1f}" y2="{base:.1f}"/>'
        )
        right = x < frame.width - frame.right - 60
        parts.append(
            f'<text class="legend" x="{x + (3 if right else -3):.1f}" y="{frame.top + 9 + 11 * row}" '
            f'text-anchor="{"start" if right else "end"}">{escape(label)}</text>'
        )
    for tick in x_ticks:
        parts.append(
            f'<text class="axis" x="{frame.x(tick):.1f}" y="{base + 14:.1f}" '
            f'text-anchor="middle">{escape(_tick_text(tick, percent))}</text>'
        )
    parts.append(
        f'<text class="axis" x="{(frame.left + frame.width - frame.right) / 2:.1f}" '
        f'y="{frame.height - 6}" text-anchor="middle">{escape(x_label)}</text>'
    )
    middle = (frame.top + base) / 2
    parts.append(
        f'<text class="axis" x="10" y="{middle:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 10 {middle:.1f})">probability</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)
