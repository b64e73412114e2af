"""The smart bot's discard where every card comes face up (``draw.turned``, Conquian) (bots layer).

In such games a drawn card never joins the hand: it is used at once (melded with
cards from hand, laid off) or passed, and the hand goes out when the last of its
cards is melded. What a hand is worth is then not its deadwood (a card's value
counts for nothing when the win is a stake) but how many of the cards still to
come it could use: its outs (``hands.outs``: unseen cards that would meld with
it). The smart bot discards the card whose loss keeps the most outs, its danger to
the other player (``danger.discard_danger``) breaking near ties.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rulespec.bots.hands import arrangement, outs
from rulespec.model.variant import Variant

OUT_WEIGHT = 4.0
"""Points one out (an unseen card the hand could use) is worth against a discard's danger."""
MELDED_WEIGHT = 8.0
"""Points for each card of the hand already in a whole meld (it goes down with the next card)."""


def turned_discard(variant: Variant, rest: Sequence[int], pool: Counter[int]) -> float:
    """The cost of keeping ``rest`` (lower is better): fewer outs, fewer cards in melds."""
    melded = sum(len(m) for m in arrangement(variant, rest)[1])
    return -OUT_WEIGHT * outs(variant, rest, pool) - MELDED_WEIGHT * melded
