"""rulespec: a declarative rules language for the rummy family and a generic interpreter.

The public API, imported eagerly (the heavy parts, lark, jsonschema and rich,
load only when a rule text is parsed or a table drawn):

- `load(name_or_path)`: a bundled variant or a rule file (trusted: it may
  extend files by path); `loads(text, kind="rules"|"yaml", trusted=False)`:
  rule text, by default untrusted (it may extend bundled variants only).
- `Variant` (the checked rules), `Game` (a match in play), `Move` (one move,
  `str(move)` its canonical text), `Outcome` (`game.hand_result`),
  `Observation` (`game.observation(seat)`).
- The error classes, all derived from `RulespecError` (`AmbiguousMove`, a move text
  that fits several legal moves, is an `IllegalMove` naming them).
"""

from rulespec.core.errors import (
    AmbiguousMove,
    IllegalMove,
    InvalidMove,
    PositionError,
    Problem,
    RuleFileError,
    RulespecError,
)
from rulespec.core.moves import Move
from rulespec.interpreter.game import Game
from rulespec.interpreter.outcome import Observation, Outcome
from rulespec.playable import Variant, load, loads

__all__ = [
    "AmbiguousMove",
    "Game",
    "IllegalMove",
    "InvalidMove",
    "Move",
    "Observation",
    "Outcome",
    "PositionError",
    "Problem",
    "RuleFileError",
    "RulespecError",
    "Variant",
    "load",
    "loads",
]
