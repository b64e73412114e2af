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
    "IllegalMove",
    "InvalidMove",
    "PositionError",
    "Problem",
    "RuleFileError",
    "RulespecError",
]
