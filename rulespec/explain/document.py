"""The rules in plain English, generated from a resolved rule document (explain layer).

`explain_document(doc)` writes sections Setup, The turn, Melds, Going out,
Scoring and Match, one sentence per rule, every sentence derived from a field
of the document (docs/document.md), with defaults applied here, so the text
cannot drift from the rules. Expressions are read aloud by `explain_expr`.
The text states only what the file allows: count-table rows for the player
counts it allows, examples of runs of a length it allows, and no way of
ending a hand that the rules can never reach (`rulespec.compiler.reach`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.explain.deals import buy_sentences, schedule_sentences
from rulespec.explain.expr import say
from rulespec.explain.score import going_out, match, scoring
from rulespec.explain.sections import meld_sentences, turn_sentences
from rulespec.explain.words import (
    DEFAULTS,
    count_table,
    default,
    get,
    group_sentences,
    join_or,
    number,
    table,
)
from rulespec.model.variant import RANK_KEYS

RANK_LABELS = {"A": "ace", "T": "10", "J": "J", "Q": "Q", "K": "K", "joker": "joker"}
RUN_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def header(doc: Mapping[str, Any]) -> list[str]:
    lines = [f"# {doc.get('title') or doc.get('name', 'Untitled')} ({doc.get('name', '?')})", ""]
    if get(doc, "description"):
        lines += [str(get(doc, "description")), ""]
    if get(doc, "source"):
        lines += [f"Source: {get(doc, 'source')}", ""]
    if doc.get("extends"):
        lines += [f"Based on `{doc['extends']}`, with the changes below.", ""]
    return lines


def setup(doc: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    low, high = get(doc, "players.min"), get(doc, "players.max")
    out.append(f"For {low} players." if low == high else f"For {low} to {high} players.")
    decks, jokers = count_table(doc, "deck.decks"), count_table(doc, "deck.jokers")
    size = 4 * len(pack_order(doc))
    if isinstance(decks, int) and isinstance(jokers, int):
        joke = "no jokers" if jokers == 0 else number(jokers, "joker")
        total = decks * size + jokers
        out.append(f"{number(decks, f'{size}-card deck').capitalize()} and {joke} ({total} cards).")
    else:
        if isinstance(decks, int):
            out.append(f"{number(decks, f'{size}-card deck').capitalize()}.")
        else:
            out.append(f"Decks of {size} cards by number of players: {table(decks, 'deck')}.")
        if isinstance(jokers, int):
            out.append(f"{number(jokers, 'joker').capitalize()} in the pack.")
        else:
            out.append(f"Jokers in the pack by number of players: {table(jokers, 'joker')}.")
    out += rank_sentence(doc)
    out += group_sentences(doc, "dealer")
    cards, packet = count_table(doc, "deal.cards"), get(doc, "deal.packet")
    how = "one at a time" if packet == 1 else f"in packets of {packet}"
    if isinstance(cards, int):
        out.append(f"Each player is dealt {cards} cards, {how}.")
    else:
        out.append(f"Cards dealt to each player, {how}: {table(cards, 'cards')}.")
    if any("cards" in entry for entry in doc.get("schedule") or [] if isinstance(entry, dict)):
        out.append("The deal schedule below sets the cards dealt in each deal that names them.")
    extra = get(doc, "deal.dealer_extra")
    if extra:
        where = get(doc, "deal.dealer_extra_to")
        card = number(extra, "extra card")
        if where == "discard":
            out.append(f"The dealer gets {card}, which goes face up to start the discard pile.")
        else:
            out.append(f"The dealer gets {card} in hand.")
    if get(doc, "deal.upcard"):
        out.append("The next card is turned face up to start the discard pile (the upcard); "
                   "the rest form the stock.")  # fmt: skip
    else:
        other = "other " if extra and get(doc, "deal.dealer_extra_to") == "discard" else ""
        out.append(f"No {other}card is turned up; the rest form the stock.")
    out.extend(ace_sentence(doc))
    out.append(card_values(doc))
    return out


def pack_order(doc: Mapping[str, Any]) -> tuple[str, ...]:
    """The pack's ranks in run order, as read aloud (`deck.ranks`; all 13 by default)."""
    listed = get(doc, "deck.ranks")
    if not isinstance(listed, list):
        return RUN_RANKS
    keys = {"T": "10", 10: "10"}
    return tuple(keys.get(r, str(r)) for r in listed)


def _plural(rank: str) -> str:
    return {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}.get(rank, f"{rank}s")


def rank_sentence(doc: Mapping[str, Any]) -> list[str]:
    """What a pack of its own ranks lacks, and which ranks meet in runs across the gaps."""
    order = pack_order(doc)
    if order == RUN_RANKS:
        return []
    missing = [_plural(r) for r in RUN_RANKS if r not in order]
    text = f"The pack has no {join_or(missing)}"
    gaps = [
        f"{a} and {b}"
        for a, b in zip(order, order[1:], strict=False)
        if RUN_RANKS.index(b) != RUN_RANKS.index(a) + 1
        and (a != "A" or get(doc, "ace") != "high")  # a high ace sits past the top
    ]
    if gaps and get(doc, "melds.run") is not False:
        if len(gaps) == 1:
            text += f"; in runs, {gaps[0]} are next to each other"
        else:
            text += f"; in runs, these ranks are next to each other: {', '.join(gaps)}"
    return [text + "."]


def _run(start: int, length: int, order: tuple[str, ...] = RUN_RANKS) -> str:
    """Ranks from `start` (0 = the first) upwards, going round the corner: 'Q-K-A-2'."""
    return "-".join(order[(start + i) % len(order)] for i in range(length))


def ace_sentence(doc: Mapping[str, Any]) -> list[str]:
    """How the ace sits in runs, with examples of a length the runs allow (none without runs)."""
    run = get(doc, "melds.run")
    if run is False:
        return []
    rule = {**(default("melds.run") or {}), **(run if isinstance(run, Mapping) else {})}
    low, high = int(rule["min"]), rule["max"]

    def fits(length: int) -> bool:
        return length >= low and (high is None or length <= high)

    order = pack_order(doc)
    if "A" not in order or low > len(order):
        return []
    bottom, top = _run(0, low, order), _run(len(order) - (low - 1), low, order)
    corner_length = max(low, 3)
    corner = _run(-(corner_length // 2), corner_length, order) if fits(corner_length) else ""
    mode = get(doc, "ace")
    if mode == "low":
        return [f"Aces are low: {bottom} is a run, {top} is not."]
    if mode == "high":
        return [f"Aces are high: {top} is a run, {bottom} is not."]
    if mode == "high_or_low":
        text = f"Aces are high or low: {bottom} and {top} are runs"
        return [text + (f", {corner} is not." if corner else ".")]
    if mode == "wrap":
        longer = max(low, 5)  # Q-K-A-2-3 shows the corner inside a run
        if fits(longer):
            corner = _run(-(longer // 2), longer, order)
        example = f" ({corner} is one run)" if corner else ""
        return [f"Runs may go round the corner: the ace links K and 2{example}."]
    return [f"Ace mode: {mode}."]


def card_values(doc: Mapping[str, Any]) -> str:
    values = get(doc, "values")
    full = {**DEFAULTS["values"], **(values if isinstance(values, Mapping) else {})}

    def value_of(key: str) -> str:
        raw = full.get(key, full["pips"])
        return "face value" if raw == "face" else say(raw)

    items: list[tuple[str, str]] = [("ace", value_of("A"))]
    for key in RANK_KEYS[1:]:
        label = RANK_LABELS.get(key, key)
        items.append((label, value_of(key)))
    if has_jokers(doc):
        items.append(("joker", value_of("joker")))
    groups: list[tuple[list[str], str]] = []
    for label, text in items:
        if groups and groups[-1][1] == text:
            groups[-1][0].append(label)
        else:
            groups.append(([label], text))
    parts = []
    for labels, text in groups:
        if len(labels) >= 13:
            name = "every card" if len(labels) == 13 else "every card and the joker"
        elif len(labels) > 2 and labels[0].isdigit() and labels[-1].isdigit():
            name = f"{labels[0]} to {labels[-1]}"
        else:
            name = ", ".join(labels)
        parts.append(f"{name}: {text}")
    return "Card values: " + "; ".join(parts) + "."


def has_jokers(doc: Mapping[str, Any]) -> bool:
    """Whether the pack holds jokers for some player count the document allows."""
    jokers = count_table(doc, "deck.jokers")
    return any(jokers.values()) if isinstance(jokers, Mapping) else bool(jokers)


def explain_document(doc: dict[str, Any]) -> str:
    """The rules of a resolved document in plain English, with section headings."""
    lines = header(doc)
    sections = [
        ("Setup", setup(doc)),
        ("The turn", turn_sentences(doc)),
        ("Melds", meld_sentences(doc)),
        ("Going out", going_out(doc)),
        ("Scoring", scoring(doc)),
        ("Match", match(doc)),
    ]
    extra = [("Buying", buy_sentences(doc)), ("The deal schedule", schedule_sentences(doc))]
    sections[2:2] = [(title, said) for title, said in extra if said]
    for title, sentences in sections:
        lines.append(f"## {title}")
        lines.append("")
        lines.extend(f"- {s}" for s in sentences)
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"
