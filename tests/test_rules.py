"""The tableau as data, and rules validation."""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat_exact.errors import RulesError
from baccarat_exact.model.rules import STANDARD_TABLEAU, Rules, Tableau

# RULES.md (from seeds/000 and the table in seeds/004): banker total -> player's third
# card values on which the Banker draws.
SEED_BANKER_DRAWS = {
    0: set(range(10)),
    1: set(range(10)),
    2: set(range(10)),
    3: {0, 1, 2, 3, 4, 5, 6, 7, 9},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
    7: set(),
}


@pytest.mark.parametrize("total", range(8))
def test_banker_tableau_matches_the_seed_table(total: int) -> None:
    drawn = {c for c in range(10) if STANDARD_TABLEAU.banker_draws(total, c)}
    assert drawn == SEED_BANKER_DRAWS[total]


def test_banker_after_player_stood_is_the_adopted_reading() -> None:
    # RULES.md point 5: Banker draws on 0-5 and stands on 6-7 when the Player stood.
    assert [STANDARD_TABLEAU.banker_draws(t, None) for t in range(8)] == [True] * 6 + [False] * 2


def test_player_draws_on_0_to_5() -> None:
    assert [STANDARD_TABLEAU.player_draws(t) for t in range(8)] == [True] * 6 + [False] * 2
    assert STANDARD_TABLEAU.naturals == (8, 9)


def test_card_prints_every_row() -> None:
    card = STANDARD_TABLEAU.card()
    assert "      3  D D D D D D D D S D D" in card
    assert "      6  S S S S S S D D S S S" in card


def test_rules_defaults_and_numbers() -> None:
    rules = Rules()
    assert rules.commission == Fraction(1, 20) and rules.banker_pays == Fraction(19, 20)
    assert Rules(commission="0.04").commission == Fraction(1, 25)  # type: ignore[arg-type]
    assert Rules(tie_pays=9).tie_pays == 9  # type: ignore[arg-type]
    assert rules.to_dict() == {"game": "punto-banco", "commission": "1/20", "tie_pays": "8"}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"commission": Fraction(1)}, "below 1"),
        ({"commission": Fraction(-1, 100)}, "at least 0"),
        ({"tie_pays": Fraction(-1)}, "must not be negative"),
        ({"commission": "lots"}, "must be a number"),
    ],
)
def test_impossible_rules(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**kwargs)  # type: ignore[arg-type]


def test_bad_tableau_shapes() -> None:
    with pytest.raises(RulesError, match="10 entries"):
        Tableau(player=(True,) * 9, banker=STANDARD_TABLEAU.banker)
    with pytest.raises(RulesError, match="10 rows"):
        Tableau(player=STANDARD_TABLEAU.player, banker=STANDARD_TABLEAU.banker[:9])


# -- the rules command: one request, every format ----------------------------------------


def test_the_rules_request_prints_the_casino_card_as_the_engine_uses_it() -> None:
    from baccarat_exact.commands.inputs import RulesInput
    from baccarat_exact.commands.rules import RulesRequest

    request = RulesRequest(rules=RulesInput(game="ez", commission="1/25"))
    assert RulesRequest.from_dict(request.to_dict()) == request
    document = request.run().document()
    assert document["kind"] == "rules" and document["request"]["rules"]["commission"] == "1/25"
    assert document["rules"]["commission"] == "1/25" and document["rules"]["game"] == "ez"
    assert document["tableau"]["player"] == "DDDDDDSSSS"  # the Player draws on 0-5


def test_rules_csv_headers_are_identifiers_and_each_table_can_be_picked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import csv
    import io

    from tests.cli_runner import run_main

    _, out, _ = run_main(capsys, "rules", "-f", "csv")
    banker = list(csv.DictReader(io.StringIO(out)))
    assert list(banker[0]) == ["total", *(f"third_card_{c}" for c in range(10)), "stood"]
    # the published tableau: a Banker 3 stands when the Player's third card is an 8
    assert banker[3]["third_card_8"] == "S" and banker[3]["third_card_9"] == "D"
    _, out, _ = run_main(capsys, "rules", "-f", "csv", "-t", "player")
    player = list(csv.DictReader(io.StringIO(out)))
    assert list(player[0]) == [f"total_{t}" for t in range(10)]


def test_an_unknown_game_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.cli_runner import run_main

    code, out, err = run_main(capsys, "rules", "--game", "ezz")
    assert code == 2 and not out and len(err.splitlines()) == 1
    assert err.startswith("Error: unknown game 'ezz'")
