"""The bot's C search, compiled by the package build: everything else about the package is in pyproject.toml.

An optional extension: where it cannot be compiled (no C compiler, e.g. ``CC=false``), setuptools warns and
the package still installs; the bot then searches in Python and ``sm-bot`` says so once on stderr. The
library uses no Python API: engine/bot/native_search.py loads it with ctypes, beside itself. Its interface
header is generated from the Python values (engine/bot/native_interface.py) and shipped in the sdist.
"""

from setuptools import Extension, setup

NATIVE = "engine/bot/native"

setup(
    ext_modules=[
        Extension(
            "engine.bot.native.ultimate_search",
            sources=[f"{NATIVE}/ultimate_search.c"],
            depends=[f"{NATIVE}/ultimate_rules.h", f"{NATIVE}/ultimate_interface.h"],
            extra_compile_args=["-std=gnu99", "-O2"],
            optional=True,
        )
    ]
)
