"""The optional compiled steps (baccarat_exact/engine/_sixcard.c, the baccarat engine's single
shoe, baccarat_exact/engine/_baccount.c, baccarat's fast counting mode,
baccarat_exact/blackjack/_dealer.c, the blackjack dealer's outcomes for many removals, and
baccarat_exact/blackjack/_counting.c, blackjack's counting mode); everything else is in
pyproject.toml. Without a C compiler the build skips them and the numpy and Python paths
are used."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "baccarat_exact.engine._sixcard",
            ["baccarat_exact/engine/_sixcard.c"],
            optional=True,
        ),
        Extension(
            "baccarat_exact.engine._baccount",
            ["baccarat_exact/engine/_baccount.c"],
            depends=["baccarat_exact/model/shuffle.h"],
            extra_compile_args=["-O3", "-ffp-contract=off"],
            optional=True,
        ),
        Extension(
            "baccarat_exact.blackjack._dealer",
            ["baccarat_exact/blackjack/_dealer.c"],
            extra_compile_args=["-ffp-contract=off"],  # sweep_float: numpy's roundings
            optional=True,
        ),
        Extension(
            "baccarat_exact.blackjack._counting",
            ["baccarat_exact/blackjack/_counting.c"],
            depends=["baccarat_exact/model/shuffle.h"],
            optional=True,
        ),
    ]
)
