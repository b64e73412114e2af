"""The convenience API over a checked variant: new games and hand arithmetic (facade, top layer).

`model.variant.Variant` is plain frozen data and imports nothing above it. The
methods a user reaches for on a loaded variant (`variant.new_game(2, seed=7)`,
`variant.deadwood([...])`) need the engine, so they live here, on a subclass
that `rulespec.load` and `rulespec.loads` return: the model never reaches up
into the interpreter, and no import cycle hides behind a lazy import.
"""

from __future__ import annotations

from typing import Any

from rulespec.compiler import load as _load
from rulespec.interpreter import api
from rulespec.interpreter.game import Game
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant as Rules


class Variant(Rules):
    """A checked variant with its convenience methods (the fields of `model.variant.Variant`)."""

    def new_game(self, players: int, seed: int | None = None) -> Game:
        """A new match between `players` seats, dealt and ready; same seed, same game."""
        return Game.new(self, players, seed)

    def is_meld(self, cards: Any) -> bool:
        """Can these cards (texts or codes; wilds named `JK:7H` or bare) be laid as one meld?"""
        return api.is_meld(self, cards)

    def meld_value(self, cards: Any) -> int:
        """The value of these cards laid as one meld (cards at their places)."""
        return api.meld_value(self, cards)

    def deadwood(self, cards: Any) -> int:
        """The minimum deadwood value of a hand (best arrangement into melds)."""
        return api.deadwood(self, cards)

    def penalty(self, cards: Any) -> int:
        """What a losing hand left with these cards costs (scoring.penalty, ranks_once)."""
        return api.penalty(self, cards)


_made: Derived[Variant] = Derived()


def playable(rules: Rules) -> Variant:
    """The same rules with the convenience methods (one per loaded variant, so the
    engine's per-variant tables are built once)."""
    if isinstance(rules, Variant):
        return rules
    return _made.get(rules, None, _with_methods, rules)


def _with_methods(rules: Rules) -> Variant:
    made = object.__new__(Variant)
    made.__dict__.update(rules.__dict__)
    return made


def load(name_or_path: str) -> Variant:
    """A bundled variant or a rule file (trusted: it may extend files by path)."""
    return playable(_load.load_variant(name_or_path))


def loads(
    text: str | bytes, kind: str = "rules", *, trusted: bool = False, file: str = "<string>"
) -> Variant:
    """Rule text, untrusted by default (it may extend bundled variants only)."""
    return playable(_load.loads(text, kind, trusted=trusted, file=file))
