"""The swap: a natural card takes the place of the wild standing for it on the table (phases, lay).

`swap_refusal` is the one predicate (None: legal now; else the rule broken);
the judge lists each `swap C M` it accepts, C a natural card in hand that a
wild of table meld M stands for. The wild comes to the hand (layapply.py).
"""

from __future__ import annotations

from rulespec.core.cards import card_text
from rulespec.core.moves import SWAP, Move
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.lay import no_way_on


def swap_refusal(c: Ctx, move: Move) -> str | None:
    """None if this swap may be made now, else the rule it breaks."""
    variant, hs = c.variant, c.hs
    if not 1 <= move.number <= len(hs.melds):
        return f"there is no meld number {move.number} on the table ({len(hs.melds)} meld(s))"
    sw = variant.melds.wild.swap
    if sw is None:
        return "melds.wild.swap: false — wild cards may not be swapped off the table"
    if not sw(c.env()):
        return "melds.wild.swap: the condition for swapping a wild card is not met now"
    ob = hs.obligation
    if ob is not None:
        return f"draw obligation: the card taken ({card_text(ob[0])}) must be used first"
    if variant.play.melding == "going_out" and hs.melds_this_turn:
        return "play.melding: going_out — finish laying down the hand"
    card, named = move.cards[0]
    if card != named:
        return f"swap {card_text(card)}: a swap gives a natural card, written without ':'"
    _, meld = hs.melds[move.number - 1]
    wild = next((p[0] for p in meld if p[1] == card and p[0] != card), None)
    if wild is None:
        return f"meld {move.number} has no wild card standing for {card_text(card)}"
    rest = list(c.hand)
    rest.remove(card)
    rest.append(wild)
    return no_way_on(c, rest, move)


def swap_moves(c: Ctx) -> list[Move]:
    """The swaps the predicate accepts: each natural card in hand a table wild stands for."""
    out: list[Move] = []
    if c.variant.melds.wild.swap is None:
        return out
    for idx, (_, meld) in enumerate(c.hs.melds):
        for card, named in meld:
            if card != named and named in c.hand:
                move = Move(SWAP, ((named, named),), idx + 1)
                if swap_refusal(c, move) is None:
                    out.append(move)
    return out
