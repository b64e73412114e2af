"""Axes of the turn: drawing, melding and laying off, discarding (model).

Plain data (see `rulespec.model.axes.base`). `draw.discard` is true, false
or a table of conditions, so its `discard when ...` item (and `depth ...`)
stays hand-written in rules.lark; the conditions themselves (`when`, `use`,
`with N from hand`, `min`) are declared here.
"""

from __future__ import annotations

from typing import Any

from rulespec.model.axes.base import Axis, Group, Phrase

_USE = ("none", "meld", "any")


def _flag(
    path: str,
    description: str,
    default: bool,
    yes: str,
    model: str,
    explain: dict[Any, str] | None = None,
) -> Axis:
    """A true/false draw option said `yes` or `no yes`."""
    return Axis(
        path,
        "bool",
        description,
        default,
        item="draw_item",
        phrases=(Phrase(yes, True), Phrase(f"no {yes}", False)),
        model=(model,),
        explain=explain or {},
    )


def _use(path: str) -> Axis:
    return Axis(
        f"{path}.use",
        "enum",
        "what the card taken must do: none, meld or any",
        "none",
        values=_USE,
        item="pile_opt",
        token="USE_KIND",
        phrases=(Phrase("use {word}"),),
        model=(f"{path}.use",),
        schema={"$ref": "#/$defs/obligation"},
    )


def _use_when(path: str) -> Axis:
    """When a pile draw's obligation applies (asked as the card is taken)."""
    return Axis(
        f"{path}.use_when",
        "expr",
        f"when the obligation of {path}.use applies, asked as the cards are taken (context"
        " turn); otherwise they are taken freely. `not me.laid_down_before`: only before"
        " the player's first laying down",
        True,
        context="turn",
        expects="bool",
        requires=f"{path}.use: meld or any",
        item="pile_opt",
        phrases=(Phrase("only when {expr}"),),
        model=(f"{path}.use_when",),
    )


def _hand_cards(path: str, description: str) -> Axis:
    return Axis(
        f"{path}.hand_cards",
        "int",
        description,
        0,
        low=0,
        high=60,
        item="pile_opt",
        phrases=(Phrase("with {int} from hand"),),
        model=(f"{path}.hand_cards",),
    )


DRAW = (
    Group("draw", "what a player may draw", title=True, model=("draw",)),
    _flag("draw.stock", "draw the top card of the stock", True, "stock", "draw.stock"),
    Group(
        "draw.discard",
        "draw the top discard: true | false | {when, use}",
        off="bool",
        branch="conditions on taking the top discard",
        default=True,
        item="draw_item",
        phrases=(Phrase("no discard", False),),
        model=("draw.discard",),
    ),
    Axis(
        "draw.discard.when",
        "expr",
        "when taking the top discard is allowed (context turn)",
        True,
        context="turn",
        expects="bool",
        item="pile_opt",
        phrases=(Phrase("when {expr}"),),
        model=("draw.discard.when",),
    ),
    _use("draw.discard"),
    _hand_cards(
        "draw.discard",
        "with use: meld (or a meld under use: any), cards from hand in that new meld",
    ),
    _use_when("draw.discard"),
    _flag(
        "draw.discard_then_stock",
        "draw the top discard and then the top of the stock (boat)",
        False,
        "discard then stock",
        "draw.discard_then_stock",
    ),
    _flag(
        "draw.discard_then_discard",
        "draw the top two discards (boat)",
        False,
        "discard then discard",
        "draw.discard_then_discard",
    ),
    Group(
        "draw.depth",
        "take N from the pile: false | {min, use, hand_cards}",
        off="false",
        branch="take a card at any depth together with every card above it",
        default=False,
        item="draw_item",
        phrases=(Phrase("no depth", False),),
        model=("draw.depth",),
    ),
    Axis(
        "draw.depth.min",
        "int",
        "the shallowest depth offered",
        1,
        low=1,
        high=200,
        item="pile_opt",
        phrases=(Phrase("min {int}"),),
        model=("draw.depth.min",),
    ),
    _use("draw.depth"),
    _use_when("draw.depth"),
    _hand_cards("draw.depth", "with use: meld, cards from hand in that new meld"),
    _flag("draw.pile", "take the whole discard pile, no obligation", False, "pile", "draw.pile"),
    _flag(
        "draw.turned",
        "the stock card is turned face up, not taken (Conquian): the player takes it only to"
        " use it (draw.discard's obligation) or passes it; a card passed by the player who"
        " turned it goes to the next player, one passed by that player is dead and they turn"
        " the next; a discard is offered to the next player likewise",
        False,
        "stock turned up",
        "draw.turned",
        explain={
            True: "The stock card is turned face up, never taken into the hand: the player"
            " either takes it to use it at once (as the discard pile's rule says) and then"
            " discards, or passes it. A card passed by the player who turned it is offered"
            " to the next player the same way; passed again, it is dead and that player"
            " turns the next stock card (with none left, the hand is void). A discard is"
            " offered to the next player the same way."
        },
    ),
    Axis(
        "draw.force",
        "bool",
        "with draw.turned: instead of passing the card they turned (`force`) or discarding a"
        " card (`force C`), a player may force it on the next player when it can be laid off"
        " on that player's melds: they must take it and lay it off",
        False,
        requires="draw.turned: true",
        item="draw_item",
        phrases=(Phrase("force", True), Phrase("no force", False)),
        model=("draw.force",),
        explain={
            True: "Instead of passing the card they turned up, or of discarding a card, a"
            " player may force it on the next player when it can be laid off on that"
            " player's melds: that player must take it and lay it off."
        },
    ),
    _flag(
        "draw.upcard_offer",
        "first-turn upcard offer (gin): non-dealer, then dealer, may take or pass",
        False,
        "upcard offer",
        "draw.upcard_offer",
    ),
)

PLAY = (
    Group("play", "melding and laying off", title=True, model=("play",)),
    Axis(
        "play.melding",
        "enum",
        "when melds go on the table",
        "anytime",
        values=("anytime", "going_out", "never"),
        item="play_item",
        phrases=(
            Phrase("melding anytime", "anytime"),
            Phrase("melding never", "never"),
            Phrase("melding only when going out", "going_out"),
            Phrase("melding when going out", "going_out", write=False),
        ),
        model=("play.melding",),
    ),
    Axis(
        "play.melds_per_turn",
        "int",
        "most new melds per turn; null = any number",
        None,
        low=1,
        high=60,
        nullable=True,
        item="play_item",
        phrases=(Phrase("melds per turn any", None), Phrase("melds per turn {int}")),
        model=("play.melds_per_turn",),
    ),
    Axis(
        "play.layoff",
        "expr",
        "may a player lay off (context turn); false = no lay-offs",
        True,
        context="turn",
        expects="bool",
        item="play_item",
        phrases=(Phrase("layoff", True), Phrase("no layoff", False), Phrase("layoff when {expr}")),
        model=("play.layoff",),
    ),
    Axis(
        "play.layoff_onto",
        "enum",
        "whose melds may be laid off on: any | own | team (own and partners', match.teams)",
        "any",
        values=("any", "own", "team"),
        item="play_item",
        token="ONTO",
        phrases=(Phrase("layoff onto {word}"),),
        model=("play.layoff_onto",),
    ),
    Axis(
        "play.first_laydown_min",
        "expr",
        "minimum value of a player's first laying down, all the melds of that turn together"
        " (context turn)",
        0,
        context="turn",
        expects="int",
        item="play_item",
        phrases=(Phrase("first laydown at least {expr}"),),
        model=("play.first_laydown_min",),
    ),
    Axis(
        "play.contract_sets",
        "int",
        "contract: how many sets (of play.contract_set_min cards or more) a player's first"
        " laying down must hold, all laid in one turn (0: none)",
        0,
        low=0,
        high=8,
        item="play_item",
        phrases=(Phrase("contract sets {int}"),),
        model=("play.contract_sets",),
    ),
    Axis(
        "play.contract_set_min",
        "int",
        "contract: the fewest cards in each set of the contract",
        3,
        low=2,
        high=32,
        item="play_item",
        phrases=(Phrase("contract set length {int}"),),
        model=("play.contract_set_min",),
    ),
    Axis(
        "play.contract_runs",
        "int",
        "contract: how many runs (of play.contract_run_min cards or more) a player's first"
        " laying down must hold, all laid in one turn (0: none)",
        0,
        low=0,
        high=8,
        item="play_item",
        phrases=(Phrase("contract runs {int}"),),
        model=("play.contract_runs",),
    ),
    Axis(
        "play.contract_run_min",
        "int",
        "contract: the fewest cards in each run of the contract",
        3,
        low=2,
        high=14,
        item="play_item",
        phrases=(Phrase("contract run length {int}"),),
        model=("play.contract_run_min",),
    ),
    Axis(
        "play.contract_pure",
        "int",
        "contract: how many of the first laying down's runs must hold no wild card"
        " (a pure sequence)",
        0,
        low=0,
        high=8,
        item="play_item",
        phrases=(Phrase("contract pure runs {int}"),),
        model=("play.contract_pure",),
    ),
    Axis(
        "play.drop",
        "enum",
        "dropping out of the hand at one's turn (folding): never | before_draw (instead of"
        " drawing) | after_draw (instead of discarding) | anytime (either)",
        "never",
        values=("never", "before_draw", "after_draw", "anytime"),
        item="play_item",
        phrases=(
            Phrase("no drop", "never"),
            Phrase("drop before draw", "before_draw"),
            Phrase("drop after draw", "after_draw"),
            Phrase("drop anytime", "anytime"),
        ),
        model=("play.drop",),
    ),
    Axis(
        "play.drop_penalty",
        "expr",
        "what a seat that dropped counts as its penalty and deadwood at the hand's end"
        " (context score, read for that seat: me.turn is its draws, 0 before its first)",
        0,
        context="score",
        expects="int",
        requires="play.drop: before_draw or after_draw or anytime",
        item="play_item",
        phrases=(Phrase("drop penalty {expr}"),),
        model=("play.drop_penalty",),
    ),
)

DISCARD = (
    Group("discard", "discarding", title=True, model=("discard",)),
    Axis(
        "discard.required",
        "enum",
        "when a discard ends the turn",
        "unless_out",
        values=("always", "unless_out"),
        item="discard_item",
        phrases=(Phrase("always", "always"), Phrase("unless going out", "unless_out")),
        model=("discard.required",),
    ),
    Axis(
        "discard.forbid_taken",
        "bool",
        "a card taken from the pile may not be discarded that turn",
        True,
        item="discard_item",
        phrases=(Phrase("taken card forbidden", True), Phrase("taken card allowed", False)),
        model=("discard.forbid_taken",),
    ),
    Axis(
        "discard.pile",
        "enum",
        "squared (top card visible) | spread (all visible)",
        "squared",
        values=("squared", "spread"),
        item="discard_item",
        token="PILE_KIND",
        phrases=(Phrase("pile {word}"),),
        model=("discard.pile",),
        explain={
            "spread": "The discard pile is spread: every card in it is visible to all.",
            "squared": "The discard pile is squared: only its top card is visible.",
        },
    ),
)
