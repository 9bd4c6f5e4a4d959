"""Exact odds: published figures (sources cited), identities and the JSON contract."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from baccarat_exact import Outcome, Rules, Shoe, odds
from baccarat_exact.engine.counting import six_card_total
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.events import EVENTS
from tests.reference import reference_event_probabilities
from tests.strategies import small_shoes

# Published counts of six-card sequences per outcome.
# 8 and 6 decks: "Probabilities in 8deck / 6deck Baccarat" tables, casinoexploit.com/baccarat.html
# (the 8-deck figures are also the ones of Wizard of Odds' baccarat page, quoted in DESIGN.md);
# 4 decks: Banker and Player from the same page.
PUBLISHED_COUNTS = {
    8: (2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216),
    6: (403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288),
}
PUBLISHED_4_DECKS = (34_543_624_867_840, 33_608_344_225_792)


@pytest.mark.parametrize("decks", sorted(PUBLISHED_COUNTS))
def test_published_outcome_counts(decks: int) -> None:
    result = odds(Shoe.from_decks(decks))
    banker, player, tie = PUBLISHED_COUNTS[decks]
    assert result.counts == {Outcome.BANKER: banker, Outcome.PLAYER: player, Outcome.TIE: tie}
    assert result.total == banker + player + tie


def test_published_4_deck_counts() -> None:
    result = odds(Shoe.from_decks(4))
    assert (result.counts[Outcome.BANKER], result.counts[Outcome.PLAYER]) == PUBLISHED_4_DECKS


def test_8_deck_total_is_the_published_denominator() -> None:
    # DESIGN.md / Wizard of Odds: 4,998,398,275,503,360 six-card sequences from 416 cards.
    assert odds(Shoe.from_decks(8)).total == 4_998_398_275_503_360 == six_card_total(416)


# House edges in percent, to the precision published.
# multiplayerbaccarat.com/odds.html (after Thorp, The Mathematics of Gambling): 6 and 8 decks,
# Banker at 5 % and 4 % commission, Player, Tie at 9:1 and 8:1, to 4 decimals.
# Wizard of Odds, "Baccarat – house edge by number of decks" (wizardofodds.com/games/baccarat/basics/):
# 1 deck Banker 1.01 %, Player 1.29 %, Tie 15.75 %, to 2 decimals.
PUBLISHED_EDGES = [
    # decks, commission, tie pays, banker, player, tie, decimals
    (8, Fraction(5, 100), 8, "1.0579", "1.2351", "14.3596", 4),
    (8, Fraction(4, 100), 9, "0.5993", "1.2351", "4.8440", 4),
    (6, Fraction(5, 100), 8, "1.0558", "1.2374", "14.4382", 4),
    (6, Fraction(4, 100), 9, "0.5972", "1.2374", "4.9313", 4),
    (8, Fraction(5, 100), 8, "1.06", "1.24", "14.36", 2),  # the issue's own figures
    (1, Fraction(5, 100), 8, "1.01", "1.29", "15.75", 2),
]


@pytest.mark.parametrize(
    ("decks", "commission", "tie", "banker", "player", "tie_edge", "places"), PUBLISHED_EDGES
)
def test_published_house_edges(
    decks: int, commission: Fraction, tie: int, banker: str, player: str, tie_edge: str, places: int
) -> None:
    result = odds(Shoe.from_decks(decks), Rules(commission=commission, tie_pays=Fraction(tie)))
    edges = [
        f"{float(-result.bet(name).ev) * 100:.{places}f}" for name in ("banker", "player", "tie")
    ]
    assert edges == [banker, player, tie_edge]


# -- identities ------------------------------------------------------------------------


@settings(max_examples=60)
@given(small_shoes(max_ranks=5, max_each=6))
def test_probabilities_sum_to_one_and_match_reference(shoe: Shoe) -> None:
    result = odds(shoe)
    assert sum(result.probability(o) for o in Outcome) == 1
    for bet in result.bets:
        assert bet.win + bet.push + bet.lose == 1
    reference = reference_event_probabilities(shoe)
    for outcome in Outcome:
        assert result.probability(outcome) == sum(
            (p for e, p in reference.items() if e.outcome is outcome), Fraction(0)
        )


def test_ev_follows_from_the_outcomes() -> None:
    result = odds(Shoe.from_decks(8))
    pb, pp, pt = (result.probability(o) for o in Outcome)
    assert result.bet("banker").ev == Fraction(19, 20) * pb - pp
    assert result.bet("player").ev == pp - pb
    assert result.bet("tie").ev == 8 * pt - (1 - pt)


def test_removing_nothing_changes_nothing() -> None:
    shoe = Shoe.from_decks(6)
    assert odds(shoe.remove("")).to_dict() == odds(shoe).to_dict()


def test_how_a_shoe_is_built_does_not_matter() -> None:
    """The same cards give the same odds; only the suit knowledge recorded differs (the
    removed cards' suits are unknown; the explicit composition gives ranks only)."""
    minus = Shoe.from_decks(8).remove("5x3 K 9 A")
    explicit = Shoe.parse("A=31,2=32,3=32,4=32,5=29,6=32,7=32,8=32,9=31,T=32,J=32,Q=32,K=31")
    first, second = odds(minus).to_dict(), odds(explicit).to_dict()
    assert first["shoe"].pop("suits")["A"] == [8, 8, 8, 8]
    assert second["shoe"].pop("suits")["A"] is None
    assert first == second


def test_ten_value_ranks_are_interchangeable() -> None:
    # Only point values matter for the main bets: a K removed is a T removed.
    shoe = Shoe.from_decks(2)
    assert odds(shoe.remove("K")).counts == odds(shoe.remove("T")).counts


def test_infinite_shoe_is_the_limit_of_many_decks() -> None:
    infinite = odds(Shoe.infinite_shoe())
    assert infinite.total is None
    assert infinite.denominator == 13**6  # proportions 1/13 reduced
    big = odds(Shoe.from_decks(2000))
    for outcome in Outcome:
        assert abs(big.probability(outcome) - infinite.probability(outcome)) < Fraction(1, 10**5)


def test_surebet_is_over_ninety_percent() -> None:
    # Only nines and eights left: every round is a natural; with 9s only both hands hold 8.
    nines = odds(Shoe.from_counts({"9": 6}))
    assert nines.bet("tie").win == 1 and nines.bet("tie").surebet
    assert not odds(Shoe.from_decks(8)).bet("banker").surebet


def test_fewer_than_six_cards_is_an_error() -> None:
    with pytest.raises(ShoeError, match="holds 5 cards; a round can need 6"):
        odds(Shoe.from_counts({"A": 5}))


def test_json_contract_keys() -> None:
    document = odds(Shoe.from_decks(8)).to_dict()
    assert list(document) == ["shoe", "rules", "total", "outcomes", "bets"]
    assert document["shoe"] == {
        "cards": 416,
        "infinite": False,
        "counts": {r: 32 for r in "A23456789TJQK"},
        "suits": {r: [8, 8, 8, 8] for r in "A23456789TJQK"},
    }
    assert document["total"] == 4_998_398_275_503_360
    assert set(document["outcomes"]) == {"banker", "player", "tie"}
    for entry in document["outcomes"].values():
        assert list(entry) == ["count", "probability", "probability_float"]
        assert isinstance(entry["count"], int)
        assert Fraction(entry["probability"]) == Fraction(entry["count"], document["total"])
    for entry in document["bets"].values():
        assert list(entry) == [
            "win",
            "win_float",
            "push",
            "push_float",
            "lose",
            "lose_float",
            "ev",
            "ev_float",
            "surebet",
        ]
        assert str(Fraction(entry["ev"])) == entry["ev"]  # lowest terms, str(Fraction) form
        assert isinstance(entry["surebet"], bool)


def test_json_infinite_has_null_counts() -> None:
    document = odds(Shoe.infinite_shoe()).to_dict()
    assert document["total"] is None and document["shoe"]["cards"] is None
    assert all(entry["count"] is None for entry in document["outcomes"].values())


def test_events_cover_every_round() -> None:
    assert len(EVENTS) == 400


def test_pair_bets_through_odds_are_priced_by_rank() -> None:
    # A pair bet depends on ranks, not only on the 400 events: odds() must not treat it
    # as an event bet. Player Pair probability for d decks: (4d - 1)/(52d - 1) (identity).
    from baccarat_exact.model.catalogue import find_bet

    pair = find_bet("player-pair", Rules())
    result = odds(Shoe.from_decks(8), Rules(), [pair])
    assert result.bet("player-pair").win == Fraction(4 * 8 - 1, 52 * 8 - 1)


def test_results_made_on_the_fast_path_are_ordinary_values() -> None:
    """:func:`odds` writes its results' slots directly; they are the same values, with the
    same repr, hash and JSON, as the constructor makes."""
    import pickle

    from baccarat_exact.pricing import BetOdds

    for made in odds(Shoe.from_decks(8).remove("A 5x3 K")).bets:
        built = BetOdds(made.bet, made.line_counts, made.denominator)
        assert made == built and made.weight == 1
        assert (repr(made), hash(made), made.to_dict()) == (
            repr(built),
            hash(built),
            built.to_dict(),
        )
        assert pickle.loads(pickle.dumps(made)) == built
