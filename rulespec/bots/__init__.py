"""The bots (bots layer, on top of Game): a registry by name, each bot seeded.

``make_bot(name, seed) -> Bot``; a bot answers ``choose(observation, legal_moves,
variant) -> Move`` from what its seat sees only.
"""

from __future__ import annotations

from rulespec.bots.base import Bot
from rulespec.core.errors import RulespecError

BOT_NAMES = ("random", "greedy", "smart")


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A fresh bot by name (random, greedy, smart) with its own generator seeded by ``seed``."""
    key = name.strip().lower()
    if key == "random":
        from rulespec.bots.random_bot import RandomBot

        return RandomBot(seed)
    if key == "greedy":
        from rulespec.bots.greedy import GreedyBot

        return GreedyBot(seed)
    if key == "smart":
        from rulespec.bots.smart import SmartBot

        return SmartBot(seed)
    raise RulespecError(f"unknown bot {name!r}: choose from {', '.join(BOT_NAMES)}")


__all__ = ["BOT_NAMES", "Bot", "make_bot"]
