"""The counting simulators' shuffle: the generator's published test vectors, an unbiased
bounded draw, and the C header computing the very same shoes as the Python module."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.model import shuffle
from baccarat_exact.model.shuffle import Stream, shuffled_cards

HEADER = Path(shuffle.__file__).with_name("shuffle.h")


def test_splitmix64_and_xoshiro256starstar_reproduce_their_reference_outputs() -> None:
    """splitmix64 from 1234567 and xoshiro256** from the state (1, 2, 3, 4): the outputs of
    the reference C code (https://prng.di.unimi.it/splitmix64.c, xoshiro256starstar.c),
    as the JDK's SplittableRandom tests and Rust's rand_xoshiro tests list them."""
    x, outputs = 1234567, []
    for _ in range(5):
        x = (x + 0x9E3779B97F4A7C15) % 2**64
        outputs.append(shuffle._finalize(x))
    assert outputs == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    stream = Stream(0, 0)
    stream._s = [1, 2, 3, 4]
    assert [stream.next() for _ in range(4)] == [11520, 0, 1509978240, 1215971899390074240]


def test_the_bounded_draw_is_exactly_uniform_on_a_small_word() -> None:
    """Lemire's method on every 8-bit word (the same arithmetic with 2**8 in place of
    2**64): each of n results comes from the same number of accepted words."""
    for n in range(1, 40):
        threshold = (2**8 - n) % n
        accepted = Counter((w * n) >> 8 for w in range(2**8) if (w * n) % 2**8 >= threshold)
        assert len(accepted) == n and len(set(accepted.values())) == 1


@settings(max_examples=30, deadline=None)
@given(
    cards=st.lists(st.integers(0, 12), max_size=60),
    seed=st.integers(0, 2**64 - 1),
    number=st.integers(0, 2**64 - 1),
)
def test_a_shuffle_is_a_permutation_fixed_by_seed_and_shoe(
    cards: list[int], seed: int, number: int
) -> None:
    order = shuffled_cards(cards, seed, number)
    assert sorted(order) == sorted(cards)
    assert shuffled_cards(cards, seed, number) == order


def test_shoes_and_seeds_have_their_own_streams() -> None:
    cards = list(range(52))
    shoes = {tuple(shuffled_cards(cards, seed, number)) for seed in (0, 1) for number in range(50)}
    assert len(shoes) == 100


def test_a_card_lands_anywhere_about_equally() -> None:
    """Where the first of 10 cards lands over 10,000 shoes: every place near 1,000 (a
    chi-square of 9 degrees of freedom below 27.9, its 0.1 % point)."""
    places = Counter(
        shuffled_cards(list(range(10)), 7, number).index(0) for number in range(10_000)
    )
    chi_square = sum((places[k] - 1000) ** 2 / 1000 for k in range(10))
    assert chi_square < 27.9


def test_the_c_header_deals_the_same_shoes(tmp_path: Path) -> None:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler: the compiled kernels are optional")
    source = tmp_path / "check.c"
    source.write_text(
        f'#include "{HEADER}"\n'
        "void deal(unsigned char *cards, int count, uint64_t seed, uint64_t number)"
        " { be_shuffle(cards, count, seed, number); }\n"
    )
    library = tmp_path / "check.so"
    subprocess.run(
        [compiler, "-O2", "-shared", "-fPIC", str(source), "-o", str(library)], check=True
    )
    deal = ctypes.CDLL(str(library)).deal
    deal.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_uint64, ctypes.c_uint64]
    cards = [rank for rank in range(13) for _ in range(32)]
    for seed, number in ((0, 0), (1, 0), (0, 1), (2**63 - 1, 123_456), (2**64 - 1, 2**64 - 1)):
        buffer = ctypes.create_string_buffer(bytes(cards), len(cards))
        deal(buffer, len(cards), seed, number)
        assert list(buffer.raw) == shuffled_cards(cards, seed, number)
