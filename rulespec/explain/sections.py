"""The turn and melds sentences of `rulespec explain` (explain layer).

Split from `rulespec.explain.document` by concern; every sentence reads one or more
document fields (defaults from `explain.DEFAULTS`); an axis with a simple sentence
declares it (`rulespec.model.axes`), placed here by `axis_sentence`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.explain.expr import say, say_condition
from rulespec.explain.words import (
    axis_sentence,
    count_table,
    default,
    get,
    hand_ends,
    join_or,
    number,
    obligation,
)


def _cond(expr: Any) -> str:
    """' when <condition>' for a turn-context bool, '' when it is simply true."""
    return "" if expr is True or expr == "true" else f" when {say_condition(expr)}"


def _only(table: Mapping[str, Any]) -> str:
    """When a pile draw's obligation applies (`use_when`), or "" when always."""
    return _cond(table.get("use_when", True)).replace(" when ", " — this applies only when ", 1)


def _draws(doc: Mapping[str, Any]) -> list[str]:
    options: list[str] = []
    if get(doc, "draw.stock"):
        options.append("the top card of the stock")
    discard = get(doc, "draw.discard")
    if discard is not False and discard is not None:
        text = "the top card of the discard pile"
        if isinstance(discard, Mapping):
            condition = _cond(discard.get("when", True))
            if condition:
                text += f" (only{condition})"
            rule = obligation(discard, "that card")
            if rule:
                text += f", and then {rule}{_only(discard)}"
        options.append(text)
    if get(doc, "draw.discard_then_stock"):
        options.append("the top card of the discard pile and then the top card of the stock")
    if get(doc, "draw.discard_then_discard"):
        options.append("the top two cards of the discard pile, one after the other")
    depth = get(doc, "draw.depth")
    if isinstance(depth, Mapping):
        low = depth.get("min", 1)
        text = "any card of the discard pile together with every card above it"
        if low != 1:
            text += f" (at least {low} cards deep)"
        rule = obligation(depth, "the deepest card taken")
        if rule:
            text += f" — {rule}{_only(depth)}; the others go to hand"
        options.append(text)
    if get(doc, "draw.pile"):
        options.append("the whole discard pile, with no condition")
    return options


def turn_sentences(doc: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    options = _draws(doc)
    if options:
        listed = "".join(f"\n  - {option}" for option in options)
        out.append(f"A turn starts with a draw, one of:{listed}")
    else:
        out.append("A turn starts with no draw.")
    out += axis_sentence(doc, "draw.turned")
    if get(doc, "draw.turned"):
        out += axis_sentence(doc, "draw.force")
    if get(doc, "draw.upcard_offer"):
        out.append("On the first turn the player after the dealer may take the upcard or pass; "
                   "if they pass, the dealer may take it or pass; if both pass, the first "
                   "player draws from the stock.")  # fmt: skip
    melding, per_turn = get(doc, "play.melding"), get(doc, "play.melds_per_turn")
    if melding == "anytime":
        many = (
            "any number of melds" if per_turn is None else f"at most {number(per_turn, 'new meld')}"
        )
        out.append(f"Then the player may lay down {many} on the table.")
    elif melding == "going_out":
        out.append("Melds are laid down only when going out, all at once.")
    else:
        out.append("Nobody lays melds on the table during play.")
    layoff, onto = get(doc, "play.layoff"), get(doc, "play.layoff_onto")
    whose = {"any": "any player's melds", "team": "their own or their partners' melds"}.get(
        onto, "their own melds"
    )
    if layoff is False or layoff == "false" or melding != "anytime":
        out.append("Nobody lays off cards during play.")
    else:
        out.append(f"The player may lay off cards on {whose}{_cond(layoff)}.")
    first = get(doc, "play.first_laydown_min")
    if first not in (0, "0") and melding != "never":
        out.append(
            f"A player's first laying down must be worth at least {say(first)}, counting"
            " every meld laid down in that turn together; once begun, the turn may not"
            " end before it is complete."
        )
    contract = _contract(doc)
    if contract and melding == "going_out":
        out.append(
            f"Going out must lay down at least {contract} (a run is pure when every card in"
            " it stands for itself); the rest of the hand may be any melds."
        )
    elif contract and melding != "never":
        out.append(
            f"A player's first laying down must be {contract}, all laid down in one turn;"
            " until it is met the player may not lay off, and once begun the turn may not"
            " end before it is complete."
        )
    ends = hand_ends(doc)
    if "out" not in ends:
        out.append("The turn ends with a discard.")
    elif get(doc, "discard.required") == "always":
        out.append("The turn ends with a discard, always, also when going out "
                   "(so the last card goes by discard).")  # fmt: skip
    else:
        out.append("The turn ends with a discard, unless the player has gone out.")
    if not _takes_from_pile(doc):
        pass  # no card is ever taken from the pile: nothing to forbid
    elif get(doc, "discard.forbid_taken"):
        ways = "melded or laid off" if get(doc, "play.layoff") is not False else "melded"
        out.append("A card taken from the discard pile may not be discarded in the same turn"
                   + (f" (it may be {ways}, also to go out)."
                      if get(doc, "play.melding") != "never" else "."))  # fmt: skip
    else:
        out.append("A card taken from the discard pile may be discarded in the same turn.")
    out += axis_sentence(doc, "discard.pile")
    out += _drop(doc)
    out.append(_stock(doc, ends))
    return out


_DROP_WHEN = {
    "before_draw": "at the start of their turn, instead of drawing",
    "after_draw": "after drawing, instead of discarding",
    "anytime": "at their turn, before drawing or instead of discarding",
}


def _drop(doc: Mapping[str, Any]) -> list[str]:
    """`play.drop` and its penalty read aloud."""
    when = _DROP_WHEN.get(get(doc, "play.drop"))
    if when is None:
        return []
    penalty = get(doc, "play.drop_penalty")
    return [
        f"A player who has laid down no melds may drop out of the hand {when}: they take no"
        " further part in it, and at its end they count"
        f" {say(penalty)} (their turns counting only the draws they made) as their penalty"
        " and deadwood. When only one player is left, the hand ends and that player wins."
    ]


def _takes_from_pile(doc: Mapping[str, Any]) -> bool:
    """Whether any draw takes a card from the discard pile."""
    discard = get(doc, "draw.discard")
    keys = ("draw.discard_then_stock", "draw.discard_then_discard", "draw.depth", "draw.pile",
            "draw.upcard_offer")  # fmt: skip
    return (discard is not False and discard is not None) or any(get(doc, k) for k in keys)


def _ending(doc: Mapping[str, Any], reason: str) -> str:
    """How a stock or void ending is scored, in a few words."""
    roles = get(doc, f"scoring.{reason}")
    if isinstance(roles, Mapping) and roles:
        return "scored as a stock ending" if reason == "stock" else "scored as a void hand"
    if get(doc, "scoring.meld_credit"):
        return "nothing is scored beyond the meld credit"
    return "nothing is scored"


def _stock(doc: Mapping[str, Any], ends: frozenset[str]) -> str:
    exhausted, reserve = get(doc, "stock.exhausted"), get(doc, "stock.reserve")
    if exhausted == "recycle":
        text = (
            "When a player must draw from an empty stock, the discard pile is turned over "
            "without shuffling to become the stock and its top card starts a new pile"
        )
        if "void" in ends:
            text += (f"; with fewer than 2 cards in the pile then, the hand ends void "
                     f"({_ending(doc, 'void')})")  # fmt: skip
        text += "."
        limit = get(doc, "stock.recycles")
        if limit is not None:
            times = {0: "never", 1: "once", 2: "twice"}.get(limit, f"{limit} times")
            text += (
                f" The pile is turned over {times} at most in a hand; a player who must "
                f"draw from the empty stock after that ends the hand ({_ending(doc, 'stock')})."
            )
        return text
    left = "is empty" if not reserve else f"holds {reserve} cards or fewer"
    if exhausted == "end":
        end = f"ends there ({_ending(doc, 'stock')})"
    else:
        end = f"is void ({_ending(doc, 'void')})"
    return f"When a turn ends with nobody out and the stock {left}, the hand {end}."


def meld_sentences(doc: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    set_rule = get(doc, "melds.set")
    if set_rule is False:
        out.append("There are no sets.")
    else:
        given = set_rule if isinstance(set_rule, Mapping) else {}
        set_rule = {**default("melds.set"), **given}
        size = _size(set_rule["min"], set_rule["max"])
        if set_rule["suits"] == "distinct":
            suits = "of different suits"
        elif _several_decks(doc):
            suits = "suits may repeat (equal cards allowed with several decks)"
        else:
            suits = "suits may repeat"
        out.append(f"A set is {size} cards of one rank, {suits}.")
        per = set_rule.get("per_deck")
        if per is not None:
            out.append(f"A set holds at most {per} cards for each deck in play ({2 * per} with"
                       f" two decks, {3 * per} with three).")  # fmt: skip
    run_rule = get(doc, "melds.run")
    if run_rule is False:
        out.append("There are no runs.")
    else:
        given = run_rule if isinstance(run_rule, Mapping) else {}
        run_rule = {**default("melds.run"), **given}
        size = _size(run_rule["min"], run_rule["max"])
        out.append(f"A run is {size} consecutive cards of one suit.")
    patterns = get(doc, "melds.patterns") or []
    if patterns:
        texts = [_pattern(p) for p in patterns if isinstance(p, Mapping)]
        out.append("These whole-hand combinations count the whole hand as melded: "
                   + "; ".join(texts) + ".")  # fmt: skip
    out.extend(_wild(doc))
    out += axis_sentence(doc, "melds.joker_sets")
    return out


def _several_decks(doc: Mapping[str, Any]) -> bool:
    decks = count_table(doc, "deck.decks")
    return any(v > 1 for v in decks.values()) if isinstance(decks, Mapping) else decks > 1


def _size(low: int, high: int | None) -> str:
    if high is None:
        return f"{low} or more"
    if low == high:
        return f"{low}"
    return f"{low} or {high}" if high == low + 1 else f"{low} to {high}"


def _pattern(p: Mapping[str, Any]) -> str:
    parts = []
    if p.get("suit") == "same":
        parts.append("all cards of one suit")
    if p.get("ranks"):
        parts.append("only the ranks " + ", ".join(str(r) for r in p["ranks"]))
    if p.get("run"):
        parts.append("forming one run")
    return f"{p.get('name', '?')} ({', '.join(parts) or 'any cards'})"


def _wild(doc: Mapping[str, Any]) -> list[str]:
    cards = get(doc, "melds.wild.cards") or []
    if not cards and get(doc, "melds.wild.rank") is None and get(doc, "melds.wild.cut") == "none":
        return ["There are no wild cards."]
    names = [("jokers" if c == "joker" else f"the {c}s") for c in cards]
    out = [f"Wild cards: {join_or(names, 'and') or 'those of the wild rank below'}; a wild"
           " card stands for one named card when laid."]  # fmt: skip
    per_meld = get(doc, "melds.wild.per_meld")
    if per_meld is not None:
        out.append(f"At most {number(per_meld, 'wild card')} may be in one meld.")
    rank = get(doc, "melds.wild.rank")
    if rank is not None:
        out.append(f"Each deal has a wild rank of its own: every card of rank {say(rank)} is"
                   " wild for that deal (none when that is no rank of the pack).")  # fmt: skip
    out += axis_sentence(doc, "melds.wild.cut")
    out += axis_sentence(doc, "melds.wild.outnumber")
    out += axis_sentence(doc, "melds.wild.unique")
    swap = get(doc, "melds.wild.swap")
    if get(doc, "play.melding") == "never":
        pass  # no meld is on the table during play: nothing to swap
    elif swap is False or swap == "false":
        out.append("A wild card on the table stays there.")
    else:
        out.append("A natural card from hand may replace the wild card on the table that stands "
                   f"for it (the wild card goes to hand){_cond(swap)}.")  # fmt: skip
    return out


def _contract(doc: Mapping[str, Any]) -> str:
    """The contract of play.contract_* in words ("" when none is set)."""
    parts = []
    for kind in ("set", "run"):
        count, length = get(doc, f"play.contract_{kind}s"), get(doc, f"play.contract_{kind}_min")
        if count:
            parts.append(f"{count} {kind}{'s' if count > 1 else ''} of {length} or more")
    said = " and ".join(parts)
    pure = get(doc, "play.contract_pure")
    if said and pure:
        said += f", {pure} of the runs without wild cards"
    return said
