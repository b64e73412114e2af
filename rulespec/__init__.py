"""rulespec: a declarative rules language for the rummy family and a generic interpreter."""

from rulespec.errors import (
    IllegalMove,
    InvalidMove,
    PositionError,
    Problem,
    RuleFileError,
    RulespecError,
)

__all__ = [
    "Game",
    "IllegalMove",
    "InvalidMove",
    "PositionError",
    "Problem",
    "RuleFileError",
    "RulespecError",
    "load",
    "loads",
]


def __getattr__(name: str) -> object:
    """Lazy exports: `rulespec.Game`, `rulespec.load`, `rulespec.loads` (imported when used).

    `load(name_or_path)` reads a bundled variant or a rule file (trusted: it may
    extend files by path); `loads(text, kind="rules"|"yaml", trusted=False)`
    reads rule text, by default untrusted (it may extend bundled variants only).
    """
    if name == "Game":
        from rulespec.interpreter.game import Game  # noqa: PLC0415

        return Game
    if name == "load":
        from rulespec.spec.load import load_variant  # noqa: PLC0415

        return load_variant
    if name == "loads":
        from rulespec.spec.load import loads  # noqa: PLC0415

        return loads
    raise AttributeError(f"module 'rulespec' has no attribute {name!r}")
