"""The blackjack counts built in beside Hi-Lo — Zen, Hi-Opt II, Omega II, Wong Halves, KO,
Red 7 — their published tags, and how the dealer, the compiled kernel and ``blackjack
indices`` keep them exactly (half points as whole half points, unbalanced counts from their
initial running count, red sevens as the cards they are).

Published tags: A. Snyder, *Blackbelt in Blackjack* (1983; Zen, Red Seven with IRC
−2 × decks); L. Humble and C. Cooper, *The World's Greatest Blackjack Book* (1980; Hi-Opt
II); B. Carlson, *Blackjack for Blood* (1992; Omega II); S. Wong, *Professional Blackjack*
(1975; Halves); O. Vancura and K. Fuchs, *Knock-Out Blackjack* (1998; KO, IRC 4 − 4 ×
decks)."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import numpy as np
import pytest

from baccarat_exact.analysis.blackjack.counting import CountingSettings, count_shoes
from baccarat_exact.analysis.blackjack.counts import (
    dealer_row,
    find_count,
    kind_counts,
    kind_tags,
    red_sevens,
)
from baccarat_exact.analysis.blackjack.removal import RemovalLaw
from baccarat_exact.analysis.ramps import parse_ramp
from baccarat_exact.blackjack.counting_kernel import compiled
from baccarat_exact.blackjack.dealt import RED_SEVEN, RoundDealer
from baccarat_exact.blackjack.edge import basic_strategy
from baccarat_exact.blackjack.index_play import IndexPolicy, illustrious_18
from baccarat_exact.blackjack.rules import US_RULES, BlackjackRules
from baccarat_exact.blackjack.strategy import BasicStrategy
from baccarat_exact.errors import CountError
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.model.shuffle import shuffled_cards
from tests.cli_runner import run_main

PUBLISHED = {
    # name: tags A 2 3 4 5 6 7 8 9 T in points, a red seven's tag, IRC (a, b): a + b × decks
    "zen": ((-1, 1, 1, 2, 2, 2, 1, 0, 0, -2), None, None),
    "hi-opt-ii": ((0, 1, 1, 2, 2, 1, 1, 0, 0, -2), None, None),
    "omega-ii": ((0, 1, 1, 2, 2, 2, 1, 0, -1, -2), None, None),
    "wong-halves": (
        tuple(Fraction(t) for t in ("-1", "1/2", "1", "1", "3/2", "1", "1/2", "0", "-1/2", "-1")),
        None,
        None,
    ),
    "ko": ((-1, 1, 1, 1, 1, 1, 1, 0, 0, -1), None, (4, -4)),
    "red-7": ((-1, 1, 1, 1, 1, 1, 0, 0, 0, -1), 1, (0, -2)),
}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_each_count_has_its_published_tags(name: str) -> None:
    tags, red, irc = PUBLISHED[name]
    count = find_count(name)
    in_points = tuple(Fraction(t, count.unit) for t in count.in_order())
    assert in_points == tuple(Fraction(t) for t in tags)
    assert count.red_seven == red and count.irc == irc
    # balanced counts sum to 0 over a deck; KO +4, Red 7 +2 (half the sevens red)
    deck = sum(t * (16 if s == 9 else 4) for s, t in enumerate(tags))
    deck += 0 if red is None else 2 * (red - tags[6])
    assert deck == {"ko": 4, "red-7": 2}.get(name, 0)


@functools.cache
def _chart() -> BasicStrategy:
    """The US game's chart for two decks (float arithmetic: the same moves), made once."""
    strategy, _ = basic_strategy(Shoe.from_decks(2), US_RULES, exact=False)
    return strategy


def test_red_seven_needs_the_sevens_colours_and_whole_decks_hold_half_red() -> None:
    red = find_count("red-7")
    assert red_sevens(red, Shoe.from_decks(6)) == 12
    assert red_sevens(find_count("hi-lo"), Shoe.from_counts({"7": 5})) == 0
    with pytest.raises(CountError, match="tags red and black sevens apart"):
        red_sevens(red, Shoe.from_counts({"7": 8, "T": 4}))
    assert red_sevens(red, Shoe.from_counts({"7h": 3, "7s": 1, "7d": 1})) == 4


@pytest.mark.parametrize("name", ["ko", "red-7", "wong-halves", "zen"])
def test_the_dealer_counts_every_card_seen_from_the_initial_count(name: str) -> None:
    """Before each round the running count is the IRC plus the tags of every card dealt
    since the burn (in units), and an index is passed exactly when the count read —
    running / unit, per deck left for a balanced count — reaches it."""
    count = find_count(name)
    shoe = Shoe.from_decks(2)
    row = dealer_row(count, 2)
    dealer = RoundDealer(IndexPolicy(_chart(), illustrious_18(US_RULES)), row)
    reds = red_sevens(count, shoe)
    cards = [r for r, n in enumerate(shoe.counts) for _ in range(n)]
    sevens = cards.index(6)
    cards[sevens : sevens + reds] = [RED_SEVEN] * reds
    order = shuffled_cards(cards, 5, 0)
    played = dealer.play_shoe(order, 1, 78)
    assert len(played.start) > 8
    for start, running, unseen in zip(played.start, played.running, played.unseen):
        assert running == row[15] + sum(row[card] for card in order[1:start])
        assert unseen == 104 - (start - 1)
    # the comparison at the end of the shoe, against the count read exactly
    left = dealer._size - dealer._seen
    read = (
        Fraction(dealer._play_running, count.unit)
        if count.irc is not None
        else Fraction(dealer._play_running * 52, count.unit * left)
    )
    for index in range(-12, 13):
        assert dealer.true_count_at_least(index) == (read >= index)


@pytest.mark.skipif(compiled() is None, reason="the compiled kernel is not built")
@pytest.mark.parametrize(
    ("bets", "plays", "ramp"),
    [
        ("zen", None, "1:2,2:4,4:8"),
        ("wong-halves", "hi-opt-ii", "0.5:2,1.5:4"),
        ("ko", None, "-2:2,0:4,2:8"),
        ("red-7", "omega-ii", "0:2,2:4"),
        ("hi-lo", "red-7", "1:2,3:4"),
    ],
)
def test_the_compiled_kernel_and_the_python_path_agree_for_every_count(
    bets: str, plays: str | None, ramp: str
) -> None:
    shoe = Shoe.from_decks(2)
    strategy = _chart()
    count = find_count(bets)
    play = None if plays is None else find_count(plays)
    settings = CountingSettings(
        rules=US_RULES,
        shoe=shoe,
        strategy=strategy,
        plays=illustrious_18(US_RULES),
        tags=dealer_row(count, 2),
        play_tags=None if play is None else dealer_row(play, 2),
        red_sevens=max(red_sevens(c, shoe) for c in (count, play or count)),
        shoes=100,
        seed=9,
        ramps=(parse_ramp(ramp),),
        kelly=500,
        max_bet=4,
    )
    fast = count_shoes(settings)
    slow = count_shoes(settings, use_compiled=False)
    assert fast == slow


def test_the_law_of_the_cards_gone_tells_red_sevens_from_black() -> None:
    """Red 7 on a small shoe: the law's exact mean of the cards gone of each kind is the
    mean over every set of cards gone whose tags sum to the running count."""
    red = find_count("red-7")
    counts = (1, 1, 1, 0, 1, 0, 3, 1, 0, 3)  # A 2 3 5 7 7 7 8 T T T, one seven red
    kinds, tags = kind_counts(red, counts, 1), kind_tags(red)
    cards = [k for k, n in enumerate(kinds) for _ in range(n)]
    for running in (-2, -1, 0, 1, 2):
        law = RemovalLaw(kinds, tags, 4, running)
        gone = [
            c
            for c in itertools.combinations(range(len(cards)), 4)
            if sum(tags[cards[i]] for i in c) == running
        ]
        if not gone:
            assert not law.possible
            continue
        mean = [Fraction(sum(cards[i] == k for c in gone for i in c), len(gone)) for k in range(11)]
        assert list(law.mean_gone()) == mean
        assert sum(law.draw(np.random.default_rng(running + 9))) == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--count-system", "red-7", "--counts", "A=4,7=4,T=16"],
            "tags red and black sevens apart",
        ),
        (
            ["--count-system", "ko", "--counts", "A=4,2=4,T=16"],
            "give a shoe of whole decks, not 24 cards",
        ),
        (
            ["--count-system", "ko", "--indices", "illustrious-18"],
            "--indices illustrious-18 are Hi-Lo",
        ),
    ],
)
def test_a_count_the_shoe_or_indices_cannot_serve_is_refused(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, "blackjack", "counting", "-q", "--shoes", "3", *args)
    lines = err.strip().splitlines()
    assert code == 2 and out == "" and len(lines) == 1 and message in lines[0], err


def test_indices_read_an_unbalanced_count_as_its_running_count() -> None:
    """KO's counts asked are running counts from its IRC (4 − 4 × 2 = −4 for two decks):
    the cards gone then sum to the count minus the IRC."""
    from baccarat_exact.analysis.blackjack.indices import IndexSettings, decisions_for

    settings = IndexSettings(
        rules=BlackjackRules(decks=2),
        shoe=Shoe.from_decks(2),
        count=find_count("ko"),
        cards_left=52,
        true_counts=(-2, 0, 3),
        samples=2,
        seed=0,
        exact=False,
        decisions=decisions_for(BlackjackRules(), ["16vT"]),
    )
    assert settings.running_counts() == ((-2, 2), (0, 4), (3, 7))
    assert [settings.count_read(rc) for _, rc in settings.running_counts()] == [-2, 0, 3]
    halves = IndexSettings(
        **{**{f: getattr(settings, f) for f in ("rules", "shoe", "cards_left", "samples")},
           "count": find_count("wong-halves"), "true_counts": (1, 2), "seed": 0,
           "exact": False, "decisions": settings.decisions}
    )  # fmt: skip
    assert halves.running_counts() == ((1, 2), (2, 4))  # half points: twice the true count
    assert halves.count_read(3) == Fraction(3, 2)


def test_a_document_counted_with_red_7_and_ko_keeps_to_the_schema(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The document records each count's tag per rank (in its unit), as for Hi-Lo."""
    import json

    from jsonschema import Draft202012Validator

    from baccarat_exact.commands.schemas import schema

    code, out, err = run_main(
        capsys, "blackjack", "counting", "-q", "--decks", "2", "--shoes", "20",
        "--count-system", "red-7", "--play-count-system", "ko", "--indices", "none", "-f", "json",
    )  # fmt: skip
    assert code == 0, err
    document = json.loads(out)
    assert document["tags"] == [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1]
    assert document["play_tags"] == [-1, 1, 1, 1, 1, 1, 1, 0, 0, -1, -1, -1, -1]
    assert not list(Draft202012Validator(schema("blackjack counting")).iter_errors(document))


def test_computed_indices_of_an_unbalanced_count_span_its_running_counts() -> None:
    """Six decks of KO: IRC −20, +12 drift over half the shoe, three decks left — the
    running counts −20 … +13 where Hi-Lo's true counts run −4 … +7."""
    from baccarat_exact.commands.blackjack.counting import BlackjackCountingRequest

    def asked(count: str) -> str:
        request = {"rules": {"decks": 6}, "count": count, "indices": "computed"}
        return BlackjackCountingRequest.from_dict(request).indices_request().true_counts

    assert (asked("ko"), asked("red-7"), asked("zen")) == ("-20..13", "-18..15", "-4..7")
