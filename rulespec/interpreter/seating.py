"""Who plays the next hand and who deals it: sitting out, seats out (stage: run, between hands).

Without `match.playing` every seat still in the match plays, and the dealer
is chosen by `dealer.next` (nextdealer.py). With `match.playing: P` only P
seats are dealt in; the others sit out (dealt nothing, no turn, scored
nothing). For the first hand the seats that sit out are the last ones the
deal reaches from the dealer (with 3 seats and 2 playing, the seat to the
dealer's right waits). After a hand, by `match.sit_out`:

- `loser`: the seats with the lowest scores of the hand sit out (ties go to
  the first in deal order from the dealer) and the seats that waited come
  in; after a hand nobody won (a stock ending, a void hand) the same seats
  play again;
- `rotate`: each waiting seat's place passes on round the table by the
  number of seats that wait.

A seat coming in deals (Pagat's three-player gin: "the idle player deals to
the winner"); when nobody comes in, `dealer.next` chooses among the players.
"""

from __future__ import annotations

from rulespec.interpreter.nextdealer import next_dealer
from rulespec.interpreter.state import HandState, MatchState
from rulespec.model.variant import Variant


def _order(variant: Variant, players: int, start: int, seats: list[int]) -> list[int]:
    """`seats` in the order the deal reaches them from `start` (`start` itself last)."""
    step = 1 if variant.rotation == "left" else -1
    ring = [(start + step * k) % players for k in range(1, players + 1)]
    return [s for s in ring if s in seats]


def waiting_count(variant: Variant, in_match: int) -> int:
    """How many of the seats still in the match sit out each hand."""
    playing = variant.match.playing
    return 0 if playing is None else max(in_match - playing, 0)


def first_active(variant: Variant, players: int, dealer: int) -> list[bool]:
    """Who plays the first hand: all seats, or all but the last ones the deal reaches."""
    seats = list(range(players))
    k = waiting_count(variant, players)
    order = [s for s in _order(variant, players, dealer, seats) if s != dealer]
    waiting = set(order[len(order) - k :]) if k else set()
    return [s not in waiting for s in seats]


def next_seating(variant: Variant, hs: HandState, ms: MatchState) -> tuple[list[bool], int]:
    """The seats dealt in for the hand after `hs` (over), and its dealer."""
    n = hs.players
    in_match = [s for s in range(n) if not ms.out[s]]
    k = waiting_count(variant, len(in_match))
    if k == 0:
        active = [not ms.out[s] for s in range(n)]
        return active, next_dealer(variant, hs)
    playing = [s for s in in_match if hs.active[s]]
    waiting = [s for s in in_match if not hs.active[s]]
    result = hs.result or {}
    if variant.match.sit_out == "rotate":
        ring = _order(variant, n, hs.dealer, in_match)
        ring = ring[-1:] + ring[:-1]  # from the dealer round
        sitters = [ring[(ring.index(s) + k) % len(ring)] for s in waiting]
        sitters += [s for s in ring if s not in sitters][: max(k - len(sitters), 0)]
    elif result.get("winner") is None:
        sitters = waiting[:k] + [s for s in playing if s not in waiting][: max(k - len(waiting), 0)]
    else:
        scores = result.get("scores") or [0] * n
        order = _order(variant, n, hs.dealer, playing)
        ranked = sorted(order, key=lambda s: (scores[s], order.index(s)))
        sitters = ranked[:k]
        if len(sitters) < k:  # fewer players than waiting seats: the longest waiting stay out
            sitters += waiting[: k - len(sitters)]
    active = [s in in_match and s not in sitters for s in range(n)]
    coming = [s for s in _order(variant, n, hs.dealer, in_match) if s in waiting and active[s]]
    if coming:
        return active, coming[0]
    dealer = next_dealer(variant, hs)
    if not active[dealer]:
        dealer = _order(variant, n, hs.dealer, [s for s in range(n) if active[s]])[0]
    return active, dealer
