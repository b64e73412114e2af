"""The deal phase: a seeded shuffle, cards dealt in packets, the upcard, who starts (phases).

Chance comes only from the match seed: hand k is shuffled by
`random.Random(f"{seed}:{k}")`, so a saved position with its seed and hand
number continues exactly. The dealer is chosen by the game (game.py: the
first by `first_dealer`, then each next hand's). A hand dealt worth
`going_out.dealt` or more wins at once (Tonk's "tonk"): the hand is settled
here, before anyone plays, so it starts over.
"""

from __future__ import annotations

import random

from rulespec.interpreter import turnctx as T
from rulespec.interpreter.cards import build_deck, hand_value, shuffle
from rulespec.interpreter.handwild import dealt_wild, per_hand
from rulespec.interpreter.phases.settle import settle
from rulespec.interpreter.state import HandState, MatchState, deck_players
from rulespec.model.variant import Variant


def deal(
    variant: Variant, players: int, dealer: int, ms: MatchState, active: list[bool]
) -> HandState:
    """The hand dealt by `dealer` to the active seats (hand `ms.hand_no` of seed `ms.seed`)."""
    rng = random.Random(f"{ms.seed}:{ms.hand_no}")
    n_active = deck_players(variant, active)
    deck = build_deck(variant, n_active)
    shuffle(rng, deck)
    hs = HandState(
        players=players,
        dealer=dealer,
        to_move=dealer,
        phase="draw",
        hands=[[] for _ in range(players)],
        stock=[],
        discard=[],
        active=list(active),
        deal=ms.hand_no,
    )
    hs.fill_defaults()
    seats = []
    s = dealer
    for _ in range(sum(active)):
        s = T.next_seat(variant, hs, s)
        seats.append(s)
    each = variant.deal.cards(n_active)
    packet = max(variant.deal.packet, 1)
    pos = dealt = 0  # every seat has been dealt as many cards: a round deals each the same
    while dealt < each:
        k = min(packet, each - dealt)
        for s in seats:
            hs.hands[s].extend(deck[pos : pos + k])
            pos += k
        dealt += k
    extra = deck[pos : pos + variant.deal.dealer_extra]
    pos += len(extra)
    if variant.deal.dealer_extra_to == "hand":
        hs.hands[dealer].extend(extra)
    else:
        hs.discard.extend(extra)
    if variant.deal.upcard and pos < len(deck):
        hs.discard.append(deck[pos])
        pos += 1
    hs.upcard = hs.discard[0] if hs.discard else None
    hs.stock = deck[pos:]
    if per_hand(variant):
        hs.wild_rank, hs.cut_card = dealt_wild(variant, hs.stock, ms.hand_no, n_active)
    first = seats[0]
    if variant.deal.dealer_extra and variant.deal.dealer_extra_to == "hand":
        # the dealer holds a card more and starts by discarding
        first = dealer
        hs.phase = "play"
        hs.turns[dealer] = 1
    if variant.draw.upcard_offer and hs.discard and hs.phase == "draw":
        hs.phase = "upcard"
    hs.to_move = first
    if variant.going_out.dealt is not None:
        _dealt_win(variant, hs, ms, variant.going_out.dealt)
    return hs


def _dealt_win(variant: Variant, hs: HandState, ms: MatchState, least: int) -> None:
    """`going_out.dealt`: one seat dealt a hand worth `least` or more wins the hand (out,
    by `dealt`); two or more such seats make it void."""
    won = [
        s
        for s in range(hs.players)
        if hs.active[s] and sum(hand_value(variant, c, "hand") for c in hs.hands[s]) >= least
    ]
    if len(won) == 1:
        hs.history.append({"event": "dealt", "seat": won[0]})
        settle(variant, hs, ms, "out", won[0], {"by": "dealt"})
    elif won:
        why = f"seats {', '.join(map(str, won))} were dealt {least} or more (going_out.dealt)"
        settle(variant, hs, ms, "void", None, {"why": why})
