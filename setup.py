"""The bot's C search, compiled by the package build, and sm-bot's script: everything else is in pyproject.toml.

An optional extension: where it cannot be compiled (no C compiler, e.g. ``CC=false``), setuptools warns and
the package still installs; the bot then searches in Python and ``sm-bot`` says so once on stderr. The
library uses no Python API: engine/bot/native_search.py loads it with ctypes, beside itself. Its interface
header is generated from the Python values (engine/bot/native_interface.py) and shipped in the sdist.
"""

from setuptools import Extension, setup

NATIVE = "engine/bot/native"

setup(
    # sm-bot is a plain script, not a [project.scripts] entry point: pip's wrapper for those imports re, about
    # 10 ms of every start, and sm-bot pays its start-up from the move's budget (bin/sm-bot says more).
    scripts=["bin/sm-bot"],
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
