"""The optional compiled engine step (baccarat_exact/engine/_sixcard.c); everything else is
in pyproject.toml. Without a C compiler the build skips it and the numpy path is used."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "baccarat_exact.engine._sixcard",
            ["baccarat_exact/engine/_sixcard.c"],
            optional=True,
        )
    ]
)
