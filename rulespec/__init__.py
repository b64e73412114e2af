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
]


def __getattr__(name: str) -> object:
    """Lazy exports: `rulespec.Game`, `rulespec.load` (imported only when used)."""
    if name == "Game":
        from rulespec.interpreter.game import Game  # noqa: PLC0415

        return Game
    if name == "load":
        from rulespec.spec.load import load_variant  # noqa: PLC0415

        return load_variant
    raise AttributeError(f"module 'rulespec' has no attribute {name!r}")
