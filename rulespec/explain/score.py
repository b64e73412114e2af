"""The going out, scoring and match sentences of `rulespec explain` (explain layer).

Split from `rulespec.explain.document` by concern; every sentence reads one or more
document fields (defaults from `explain.DEFAULTS`); an axis with a simple sentence
declares it (`rulespec.model.axes`), placed here by `axis_sentence` or
`group_sentences`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.compiler.reach import knock_limits, out_ways
from rulespec.compiler.schema import with_defaults
from rulespec.explain.expr import say
from rulespec.explain.table import ends_otherwise, table_sentences
from rulespec.explain.words import axis_sentence, get, group_sentences, hand_ends, join_or
from rulespec.grammar.expr import names_in
from rulespec.model.names import REASONS

REASON_HEADS = {
    "out": "When a player goes out",
    "knock": "When the knocker wins (lower deadwood than every defender)",
    "gin": "On gin (the knocker has no deadwood)",
    "undercut": "On an undercut (a defender's deadwood is equal or lower than the knocker's)",
    "stock": "When the hand ends with nobody out (the stock ran down)",
    "void": "When the hand is void",
    "drop": "When every other player has dropped out (the last player left wins)",
}
ROLE_PHRASES = {
    "winner": "the winner scores",
    "losers": "each loser scores",
    "each": "every player scores",
}
WAYS = {"meld": "melding", "layoff": "laying off", "discard": "discarding"}


def _uses_rummy(doc: Mapping[str, Any]) -> bool:
    scoring = get(doc, "scoring")
    pieces: list[Any] = [scoring.get("multiplier")] if isinstance(scoring, Mapping) else []
    for reason in REASONS:
        roles = get(doc, f"scoring.{reason}")
        if isinstance(roles, Mapping):
            pieces.extend(roles.values())
    return any(name.name == "rummy" for p in pieces for name in names_in(p))


def _possible_ways(doc: Mapping[str, Any]) -> list[str]:
    """The ways of `going_out.by` that the other rules leave possible (`reach.out_ways`).

    Without melding a hand never shrinks (each discard follows a draw), so no
    way of emptying it is possible; without lay-offs, laying off is not one;
    when a discard is always required, only a discard takes the last card.
    """
    try:
        return out_ways(with_defaults(dict(doc)))
    except (KeyError, TypeError, ValueError, AttributeError):
        return list(get(doc, "going_out.by") or [])


def going_out(doc: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    ways = [WAYS.get(w, str(w)) for w in _possible_ways(doc)]
    if ways:
        out.append(f"A player goes out by getting rid of their last card by {join_or(ways)}; "
                   "the hand then ends.")  # fmt: skip
    else:
        out.append("Nobody goes out by emptying their hand.")
    partition = get(doc, "going_out.partition") if ways else None
    if isinstance(partition, Mapping) and partition.get("melds"):
        counts = join_or([str(n) for n in partition["melds"]])
        out.append(f"The melds laid down when going out must be exactly {counts} melds.")
    if isinstance(partition, Mapping) and partition.get("sizes"):
        shapes = join_or(["+".join(str(n) for n in sizes) for sizes in partition["sizes"]])
        out.append(f"The melds laid down when going out must have the sizes {shapes} cards.")
    if ways and _uses_rummy(doc):
        out.append("Going out in one turn with no meld or lay-off earlier in the hand is rummy.")
    out += axis_sentence(doc, "going_out.dealt")
    out.extend(_knock(doc))
    if not hand_ends(doc):
        out.append("No hand can ever end under these rules: every hand would be abandoned "
                   "at the turn limit.")  # fmt: skip
    return out


def _knock(doc: Mapping[str, Any]) -> list[str]:
    knock = get(doc, "knock")
    if not isinstance(knock, Mapping):
        return ["There is no knocking."]
    limit = knock.get("limit", 0)
    try:
        limits = knock_limits(with_defaults(dict(doc)))
    except (KeyError, TypeError, ValueError, AttributeError):
        limits = None
    if limits is not None and limits[1] < 0:
        return [f"Nobody can ever knock: the knock limit ({say(limit)}) is never 0 or more."]
    only_gin = limit in (0, "0") or (limits is not None and limits[1] == 0)
    if limit in (0, "0"):
        out = ["A player may knock only with no deadwood after the discard: that is gin."]
    elif knock.get("timing") == "before_draw":
        out = [f"At the start of their turn, instead of drawing, a player may knock when their "
               f"hand's deadwood is at most {say(limit)}: they discard nothing, show their melds "
               "and deadwood, and the hand ends. Knocking with no deadwood is gin."]  # fmt: skip
    else:
        out = [f"After drawing, a player may knock when their deadwood after the discard is at "
               f"most {say(limit)}: they discard, show their melds and deadwood, and the hand "
               "ends. Knocking with no deadwood is gin."]  # fmt: skip
    show = knock.get("show", "all")
    who = "every other player" if show == "all" else f"the players ({show})"
    if only_gin:
        out.append(f"Then {who} shows their melds; nobody lays off after gin.")
    elif knock.get("layoff", True):
        out.append(f"Then {who} shows their melds and may lay off deadwood on the knocker's "
                   "melds (never after gin).")  # fmt: skip
    else:
        out.append(f"Then {who} shows their melds; nobody lays off on the knocker's melds.")
    if get(doc, "play.melding") == "anytime":
        out.append(_spread_knock(not only_gin and bool(knock.get("layoff", True))))
    if knock.get("timing") == "either":
        out.append(
            "A player may also knock at the start of their turn, instead of drawing:"
            " no card is discarded then, and the knock limit counts the whole hand."
        )
    return out


def _spread_knock(layoff: bool) -> str:
    """How a knock reads the table when melds are laid during play (drop-and-spread)."""
    text = ("Melds already on the table stay there at a knock: the knock "
            "limit and every player's deadwood count only the cards in hand, and the knocker "
            "shows melds made from their hand")  # fmt: skip
    if layoff:
        text += "; lay-offs at the knock go only on those melds, not on the table's"
    return text + "."


def scoring(doc: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    if get(doc, "scoring.penalty") == "deadwood":
        penalty = ("the value of their deadwood in the best arrangement of their hand into "
                   "melds")  # fmt: skip
    else:
        penalty = "the value of all cards left in their hand"
    if get(doc, "scoring.ranks_once"):
        penalty += "; of cards of the same rank only one counts"
    out.append(f"A player's penalty is {penalty}.")
    out += axis_sentence(doc, "scoring.meld_credit")
    scored = False
    ends = hand_ends(doc)
    for reason in REASONS:
        roles = get(doc, f"scoring.{reason}")
        if not isinstance(roles, Mapping) or not roles or reason not in ends:
            continue
        scored = True
        parts = [f"{ROLE_PHRASES.get(r, r + ' scores')} {say(e)}" for r, e in roles.items()]
        if len(parts) > 1 and "each" in roles:
            index = list(roles).index("each")
            parts[index] = parts[index].replace("every player scores", "every player also scores")
        out.append(f"{REASON_HEADS[reason]}: {'; '.join(parts)}.")
    if not scored:
        out.append("Hands are not scored.")
    multiplier = get(doc, "scoring.multiplier")
    if multiplier not in (1, "1"):
        out.append(f"Every hand score is multiplied by {say(multiplier)}.")
    return out


def match(doc: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    target = get(doc, "match.target")
    eliminate = get(doc, "match.eliminate")
    rounds = get(doc, "match.rounds")
    if target is not None and get(doc, "match.columns") is None:
        out.append(f"The match ends after a hand in which a player's total reaches {target}.")
    if eliminate is not None:
        out.append(f"A player whose total is {eliminate} or less leaves the match; "
                   "the last player left wins.")  # fmt: skip
    if rounds is not None:
        out.append(f"The match is a fixed number of hands: {say(rounds)}.")
    if doc.get("schedule"):
        out.append(f"The match ends after the schedule's last deal (deal {len(doc['schedule'])}).")
    elif target is None and eliminate is None and rounds is None and not ends_otherwise(doc):
        out.append("The match is a single hand: no target, number of hands or elimination ends it.")
    if get(doc, "match.tie") == "play_on" and target is not None:  # a tie plays on at the target
        out.append("The highest total wins; if several tie for highest, another hand is played.")
    else:
        out.append(f"The {get(doc, 'match.wins')} total wins.")
    out += table_sentences(doc)
    out += group_sentences(doc, "match.bonus")
    return out
