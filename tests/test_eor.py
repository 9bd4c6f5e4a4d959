"""Effect of removal: against two exact odds results, the zero-sum identity, the slow
reference implementation, and a published 8-deck table."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from baccarat_exact.analysis.eor import EffectOfRemoval, effect_of_removal
from baccarat_exact.commands.base import Context
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.cards import RANKS, Rank
from baccarat_exact.model.events import Outcome
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from tests.reference import reference_event_probabilities
from tests.strategies import small_shoes

EIGHT = Shoe.from_decks(8)


@pytest.fixture(scope="module")
def eight() -> EffectOfRemoval:
    return effect_of_removal(EIGHT)


def test_effect_is_the_difference_of_two_odds_results(eight: EffectOfRemoval) -> None:
    eor = eight
    base = odds(EIGHT)
    for rank in RANKS:
        after = odds(EIGHT.remove(rank))
        for b, bet in enumerate(base.bets):
            assert eor.effect(rank, b) == after.bets[b].ev - bet.ev
            row = next(r for r in eor.rows if rank in r.ranks)
            assert row.win_effects is not None
            assert row.win_effects[b] == after.bets[b].win - bet.win


@settings(max_examples=25)
@given(small_shoes(max_ranks=6, max_each=4))
def test_weighted_sum_is_exactly_zero(shoe: Shoe) -> None:
    if shoe.cards < 7:
        shoe = shoe.add("K")
    for rules in (Rules(), Rules(commission=Fraction(0), tie_pays=Fraction(9))):
        eor = effect_of_removal(shoe, rules)
        for b in range(len(eor.bets)):
            assert eor.weighted_sum(b) == 0
        assert sum(row.cards for row in eor.rows) == shoe.cards


@pytest.mark.parametrize("decks", [1, 8])
def test_weighted_sum_of_full_shoes(decks: int) -> None:
    eor = effect_of_removal(Shoe.from_decks(decks))
    assert [eor.weighted_sum(b) for b in range(3)] == [0, 0, 0]


def test_against_the_reference_implementation() -> None:
    """A small shoe priced card by card (Fractions, no engine) before and after each removal."""
    shoe = Shoe.from_counts({"A": 2, "3": 2, "6": 2, "8": 1, "K": 3})
    rules = Rules()
    eor = effect_of_removal(shoe, rules)

    def banker_ev(s: Shoe) -> Fraction:
        probs = reference_event_probabilities(s, rules)
        win = sum((p for e, p in probs.items() if e.outcome is Outcome.BANKER), Fraction(0))
        lose = sum((p for e, p in probs.items() if e.outcome is Outcome.PLAYER), Fraction(0))
        return win * rules.banker_pays - lose

    base = banker_ev(shoe)
    for rank in (Rank.ACE, Rank.THREE, Rank.SIX, Rank.EIGHT, Rank.KING):
        assert eor.effect(rank, "banker") == banker_ev(shoe.remove(rank)) - base


def test_tie_effect_is_nine_times_the_tie_probability_effect(eight: EffectOfRemoval) -> None:
    """Identity: EV(tie) = 9·P(tie) − 1 at 8 to 1, so its EOR is 9 × the EOR of P(tie)."""
    eor = eight
    tie = eor.bet_index("tie")
    for row in eor.rows:
        assert row.effects is not None and row.win_effects is not None
        assert row.effects[tie] == 9 * row.win_effects[tie]


# Published: excelpunks.com, "Concepts 16: Baccarat – Effects of Card Removal"
# (https://excelpunks.com/concepts-16-baccarat-effects-of-card-removal/), Player table,
# 8 decks: change in the Player's probability of winning when 1, 2 or 3 cards of one
# value are removed, to 10 decimals.
PUBLISHED_PLAYER_WIN = {
    "4": ("-0.0000435175", "-0.0000870460", "-0.0001305855"),
    "T": ("-0.0000373810", "-0.0000749287", "-0.0001126377"),
    "A": ("-0.0000295798", "-0.0000594307", "-0.0000895596"),
    "3": ("-0.0000217068", None, None),
}


@pytest.mark.parametrize("card", sorted(PUBLISHED_PLAYER_WIN))
def test_eight_decks_agree_with_the_published_table(card: str, eight: EffectOfRemoval) -> None:
    eor = eight
    player = eor.bet_index("player")
    row = next(r for r in eor.rows if Rank(card) in r.ranks)
    assert row.win_effects is not None
    one, two, three = PUBLISHED_PLAYER_WIN[card]
    tolerance = Fraction(1, 10**10) / 2
    assert abs(row.win_effects[player] - Fraction(one)) <= tolerance
    base = odds(EIGHT).bet("player").win
    for copies, published in ((2, two), (3, three)):
        if published is not None:
            moved = odds(EIGHT.remove(f"{card}x{copies}")).bet("player").win - base
            assert abs(moved - Fraction(published)) <= tolerance


def test_signs_follow_the_published_direction(eight: EffectOfRemoval) -> None:
    """ "As four's leave the deck the banker bet becomes slightly more attractive, as sixes
    leave the deck the player bet becomes a little more attractive" (online-casino-gambling-
    palace.com/baccarat/baccarat-system.htm); the 4 is the best card to remove for Banker."""
    eor = eight
    assert eor.effect("4", "banker") > 0 > eor.effect("4", "player")
    assert max(eor.rows, key=lambda r: r.effects[0] if r.effects else 0).label == "4"
    assert eor.effect("6", "player") > 0 > eor.effect("6", "banker")


def test_ten_value_ranks_share_one_row(eight: EffectOfRemoval) -> None:
    eor = eight
    assert [row.label for row in eor.rows] == [
        "A",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "T J Q K",
    ]
    assert eor.rows[-1].cards == 128
    fewer = effect_of_removal(EIGHT.remove("J"))
    assert fewer.rows[-1].label == "T J Q K" and fewer.rows[-1].cards == 127


def test_a_rank_the_shoe_lacks_has_no_effect() -> None:
    shoe = Shoe.from_counts({"A": 4, "5": 4, "K": 4})
    eor = effect_of_removal(shoe)
    row = next(r for r in eor.rows if Rank.TWO in r.ranks)
    assert row.cards == 0 and row.effects is None
    with pytest.raises(ShoeError, match="holds no 2"):
        eor.effect("2", "banker")
    assert eor.weighted_sum(0) == 0


def test_json_keeps_fractions_exact() -> None:
    document = effect_of_removal(Shoe.from_decks(1)).to_dict()
    banker = document["bets"]["banker"]
    assert banker["weighted_sum"] == "0"
    effect = Fraction(banker["effects"]["4"]["effect"])
    assert effect == effect_of_removal(Shoe.from_decks(1)).effect("4", "banker")
    # a row of several ranks is keyed by its first, card notation like the others
    assert banker["effects"]["T"]["ranks"] == ["T", "J", "Q", "K"]
    assert banker["effects"]["4"]["ranks"] == ["4"] and "T J Q K" not in banker["effects"]


@pytest.mark.parametrize(
    ("shoe", "message"),
    [
        (Shoe.infinite_shoe(), "needs a finite shoe"),
        (Shoe.from_counts({"A": 3, "K": 3}), "at least 7 cards"),
    ],
)
def test_shoes_without_a_removal(shoe: Shoe, message: str) -> None:
    with pytest.raises(ShoeError, match=message):
        effect_of_removal(shoe)


# -- the command's request ---------------------------------------------------------------


def test_the_request_is_the_library_call() -> None:
    """eor's request prices what effect_of_removal and bet_fits price, and its document
    checks against itself."""
    from baccarat_exact.analysis.counting import bet_fits
    from baccarat_exact.commands.check import check_document
    from baccarat_exact.commands.counting import CountingInput
    from baccarat_exact.commands.eor import EorRequest
    from baccarat_exact.commands.inputs import ShoeInput

    request = EorRequest(shoe=ShoeInput(decks=1), counting=CountingInput(tags="4:1", level=3))
    eor, derived, mine = request.compute(Context())
    assert eor == effect_of_removal(Shoe.from_decks(1))
    assert (derived, mine) == bet_fits(eor, 3, CountingInput(tags="4:1").own())
    document = request.run().document()
    assert document["request"]["counting"] == {"tags": "4:1", "level": 3}
    assert document["your_count"]["banker"]["tags"]["4"] == 1
    assert check_document("eor", document).differences == ()


@pytest.mark.parametrize(
    ("counting", "message"),
    [({"level": 0}, "--level must be between 1 and 9"), ({"tags": "Z:1"}, "unknown card 'Z'")],
)
def test_a_stored_request_out_of_its_domain_is_refused(
    counting: dict[str, object], message: str
) -> None:
    from baccarat_exact.commands.check import check_document
    from baccarat_exact.commands.eor import EorRequest
    from baccarat_exact.errors import GoldenFileError

    document = EorRequest().run().document()
    document["request"]["counting"] = counting
    with pytest.raises(GoldenFileError, match=f"its inputs are not valid: .*{message}"):
        check_document("eor", document)
