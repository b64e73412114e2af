"""The lay phase's refusal texts: the rule a meld breaks, in the player's terms (phases, lay).

lay.py's predicates decide; the words for a stranded hand, a meld that leaves a
going-out or a first laying down unfinishable, and a card the table holds too
often are made here, so the deciding code reads as the rules do.
"""

from __future__ import annotations

from rulespec.core.cards import card_text
from rulespec.interpreter import melds as M
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.phases.context import REFUSED, Ctx, contract_words
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant

STRANDED = (
    "discard.forbid_taken: that would leave only cards taken from the pile this turn,"
    " none of which may be discarded, and they cannot all be laid down"
)
ONE_LEFT = (
    "going_out.by: that would leave one card, which may not go by discard"
    " (the last card goes only by {by}) and cannot be laid down"
)
NEVER = "play.melding: never — nobody melds on the table in this variant"
GOING_OUT = "play.melding: going_out"


def unique_reason(card: int) -> str:
    return (
        f"melds.wild.unique: {card_text(card)} is already on the table as often as the deck"
        " holds it; no card, natural or named by a wild, may be there more often"
    )


_GOING_OUT: Derived[str] = Derived()


def going_out_reason(variant: Variant) -> str:
    """The going-out rule a meld breaks when melds are laid only when going out (made once
    per variant: the listing refuses most candidates of a going-out turn with it)."""
    return _GOING_OUT.get(variant, None, _going_out_words, variant)


def _going_out_words(variant: Variant) -> str:
    go = variant.going_out
    forms = []
    if go.partition_melds is not None:
        forms.append(" or ".join(str(c) for c in go.partition_melds) + " melds")
    if go.partition_sizes is not None:
        sizes = " or ".join("+".join(str(x) for x in sz) for sz in go.partition_sizes)
        forms.append(f"melds of {sizes} cards")
    head = (
        f"going_out.partition: going out lays down {' with '.join(forms)}"
        if forms
        else "going out lays down the whole hand"
    )
    if variant.play.contract_sets or variant.play.contract_runs:  # a going-out contract
        head = f"play.contract: going out must hold {contract_words(variant)}; " + head
    return (
        f"{head}, all in one turn ({GOING_OUT}); with this meld the rest of your hand"
        " cannot complete that"
    )


def first_laydown_reason(c: Ctx, meld: Meld, short: str) -> str:
    """Why a meld that leaves the turn's first laying down short (`short`, what it would
    still lack: the contract's or the minimum's words) is refused (`REFUSED` while only
    listing: the words are never shown then)."""
    if not c.explain:
        return REFUSED
    minimum = c.first_laydown_min()
    if c.variant.play.melding == "going_out":
        return f"play.first_laydown_min: a first laying down must be worth at least {minimum}"
    if short.startswith("play.contract"):
        return (
            f"play.contract: the first laying down must be {contract_words(c.variant)}, all"
            " laid in one turn; with this meld the rest of the hand cannot complete it"
        )
    total = c.hs.value_this_turn + M.meld_value(c.variant, meld)
    return (
        f"play.first_laydown_min: a first laying down must be worth at least {minimum},"
        f" counting every meld laid this turn; with this meld it is worth {total}, and the"
        " rest of the hand cannot make up the difference this turn"
    )
