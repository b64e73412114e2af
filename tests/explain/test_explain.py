"""`explain_document`: every field of the rule document changes the explanation.

Data-driven: each FLIPS row sets one field of a base document (after optional
`given` fields that make it matter) and names a fragment the new text must say;
each DROPS row names a fragment the new text must no longer say, because the
changed file no longer allows it (explain states only what the file allows).
A coverage test checks that every key of docs/document.md has a row.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulespec.explain.document import explain_document
from rulespec.explain.expr import say, say_condition

ROOT = Path(__file__).resolve().parents[2]

BASE: dict[str, Any] = {
    "name": "house",
    "title": "House Rummy",
    "players": {"min": 2, "max": 6},
    "deal": {"cards": {"2": 10, "3-4": 7, "5-6": 6}},
    "scoring": {"out": {"winner": "losers.penalty"}},
    "match": {"target": 100},
}

WILD = {"deck.jokers": 2, "melds.wild.cards": ["joker"]}
KNOCK = {"knock": {"limit": 10}}
FORTY = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
PIQUET = ["A", "7", "8", "9", "T", "J", "Q", "K"]

# (path, new value, fragment the new text must contain, fields set first)
FLIPS: list[tuple[str, Any, str, dict[str, Any]]] = [
    ("buy", {"penalty": 1}, "may buy that card, asked one at a time", {}),
    ("buy", {"penalty": 2}, "together with two cards from the top of the stock", {}),
    ("buy", {"limit": 3}, "may buy at most three times in a hand", {}),
    ("buy", {"order": "reverse"}, "nearest the discarder's right", {}),
    ("buy", {"when": "not me.laid_down"}, "may buy only when the player has not laid", {}),
    ("schedule", [{"cards": 7}, {"cards": 8, "runs": 1}], "| 2 | 8 cards | 1 run of 3", {}),
    ("schedule", [{"cards": 7}, {"cards": 8}], "The match ends after deal 2", {}),
    ("name", "porch", "(porch)", {}),
    ("title", "Porch Rummy", "# Porch Rummy", {}),
    ("description", "Played on the porch.", "Played on the porch.", {}),
    ("source", "Hoyle 1950", "Source: Hoyle 1950", {}),
    ("extends", "rummy", "Based on `rummy`", {}),
    ("players.min", 3, "For 3 to 6 players", {}),
    ("players.max", 4, "For 2 to 4 players", {}),
    ("deck.decks", 2, "Two 52-card decks", {}),
    ("deck.decks", {"2-4": 1, "5-6": 2}, "2–4 players: 1 deck; 5–6 players: 2 decks", {}),
    ("deck.jokers", 2, "two jokers (54 cards)", {}),
    ("deck.jokers", {"2-4": 0, "5-6": 4}, "5–6 players: 4 jokers", {}),
    ("deck.decks", {"2-4": 1, "5-6": 2}, "No jokers in the pack.", {}),
    ("deck.jokers", {"2-4": 0, "5-6": 4}, "One 52-card deck.", {}),
    ("deck.ranks", FORTY, "The pack has no 8s, 9s or 10s; in runs, 7 and J are next", {}),
    ("deck.ranks", FORTY, "One 40-card deck and no jokers (40 cards).", {}),
    ("deck.ranks", PIQUET, "Aces are low: A-7-8 is a run, Q-K-A is not.", {}),
    ("dealer.first", "random", "chosen at random", {}),
    ("dealer.rotation", "right", "passes to the right", {}),
    ("dealer.next", "winner", "Instead, the winner of a hand deals the next one", {}),
    ("dealer.next", "loser", "lowest score in a hand deals the next one", {}),
    ("deal.cards", 13, "dealt 13 cards", {}),
    ("deal.cards", {"2": 13, "3-6": 7}, "3–6 players: 7 cards", {}),
    ("deal.packet", 3, "in packets of 3", {}),
    ("deal.dealer_extra", 1, "The dealer gets one extra card in hand", {}),
    ("deal.dealer_extra_to", "discard", "goes face up to start the discard pile",
     {"deal.dealer_extra": 1}),
    ("deal.dealer_extra_to", "discard", "No other card is turned up",
     {"deal.dealer_extra": 1, "deal.upcard": False}),
    ("deal.upcard", False, "No card is turned up", {}),
    ("ace", "high", "Aces are high", {}),
    ("ace", "high_or_low", "A-2-3 and Q-K-A are runs", {}),
    ("ace", "wrap", "round the corner", {}),
    ("values.A", "place == run_low ? 1 : 15", "ace: 1 if it is the low card of a run, otherwise 15",
     {}),
    ("values.A", 11, "ace: 11", {}),
    ("values.pips", 5, "2 to 10: 5", {}),
    ("values.J", 11, "J: 11; Q, K: 10", {}),
    ("values.Q", 12, "J: 10; Q: 12; K: 10", {}),
    ("values.K", 13, "J, Q: 10; K: 13", {}),
    ("values.joker", 20, "joker: 20", {"deck.jokers": 2}),
    ("values.7", 0, "7: 0", {}),
    ("values.T", 20, "10: 20", {}),
    ("values.pips", 1, "Card values: every card: 1.",
     {"values.J": 1, "values.Q": 1, "values.K": 1}),
    ("melds.set", False, "There are no sets", {}),
    ("melds.set.min", 2, "A set is 2 to 4 cards", {}),
    ("melds.set.max", None, "A set is 3 or more cards", {}),
    ("melds.set.suits", "any", "suits may repeat", {}),
    ("melds.run", False, "There are no runs", {}),
    ("melds.run.min", 4, "A run is 4 or more", {}),
    ("melds.run.max", 10, "A run is 3 to 10 consecutive", {}),
    ("melds.patterns", [{"name": "colour", "suit": "same"}], "colour (all cards of one suit)", {}),
    ("melds.patterns", [{"name": "figures", "ranks": ["J", "Q", "K"]}],
     "figures (only the ranks J, Q, K)", {}),
    ("melds.patterns", [{"name": "full colour", "suit": "same", "run": True}],
     "full colour (all cards of one suit, forming one run)", {}),
    ("melds.wild.cards", ["joker", "2"], "Wild cards: jokers and the 2s", {"deck.jokers": 2}),
    ("melds.wild.per_meld", 1, "At most one wild card may be in one meld", WILD),
    ("melds.wild.outnumber", False, "may not outnumber", WILD),
    ("melds.wild.unique", True, "more often than the deck holds it", WILD),
    ("melds.joker_sets", True, "meld only together, as a set of jokers", {"deck.jokers": 4}),
    ("melds.wild.swap", "me.laid_down_before", "may replace the wild card on the table", WILD),
    ("melds.wild.swap", True, "stands for it (the wild card goes to hand).", WILD),
    ("draw.stock", False, "one of:\n  - the top card of the discard pile\n- ", {}),
    ("draw.discard", False, "one of:\n  - the top card of the stock\n- ", {}),
    ("draw.discard", {"when": "me.laid_down_before", "use": "meld"},
     "(only when the player laid down in an earlier turn), and then that card must be melded", {}),
    ("draw.discard", {"use": "any"}, "that card must be melded or laid off this turn", {}),
    ("draw.discard_then_stock", True, "discard pile and then the top card of the stock", {}),
    ("draw.discard_then_discard", True, "the top two cards of the discard pile", {}),
    ("draw.depth", {"use": "any"}, "every card above it — the deepest card taken must be melded or "
     "laid off this turn; the others go to hand", {}),
    ("draw.depth", {"min": 2, "use": "meld", "hand_cards": 2},
     "(at least 2 cards deep) — the deepest card taken must be melded in a new meld this turn "
     "together with at least two cards from the hand", {}),
    ("draw.depth", {"use": "any", "hand_cards": 2},
     "must be melded this turn (in a new meld with at least two cards from the hand) or laid off",
     {}),
    ("draw.pile", True, "the whole discard pile", {}),
    ("draw.upcard_offer", True, "may take the upcard or pass", {}),
    ("play.melding", "going_out", "only when going out", {}),
    ("play.melding", "never", "Nobody lays melds on the table", {}),
    ("play.melds_per_turn", 1, "at most one new meld", {}),
    ("play.layoff", False, "Nobody lays off cards", {}),
    ("play.layoff", "me.laid_down_before", "lay off cards on any player's melds when the player "
     "laid down in an earlier turn", {}),
    ("play.layoff_onto", "own", "their own melds", {}),
    ("play.first_laydown_min", 30, "first laying down must be worth at least 30", {}),
    ("play.contract_sets", 2, "first laying down must be 2 sets of 3 or more, all laid down "
     "in one turn; until it is met the player may not lay off", {}),
    ("play.contract_set_min", 4, "must be 1 set of 4 or more,", {"play.contract_sets": 1}),
    ("play.contract_runs", 1, "must be 1 run of 3 or more,", {}),
    ("play.contract_run_min", 4, "must be 2 runs of 4 or more,", {"play.contract_runs": 2}),
    ("play.contract_pure", 1, "1 run of 3 or more, 1 of the runs without wild cards",
     {"play.contract_runs": 1}),
    ("play.contract_runs", 2, "Going out must lay down at least 2 runs of 3 or more",
     {"play.melding": "going_out"}),
    ("melds.set.per_deck", 4, "at most 4 cards for each deck in play (8 with two decks",
     {"melds.set.suits": "any", "melds.set.max": None}),
    ("melds.wild.rank", "deal + 1", "every card of rank the deal number plus 1 is wild", {}),
    ("melds.wild.cut", "bottom", "turned face up under it (drawn last): every card of its rank",
     {}),
    ("melds.wild.cut", "aside", "set aside face up: every card of its rank is wild", {}),
    ("discard.required", "always", "also when going out", {}),
    ("discard.forbid_taken", False, "may be discarded in the same turn", {}),
    ("discard.forbid_taken", True, "may not be discarded in the same turn (it may be melded or "
     "laid off, also to go out)", {"discard.forbid_taken": False}),
    ("discard.pile", "spread", "The discard pile is spread", {}),
    ("going_out.by", ["discard"], "their last card by discarding;", {}),
    ("going_out.by", ["meld", "layoff"], "by melding or laying off;", {}),
    ("play.melding", "never", "Nobody goes out by emptying their hand", {}),
    ("play.layoff", False, "their last card by melding or discarding;", {}),
    ("going_out.partition", {"melds": [1, 3, 5]}, "exactly 1, 3 or 5 melds", {}),
    ("going_out.partition", {"sizes": [[3, 3, 3, 3, 3], [4, 4, 4, 3]]},
     "the sizes 3+3+3+3+3 or 4+4+4+3 cards", {}),
    ("knock", {"limit": 10}, "deadwood after the discard is at most 10", {}),
    ("knock.limit", "upcard.rank == A ? 0 : upcard.value",
     "at most 0 if the upcard is an ace, otherwise the upcard's value", KNOCK),
    ("knock.limit", 0, "only with no deadwood", KNOCK),
    ("knock.layoff", False, "nobody lays off on the knocker's melds", KNOCK),
    ("knock.show", "knocker", "the players (knocker)", KNOCK),
    ("stock.exhausted", "end", "the stock is empty, the hand ends there (nothing is scored)", {}),
    ("stock.exhausted", "end", "(scored as a stock ending)", {"scoring.stock": {"each": 0}}),
    ("stock.exhausted", "void", "the stock is empty, the hand is void", {}),
    ("stock.reserve", 2, "holds 2 cards or fewer", {"stock.exhausted": "void"}),
    ("stock.recycles", 2, "turned over twice at most in a hand; a player who must draw from "
     "the empty stock after that ends the hand", {}),
    ("scoring.penalty", "deadwood", "best arrangement", {}),
    ("scoring.ranks_once", True, "only one counts", {}),
    ("scoring.meld_credit", True, "scores its value for its player at once", {}),
    ("scoring.multiplier", "upcard.suit == spades ? 2 : 1",
     "multiplied by 2 if the upcard's suit is spades, otherwise 1", {}),
    ("scoring.out", {"winner": "losers.penalty * (rummy ? 2 : 1)"},
     "the losers' total penalty times (2 if the winner went rummy, otherwise 1)", {}),
    ("scoring.out", {"winner": "losers.penalty * (rummy ? 2 : 1)"}, "is rummy", {}),
    ("scoring.out", {"losers": "-me.penalty"}, "each loser scores minus their penalty", {}),
    ("scoring.out", {"each": "me.melded - me.penalty"},
     "every player scores their melded value minus their penalty.", {}),
    ("scoring.out", {}, "Hands are not scored", {}),
    ("scoring.knock", {"winner": "losers.deadwood - winner.deadwood"}, "When the knocker wins",
     KNOCK),
    ("scoring.gin", {"winner": "losers.deadwood + 25"}, "On gin", KNOCK),
    ("scoring.undercut", {"winner": "knocker.deadwood - winner.deadwood + 25"},
     "On an undercut", KNOCK),
    ("scoring.stock", {"each": "-me.penalty"}, "When the hand ends with nobody out",
     {"stock.exhausted": "end"}),
    ("scoring.void", {"each": 0}, "When the hand is void: every player scores 0.",
     {"stock.exhausted": "void"}),
    ("scoring.out", {"winner": "losers.penalty", "each": 1},
     "the winner scores the losers' total penalty; every player also scores 1.", {}),
    ("match.target", 500, "total reaches 500", {}),
    ("match.target", None, "The match is a single hand", {}),
    ("match.tie", "play_on", "another hand is played", {}),
    ("match.eliminate", -100, "total is -100 or less leaves the match", {}),
    ("match.rounds", "players", "fixed number of hands: the number of players", {}),
    ("match.bonus.game", 100, "game bonus of 100", {}),
    ("match.bonus.box", 25, "25 for each hand they won", {}),
    ("match.bonus.shutout", 2, "doubled (shutout)", {}),
    ("match.bonus.shutout", 4, "multiplied by 4 (shutout)", {}),
    ("match.teams", 2, "The players form 2 teams, partners sitting opposite", {}),
    ("play.layoff_onto", "team", "their own or their partners' melds", {}),
    ("match.playing", 2, "Only 2 players are dealt in each hand", {}),
    ("match.sit_out", "rotate", "the waiting places pass on", {"match.playing": 2}),
    ("match.columns", 3, "Scores are kept in 3 columns at once", {"match.target": 100}),
    ("match.eliminate_over", 101, "total reaches 101 or more leaves the match", {}),
    ("match.buy_back", 1, "buy back in once", {"match.eliminate_over": 101}),
    ("match.buy_back", 1, "chooses, in turn from the dealer's left, to buy back in ('rebuy')",
     {"match.eliminate_over": 101}),
    ("match.buy_back_by", "automatic", "buys back in 2 times, at once and without being asked",
     {"match.eliminate_over": 101, "match.buy_back": 2}),
    ("match.wins", "lowest", "The lowest total wins.", {}),
    # only what the file allows (issue 7.13): run examples of an allowed length,
    # ways of ending a hand the rules can reach
    ("melds.run.min", 4, "Aces are low: A-2-3-4 is a run, J-Q-K-A is not.", {}),
    ("melds.run.min", 4, "Aces are high: J-Q-K-A is a run, A-2-3-4 is not.", {"ace": "high"}),
    ("ace", "high_or_low", "A-2-3-4 and J-Q-K-A are runs, Q-K-A-2 is not", {"melds.run.min": 4}),
    ("melds.run.max", 4, "the ace links K and 2 (K-A-2 is one run).", {"ace": "wrap"}),
    ("melds.run.max", 2, "Aces are high or low: A-2 and K-A are runs.",
     {"ace": "high_or_low", "melds.run.min": 2}),
    ("discard.required", "always", "their last card by discarding;", {}),
    ("play.melding", "going_out", "their last card by melding or discarding;", {}),
    ("draw.discard_then_stock", True,
     "with fewer than 2 cards in the pile then, the hand ends void", {}),
    ("stock.recycles", 1, "after that ends the hand (scored as a stock ending)",
     {"scoring.stock": {"each": 0}}),
    ("stock.exhausted", "void", "the hand is void (nothing is scored beyond the meld credit)",
     {"scoring.meld_credit": True}),
    ("knock.limit", -1, "Nobody can ever knock: the knock limit (-1) is never 0 or more.", KNOCK),
    ("knock.limit", 0, "nobody lays off after gin", KNOCK),
    ("knock.limit", -1, "No hand can ever end under these rules",
     {**KNOCK, "play.melding": "never", "stock.recycles": None}),
    ("knock.limit", "2 - players", "nobody lays off after gin", KNOCK),
    ("knock", {"limit": 10}, "count only the cards in hand, and the knocker shows melds made "
     "from their hand; lay-offs at the knock go only on those melds, not on the table's", {}),
    ("play.drop", "before_draw", "may drop out of the hand at the start of their turn, "
     "instead of drawing", {}),
    ("play.drop", "after_draw", "after drawing, instead of discarding", {}),
    ("play.drop_penalty", "me.turn == 0 ? 20 : 40", "they count 20 if their turn number is 0, "
     "otherwise 40", {"play.drop": "anytime"}),
    ("scoring.drop", {"winner": "losers.penalty"}, "When every other player has dropped out",
     {"play.drop": "before_draw"}),
    ("knock.timing", "before_draw", "instead of drawing, a player may knock when their hand's "
     "deadwood is at most 10", KNOCK),
    ("knock.timing", "either", "may also knock at the start of their turn", KNOCK),
    ("going_out.dealt", 49, "dealt a hand worth 49 or more", {}),
    ("draw.turned", True, "The stock card is turned face up, never taken into the hand", {}),
    ("draw.force", True, "may force it on the next player", {"draw.turned": True}),
    ("draw.discard.use_when", "not me.laid_down_before", "this applies only when the player "
     "did not lay down in an earlier turn", {"draw.discard": {"use": "meld"}}),
    ("draw.depth.use_when", "me.turn > 1", "this applies only when their turn number is more",
     {"draw.depth": {"use": "meld"}}),
]  # fmt: skip

# (path, new value, fragment the new text must no longer contain, fields set first):
# sentences that would state something the changed file no longer allows
DROPS: list[tuple[str, Any, str, dict[str, Any]]] = [
    ("melds.run", False, "Aces are low", {}),
    ("deck.ranks", FORTY, "52-card deck", {}),
    ("melds.run", False, "7 and J are next to each other", {"deck.ranks": FORTY}),
    ("players.max", 4, "5–6 players", {"deck.decks": {"2-4": 1, "5-6": 2}}),
    ("players.max", 4, "Jokers in the pack", {"deck.jokers": {"2-4": 0, "5-6": 2}}),
    ("players.max", 4, "joker: 20", {"deck.jokers": {"2-4": 0, "5-6": 2}, "values.joker": 20}),
    ("players.min", 3, "2 players: 10 cards", {}),
    ("deck.jokers", 0, "joker: 20", {"deck.jokers": 2, "values.joker": 20}),
    ("deck.decks", 1, "equal cards allowed with several decks",
     {"deck.decks": 2, "melds.set.suits": "any"}),
    ("play.melding", "never", "also when going out", {"discard.required": "always"}),
    ("play.melding", "never", "is rummy", {"scoring.out": {"winner": "rummy ? 2 : 1"}}),
    ("play.melding", "never", "A wild card on the table stays there", WILD),
    ("play.melding", "never", "The player may lay off", {}),
    ("play.melding", "going_out", "The player may lay off", {}),
    ("play.melding", "never", "first laying down must be worth", {"play.first_laydown_min": 30}),
    ("draw.discard", False, "may not be discarded in the same turn", {}),
    ("stock.exhausted", "recycle", "When the hand ends with nobody out",
     {"stock.exhausted": "end", "scoring.stock": {"each": "-me.penalty"}}),
    ("stock.exhausted", "end", "When the hand is void",
     {"stock.exhausted": "void", "scoring.void": {"each": 0}}),
    ("draw.discard_then_stock", False, "the hand ends void", {"draw.discard_then_stock": True}),
    ("match.target", None, "another hand is played", {"match.tie": "play_on"}),
    ("knock.limit", 0, "When the knocker wins", {**KNOCK, "scoring.knock": {"winner": 1}}),
    ("knock.limit", -1, "On gin", {**KNOCK, "scoring.gin": {"winner": 1}}),
    ("knock.limit", "upcard.rank - 14", "On gin", {**KNOCK, "scoring.gin": {"winner": 1}}),
    ("play.melding", "going_out", "Melds already on the table stay there at a knock", KNOCK),
    ("knock.layoff", False, "lay-offs at the knock go only on those melds", KNOCK),
    ("knock.limit", 0, "lay-offs at the knock go only on those melds", KNOCK),
]  # fmt: skip

# keys that docs/document.md names only in comments of its YAML block
COMMENTED_KEYS = {
    "values.7", "values.T", "draw.depth", "knock.limit", "knock.layoff", "knock.show",
    "knock.timing", "draw.discard.use_when", "draw.depth.use_when",
}  # fmt: skip


def put(doc: dict[str, Any], path: str, value: Any) -> None:
    keys = path.split(".")
    node = doc
    for key in keys[:-1]:
        if not isinstance(node.get(key), dict):
            node[key] = {}
        node = node[key]
    node[keys[-1]] = value


def _explained_before_and_after(path: str, value: Any, given: dict[str, Any]) -> tuple[str, str]:
    """The base document with `given` set, explained before and after `path` = `value`."""
    doc = copy.deepcopy(BASE)
    for key, val in given.items():
        put(doc, key, copy.deepcopy(val))
    before = explain_document(copy.deepcopy(doc))
    put(doc, path, value)
    return before, explain_document(doc)


@pytest.mark.parametrize(
    ("path", "value", "fragment", "given"),
    FLIPS,
    ids=[f"{row[0]}={row[1]!r}"[:60] for row in FLIPS],
)
def test_flipping_a_field_changes_the_sentence(
    path: str, value: Any, fragment: str, given: dict[str, Any]
) -> None:
    before, after = _explained_before_and_after(path, value, given)
    assert after != before, f"{path} = {value!r} did not change the text"
    assert fragment in after, after
    assert fragment not in before


@pytest.mark.parametrize(
    ("path", "value", "fragment", "given"),
    DROPS,
    ids=[f"{row[0]}={row[1]!r}"[:60] for row in DROPS],
)
def test_a_sentence_the_file_no_longer_allows_is_dropped(
    path: str, value: Any, fragment: str, given: dict[str, Any]
) -> None:
    before, after = _explained_before_and_after(path, value, given)
    assert fragment in before, before
    assert fragment not in after, after


def _leaves(node: dict[str, Any], prefix: str = "") -> list[str]:
    out = []
    for key, value in node.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        out += _leaves(value, path) if isinstance(value, dict) and value else [path]
    return out


def test_every_documented_key_has_a_flip() -> None:
    text = (ROOT / "docs" / "document.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", text, re.S)
    assert block is not None
    documented = set(_leaves(yaml.safe_load(block.group(1)))) | COMMENTED_KEYS
    flipped = {row[0] for row in FLIPS}
    assert documented - flipped == set()


def test_sections_in_order() -> None:
    text = explain_document(copy.deepcopy(BASE))
    heads = [line for line in text.splitlines() if line.startswith("## ")]
    assert heads == [
        "## Setup",
        "## The turn",
        "## Melds",
        "## Going out",
        "## Scoring",
        "## Match",
    ]


EXPRESSIONS = [
    ("upcard.value", "the upcard's value"),
    ("knocker.deadwood - losers.deadwood + 25",
     "the knocker's deadwood minus the losers' total deadwood plus 25"),
    ("a - (b - c)", "a minus (b minus c)"),
    ("(a + b) * 2", "(a plus b) times 2"),
    ("max(me.penalty, 10, 20)", "the largest of their penalty, 10 and 20"),
    ("abs(me.melded - me.penalty)", "the absolute value of their melded value minus their penalty"),
    ("-me.deadwood", "minus their deadwood"),
    ("-20", "-20"),
    ("others.count * 2", "the number of other players times 2"),
    ("reason == gin ? 2 : 1", "2 if the hand's end is gin, otherwise 1"),
    ("place == set or place == hand ? 15 : 1",
     "15 if it is in a set or it is in hand, otherwise 1"),
    (7, "7"),
    ("1 +", "`1 +`"),
    ("a ? b", "`a ? b`"),
    ("$$", "`$$`"),
    # read by the one expression parser: what the checker refuses is shown as written
    ("a == b == c", "`a == b == c`"),
    ("foo(1)", "`foo(1)`"),
    ("min()", "`min()`"),
    ("- -3", "minus -3"),
    ("sum(losers, min(penalty, 100))",
     "the sum over the losers of the smaller of their penalty and 100"),
    ("max(others, cards - naturals)",
     "the greatest, among the other players, of their cards left "
     "minus their natural cards in hand"),
    ("min(losers, won ? 0 : deadwood)",
     "the least, among the losers, of 0 if that player won the hand, "
     "otherwise their deadwood"),
    ("me is knocker ? 0 : -me.naturals",
     "0 if the player is the knocker, otherwise minus their natural cards in hand"),
    ("out.by == meld ? 10 : 0", "10 if the winner went out by melding, otherwise 0"),
    ("winner.turn == 1 ? 50 : 0", "50 if the winner's number of turns is 1, otherwise 0"),
    ("max(2, 12 - 2 * deal)", "the larger of 2 and 12 minus 2 times the deal number"),
    ("turns", "the number of turns played in the hand"),
    ("me.melded_jokers * wild.value",
     "their wild cards melded this hand times a wild card's own value"),
]  # fmt: skip

CONDITIONS = [
    ("upcard.rank != A", "the upcard is not an ace"),
    ("not me.laid_down_before", "the player did not lay down in an earlier turn"),
    ("not (stock > 2 and players == 2)",
     "the number of cards in the stock is at most 2 or the number of players is not 2"),
    ("me.turn >= 2 or me.laid_down",
     "their turn number is at least 2 or the player has laid down this hand"),
    ("not me is winner", "the player is not the winner"),
    ("out.by != discard", "the winner did not go out by discarding"),
    ("me is knocker and deal > 1", "the player is the knocker and the deal number is more than 1"),
    (True, "always"),
    (False, "never"),
]  # fmt: skip


@pytest.mark.parametrize(("expr", "words"), EXPRESSIONS)
def test_expressions_read_aloud(expr: Any, words: str) -> None:
    assert say(expr) == words


@pytest.mark.parametrize(("expr", "words"), CONDITIONS)
def test_conditions_read_aloud(expr: Any, words: str) -> None:
    assert say_condition(expr) == words


def test_deep_expression_does_not_crash() -> None:
    deep = "(" * 3000 + "1" + ")" * 3000
    assert say(deep).startswith("`")


def _bundled() -> list[str]:
    try:
        from rulespec.compiler.load import bundled_names
    except ImportError:
        return []
    return bundled_names()


@pytest.mark.parametrize("name", _bundled())
def test_every_bundled_variant_explains(name: str) -> None:
    from rulespec.compiler.load import load_document

    doc = load_document(name)
    text = explain_document(doc)
    assert text.startswith(f"# {doc['title']} ({name})")
    assert "`" not in text.split("\n", 1)[1], "an expression could not be read aloud"
    for section in ("Setup", "The turn", "Melds", "Going out", "Scoring", "Match"):
        assert f"\n## {section}\n" in text


SOURCES = "boat bridge continental gin michigan michigan-ace-low michigan-ace-positional"
SOURCES += " michigan-polish michigan-two-decks oklahoma remik rummy rummy500"


def test_bundled_variants_are_present() -> None:
    assert len(_bundled()) > 13  # the sources' 13 and the family at large
    assert "contract-rummy" in {Path(t).stem for t in _bundled()}


EXAMPLES = sorted((ROOT / "examples" / "house-rules").glob("*.rules"))


@pytest.mark.parametrize(
    "target", _bundled() + [str(p) for p in EXAMPLES], ids=lambda t: Path(t).stem
)
def test_explain_states_only_what_the_file_allows(target: str) -> None:
    """Every bundled variant and house rule: no hand end, joker or player count it rules out."""
    from rulespec.compiler.load import load_document
    from rulespec.compiler.reach import possible
    from rulespec.compiler.schema import with_defaults
    from rulespec.explain.score import REASON_HEADS

    doc = load_document(target)
    full = with_defaults(doc)
    ends = possible(full)
    # the head (title, description, source) names the game and cites a title or an
    # address (pagat.com/rummy/...), not a rule: only the sections are judged
    text = "## Setup" + explain_document(doc).split("\n## Setup", 1)[1]
    for reason, head in REASON_HEADS.items():
        if reason not in ends:
            assert head not in text, reason
    if "void" not in ends:
        assert "void" not in text
    if "out" not in ends:  # (the source line may name a page of pagat.com/rummy/)
        body = "\n".join(line for line in text.splitlines() if not line.startswith("Source: "))
        assert "when going out" not in body and "rummy" not in body
    jokers = full["deck"]["jokers"]
    if not (any(jokers.values()) if isinstance(jokers, dict) else jokers):
        assert "joker:" not in text and "Jokers in the pack" not in text
    low, high = full["players"]["min"], full["players"]["max"]
    for first, last in re.findall(r"(\d+)(?:–(\d+))? players?:", text):
        assert low <= int(first) <= int(last or first) <= high, (first, last)
    run = full["melds"]["run"]
    aces = [line for line in text.splitlines() if line.startswith(("- Aces are", "- Runs may"))]
    assert len(aces) == (1 if run else 0)
    examples = re.findall(r"\b(?:[AJQK2-9]|10)(?:-(?:[AJQK2-9]|10))+\b", "".join(aces))
    assert examples or not run
    for example in examples:
        assert run["min"] <= 1 + example.count("-") <= (run["max"] or 14), example
