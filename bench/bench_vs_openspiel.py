"""Strength against a peer: rulespec's smart bot plays OpenSpiel's gin_rummy against its C++
`SimpleGinRummyBot`, on the same deals with the seats swapped.

Run in the benchmark's own environment (made by bench/setup.sh):

    bench/.env/bin/python bench/bench_vs_openspiel.py [--pairs 2000] [--seed 1]

Each deal (a seeded shuffle) is played twice in OpenSpiel, our bot in seat 0 and
then in seat 1; the shuffle is fed to OpenSpiel's chance nodes (10 cards to
player 0, 10 to player 1, the upcard, then the stock in order), so both games of
a pair start from the same cards. Our bot decides from OpenSpiel's state
translated into a rulespec observation (hand, upcard, pile top and size, stock
size, the public history with pile takes shown) and legal moves (`draw discard`,
`draw stock`, `pass`, `discard X`, `knock X`), for the rules of bundled `gin`
(OpenSpiel's defaults: knock at 10, ace low, gin 25, undercut 25). After a
knock our seat plays the mechanics as rulespec's engine does: the knocker lays
the melds of its best arrangement, the defender lays off what leaves it the
least deadwood (`arrange.best_layoff`) and lays its melds (`--simple-layoffs`
leaves the defender's part to OpenSpiel's simple bot, which never lays off: the
figure measured before); the wall (two cards left in the stock) is left to
OpenSpiel's bot for that seat. Prints hands won, lost and drawn by our bot, the share won
with a 95% interval, and the mean points per hand. ``--per-hand FILE`` keeps each hand's
return; ``bench/paired_hands.py A B`` compares two such runs of the same deals hand by hand
(``--flat-pot``: the smart bot as before session 6, one partial-meld weight all hand long).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from typing import Any

import pyspiel

from rulespec.bots import knocktime, make_bot
from rulespec.compiler.load import load_variant
from rulespec.core.cards import card_text
from rulespec.core.moves import as_move
from rulespec.interpreter.arrange import best_layoff
from rulespec.interpreter.solver import best_arrangement, deadwood

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
UTILS = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
OS_SUIT = (1, 2, 3, 0)  # our suits C D H S -> OpenSpiel's s c d h order
TO_OS = [c % 13 + 13 * OS_SUIT[c // 13] for c in range(52)]
FROM_OS = {o: c for c, o in enumerate(TO_OS)}


class Table:
    """One OpenSpiel game with the public record our bot reads."""

    def __init__(self, game: Any, deck: list[int]) -> None:
        self.state = game.new_initial_state()
        self.stock = [TO_OS[c] for c in deck[21:]]
        for c in deck[:21]:
            self.state.apply_action(TO_OS[c])
        self.first_upcard = card_text(deck[20])
        self.history: list[dict[str, Any]] = []
        self.taken: list[str] = []

    def deal_chance(self) -> None:
        while self.state.is_chance_node() and not self.state.is_terminal():
            legal = set(self.state.legal_actions())
            card = next(c for c in self.stock if c in legal)
            self.stock.remove(card)
            self.state.apply_action(card)

    def apply(self, action: int) -> None:
        """Apply a player's action and record it as a rulespec history event."""
        seat = self.state.current_player()
        phase = self.state.current_phase()
        if action == DRAW_UPCARD:
            card = card_text(FROM_OS[self.state.upcard()])
            self.history.append({"seat": seat, "move": "draw discard", "cards": [card]})
            self.taken = [card]
        elif action == DRAW_STOCK:
            self.history.append({"seat": seat, "move": "draw stock"})
            self.taken = []
        elif action == PASS and phase == pyspiel.gin_rummy.Phase.FIRST_UPCARD:
            self.history.append({"seat": seat, "move": "pass"})
        elif action < 52 and phase == pyspiel.gin_rummy.Phase.DISCARD:
            self.history.append({"seat": seat, "move": f"discard {card_text(FROM_OS[action])}"})
            self.taken = []
        self.state.apply_action(action)
        self.deal_chance()

    def observation(self, seat: int) -> dict[str, Any]:
        hands = self.state.hands()
        upcard = self.state.upcard()
        pile = [card_text(FROM_OS[upcard])] if upcard is not None and upcard >= 0 else []
        phase = self.state.current_phase()
        phases = pyspiel.gin_rummy.Phase
        named = {phases.FIRST_UPCARD: "upcard", phases.DRAW: "draw"}.get(phase, "play")
        return {
            "seat": seat,
            "players": 2,
            "dealer": 1,  # OpenSpiel's player 0 is offered the upcard first: the non-dealer
            "to_move": seat,
            "phase": named,  # as rulespec's engine names them (the upcard offer apart)
            "hand": [card_text(FROM_OS[c]) for c in hands[seat]],
            "hand_sizes": [len(h) for h in hands],
            "discard": pile,
            "discard_size": len(pile) + len(self.state.discard_pile()),
            "pile": "squared",
            "melds": [],
            "stock_size": self.state.stock_size(),
            "totals": [0, 0],
            "upcard": self.first_upcard,
            "taken": list(self.taken),
            "obligation": None,
            "history": list(self.history),
        }


def our_moves(table: Table, seat: int, gin: Any) -> dict[str, list[int]]:
    """Our legal move texts -> the OpenSpiel actions that play each."""
    state = table.state
    legal = state.legal_actions()
    hand = [FROM_OS[c] for c in state.hands()[seat]]
    out: dict[str, list[int]] = {}
    for a in legal:
        if a == DRAW_UPCARD:
            out["draw discard"] = [a]
        elif a == DRAW_STOCK:
            out["draw stock"] = [a]
        elif a == PASS:
            out["pass"] = [a]
        elif a < 52:
            out[f"discard {card_text(FROM_OS[a])}"] = [a]
    if KNOCK in legal:
        for c in hand:
            rest = list(hand)
            rest.remove(c)
            if deadwood(gin, rest) <= 10:
                out[f"knock {card_text(c)}"] = [KNOCK, TO_OS[c]]
    return out


def lay_meld(state: Any, gin: Any) -> int:
    """The knocker's next action after the knock: the discard if it is still due (a knock
    at the wall), else a meld of the best arrangement of the cards left (rulespec's
    solver), PASS when none is left to lay."""
    seat = state.current_player()
    hand = [FROM_OS[c] for c in state.hands()[seat]]
    discards = [a for a in state.legal_actions() if a < 52]
    if discards:  # a knock from the wall: the discard first, the least deadwood left
        return min(discards, key=lambda a: (deadwood(gin, [c for c in hand if TO_OS[c] != a]), a))
    _, melds, _ = best_arrangement(gin, hand)
    wanted = {frozenset(TO_OS[c] for c, _ in meld) for meld in melds}
    for a in state.legal_actions():
        if a > KNOCK:
            text = state.action_to_string(a).rsplit(" ", 1)[-1]
            cards = frozenset(state_card(text[i : i + 2]) for i in range(0, len(text), 2))
            if cards in wanted:
                return int(a)
    return PASS


def lay_off(state: Any, gin: Any, plan: list[int]) -> int:
    """The defender's next action after the other seat knocked, played as rulespec's engine
    plays it (`arrange.best_layoff`: the lay-offs leaving the least deadwood, chains
    included), then the melds of the best arrangement of the rest, then PASS. ``plan``
    holds the lay-offs still to make (OpenSpiel card ids), worked out at the first call."""
    seat = state.current_player()
    hand = [FROM_OS[c] for c in state.hands()[seat]]
    legal = state.legal_actions()
    if not state.finished_layoffs():
        if not plan and not state.layoffs():
            knocker = 1 - seat
            melds = [
                [(FROM_OS[c], FROM_OS[c]) for c in UTILS.int_to_meld[m]]
                for m in state.layed_melds()[knocker]
            ]
            _, steps = best_layoff(gin, hand, melds)
            plan.extend(TO_OS[placed[0]] for placed, _ in reversed(steps))
        while plan:
            card = plan.pop()
            if card in legal:
                return card
        return PASS
    _, melds, _ = best_arrangement(gin, hand)
    wanted = {frozenset(TO_OS[c] for c, _ in meld) for meld in melds}
    for a in legal:
        if a > KNOCK and frozenset(UTILS.int_to_meld[a - MELD_BASE]) in wanted:
            return int(a)
    return PASS


def state_card(text: str) -> int:
    """An OpenSpiel card text (rank then suit letter, suits s c d h) as its action id."""
    return "A23456789TJQK".index(text[0]) + 13 * "scdh".index(text[1])


def play(
    game: Any, deck: list[int], ours_seat: int, gin: Any, seed: int, layoffs: bool = True
) -> float:
    """Play one game; our bot's return (points won, negative when lost). With ``layoffs``
    our seat lays off as rulespec's engine does when the other seat knocks (OpenSpiel's
    simple bot never lays off)."""
    table = Table(game, deck)
    plan: list[int] = []
    ours = make_bot("smart", seed)
    simple = [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) for p in range(2)]
    state = table.state
    phases = pyspiel.gin_rummy.Phase
    while not state.is_terminal():
        seat = state.current_player()
        phase = state.current_phase()
        if seat == ours_seat and phase == phases.KNOCK:
            table.apply(lay_meld(state, gin))
            continue
        if seat == ours_seat and phase == phases.LAYOFF and layoffs:
            table.apply(lay_off(state, gin, plan))
            continue
        mechanics = phase not in (phases.FIRST_UPCARD, phases.DRAW, phases.DISCARD)
        if seat != ours_seat or mechanics:
            table.apply(simple[seat].step(state))
            continue
        moves = our_moves(table, seat, gin)
        legal = [as_move(text) for text in moves]
        chosen = ours.choose(table.observation(seat), legal, gin)
        actions = moves[str(chosen)]
        if actions[0] == KNOCK:
            table.history.append({"seat": seat, "move": str(chosen)})
        for a in actions:
            table.apply(a)
    return float(state.returns()[ours_seat])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=2000, help="deals, each played both ways")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--simple-layoffs",
        action="store_true",
        help="leave our seat's lay-offs to OpenSpiel's simple bot (it never lays off)",
    )
    ap.add_argument(
        "--flat-pot",
        action="store_true",
        help="the smart bot's partial melds weighed alike all hand long (as before session 6)",
    )
    ap.add_argument("--per-hand", metavar="FILE", help="write each hand's return (JSON list)")
    args = ap.parse_args()
    if args.flat_pot:
        knocktime.POT_EARLY = knocktime.POT_LATE = 1.0
    game = pyspiel.load_game("gin_rummy")
    gin = load_variant("gin")
    rng = random.Random(args.seed)
    won = lost = drawn = 0
    points = 0.0
    returns: list[float] = []
    start = time.perf_counter()
    for i in range(args.pairs):
        deck = list(range(52))
        rng.shuffle(deck)
        for seat in (0, 1):
            got = play(game, deck, seat, gin, i * 2 + seat, not args.simple_layoffs)
            points += got
            returns.append(got)
            won, lost, drawn = won + (got > 0), lost + (got < 0), drawn + (got == 0)
    hands = won + lost + drawn
    if args.per_hand:
        with open(args.per_hand, "w", encoding="utf-8") as out:
            json.dump(returns, out)
    share = won / hands
    half = 1.96 * math.sqrt(share * (1 - share) / hands)
    print(f"{args.pairs} deal pairs, {hands} hands in {time.perf_counter() - start:.0f} s")
    print(f"smart won {won}, lost {lost}, drawn (wall) {drawn}")
    print(f"hands won: {100 * share:.1f}% +- {100 * half:.1f} (target >= 55%)")
    decided = won + lost
    if decided:
        print(f"of decided hands: {100 * won / decided:.1f}%")
    print(f"mean points per hand for smart: {points / hands:+.2f}")


if __name__ == "__main__":
    main()
