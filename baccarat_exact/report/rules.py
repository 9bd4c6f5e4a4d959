"""The report of ``baccarat-exact rules``: the casino card and the pays, as the engine uses them."""

from __future__ import annotations

from baccarat_exact.model.exact import exact_text
from baccarat_exact.model.rules import Rules
from baccarat_exact.report.model import Column, Report, Table, Text

__all__ = ["rules_report"]


def _pays(rules: Rules) -> tuple[str, ...]:
    lines = [
        f"Banker wins pay {rules.banker_pays} to 1 (commission {rules.commission}); push on a tie.",
        f"Player wins pay {rules.player_pays} to 1; push on a tie.",
    ]
    for win in rules.special_wins:
        what = "pushes" if win.pays == 0 else f"pays {win.pays} to 1"
        lines.append(f"Except: a {win.bet.capitalize()} {win.name} {what}.")
    lines.append(f"Tie pays {rules.tie_pays} to 1.")
    return tuple(lines)


def _marks(row: tuple[bool, ...]) -> tuple[str, ...]:
    return tuple("D" if draws else "S" for draws in row)


def rules_report(rules: Rules) -> Report:
    """The drawing tableau as the casino card prints it (D draws, S stands) and every pay;
    JSON gives the rules and the tableau as data."""
    tableau = rules.tableau
    naturals = ", ".join(str(t) for t in tableau.naturals)
    player = Table(
        "Player: draws (D) or stands (S) on the two-card total",
        tuple(Column(str(t), key=f"total_{t}") for t in range(10)),
        (_marks(tableau.player),),
    )
    banker = Table(
        "Banker: two-card total down, the Player's third card across (stood: the Player stood)",
        (
            Column("total", "int"),
            *(Column(str(c), key=f"third_card_{c}") for c in range(10)),
            Column("stood"),
        ),
        tuple((total, *_marks(row)) for total, row in enumerate(tableau.banker)),
    )
    return Report(
        title=f"Game: {rules.game}",
        blocks=(
            Text((f"Naturals: a two-card total of {naturals} on either hand; both stand.",)),
            player,
            banker,
            Text(_pays(rules)),
        ),
        main="banker",
        data={
            "rules": rules.to_dict(),
            "player_pays": exact_text(rules.player_pays),
            "banker_pays": exact_text(rules.banker_pays),
            "tableau": tableau.to_dict(),
        },
    )
