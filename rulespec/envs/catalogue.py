"""The action catalogue of a rule file: fixed integer actions for the RL interfaces (envs layer).

Every research interface (PettingZoo, Gymnasium, OpenSpiel) needs a fixed,
finite action set, but a rule file's moves are open-ended: a meld is any group
of cards, wild cards name what they stand for, two decks repeat every card. So
the catalogue is derived from the rule file (its draws, its deck at every
player count it allows, its wild cards, whether it knocks, melds, lays off,
swaps, passes) and a meld or lay-off is spelled with atomic actions instead of
one action per possible meld:

- ``draw stock``, ``draw discard``, ``draw discard+stock``, ``draw discard+discard``,
  ``take pile``, ``take N`` for each depth the pile can reach, ``pass``, ``buy``;
- ``discard C`` and ``knock C`` for each card code of the deck (jokers included;
  two decks share codes, so a duplicate is the same action; a card whose rank
  ``deck.ranks`` leaves out has no action);
- ``add C`` (``add JK:7H`` for a wild naming its card): put a card in the meld
  being built; ``commit`` lays it as a new meld; ``layoff M`` / ``swap M`` lay
  the one card built onto table meld M; ``cancel`` empties what is built.

Cards are added in catalogue order (a sorted sequence), so every legal move is
exactly one action sequence (``encode``), the sequences are prefix-free, and the
actions allowed after a partial sequence are the next steps of the legal moves
that start with it (``allowed``). Pure Python: no numpy here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rulespec.core import moves as MV
from rulespec.core.cards import JOKER, card_text, placed_text
from rulespec.core.errors import RulespecError
from rulespec.core.moves import Move
from rulespec.interpreter.cards import pack_codes
from rulespec.interpreter.handwild import per_hand
from rulespec.model.variant import RANK_KEYS, Variant

ADD = "add"
COMMIT = "commit"
CANCEL = "cancel"
_DIRECT_DRAWS = (MV.DRAW_STOCK, MV.DRAW_DISCARD, MV.DRAW_DISCARD_STOCK, MV.DRAW_DISCARD_DISCARD)

Action = tuple[str, int, int]
"""One catalogue entry: (kind, a, b); ``take`` a=N, card actions a=card, ``add`` (a, b)
the placed card, ``layoff``/``swap`` a=meld number; unused numbers are 0."""


KNOCK_FIRST = -1
"""The `a` of the action `knock` alone (a knock before drawing: no card)."""


def _label(action: Action) -> str:
    kind, a, b = action
    if kind == MV.TAKE:
        return f"take {a}"
    if kind in (MV.DISCARD, MV.KNOCK, MV.FORCE) and a >= 0:
        return f"{kind} {card_text(a)}"
    if kind == ADD:
        return f"add {placed_text((a, b))}"
    if kind in (MV.LAYOFF, MV.SWAP):
        return f"{kind} {a}"
    return kind


def _deck_codes(variant: Variant) -> tuple[list[int], int]:
    """Card codes the pack can hold at any player count it allows, and the largest pack.

    A deck holds the ranks of ``deck.ranks`` only (``pack_codes``: 40 cards for a pack
    without 8, 9 and 10), so an absent card has no action and the pack is counted from it."""
    codes: set[int] = set()
    deck = pack_codes(variant)
    biggest = 0
    for players in range(variant.min_players, variant.max_players + 1):
        decks, jokers = variant.decks(players), variant.jokers(players)
        if decks:
            codes.update(deck)
        if jokers:
            codes.add(JOKER)
        biggest = max(biggest, len(deck) * decks + jokers)
    return sorted(codes), biggest


def _wild_codes(variant: Variant, codes: Sequence[int]) -> list[int]:
    wild = variant.melds.wild.cards
    if per_hand(variant):  # a rank wild per hand: any card may be wild in some hand
        wild = (*wild, *RANK_KEYS)
    return [
        c
        for c in codes
        if (c == JOKER and "joker" in wild) or (c < 52 and RANK_KEYS[c % 13] in wild)
    ]


def _min_meld(variant: Variant) -> int:
    sizes = [r.min for r in (variant.melds.set, variant.melds.run) if r is not None]
    return max(1, min(sizes, default=3))


@dataclass(frozen=True)
class Catalogue:
    """The fixed actions of one variant: ``actions[i]`` is action ``i``; ``labels[i]`` its text."""

    variant: str
    actions: tuple[Action, ...]
    labels: tuple[str, ...]
    index: dict[Action, int] = field(compare=False, repr=False)
    cancel: int | None = None

    def __len__(self) -> int:
        return len(self.actions)

    def _at(self, action: Action, move: Move) -> int:
        found = self.index.get(action)
        if found is None:
            raise RulespecError(
                f"{self.variant}: move {str(move)!r} has no action in the catalogue "
                f"(no {_label(action)!r}); the catalogue misses a rule of this file"
            )
        return found

    def encode(self, move: Move) -> tuple[int, ...]:
        """The one action sequence that plays ``move``."""
        kind = move.kind
        if kind == MV.MELD:
            adds = sorted(self._at((ADD, c, x), move) for c, x in move.cards)
            return (*adds, self._at((COMMIT, 0, 0), move))
        if kind in (MV.LAYOFF, MV.SWAP):
            c, x = move.cards[0]
            return (self._at((ADD, c, x), move), self._at((kind, move.number, 0), move))
        if kind in (MV.DISCARD, MV.KNOCK, MV.FORCE):
            card = move.card if move.cards else KNOCK_FIRST  # `knock`/`force` alone: no card
            return (self._at((kind, card, 0), move),)
        if kind == MV.TAKE:
            return (self._at((MV.TAKE, move.number, 0), move),)
        return (self._at((kind, 0, 0), move),)

    def table(self, legal: Sequence[Move]) -> dict[tuple[int, ...], Move]:
        """Each legal move by its action sequence (what ``allowed`` and ``advance`` read)."""
        return {self.encode(m): m for m in legal}

    def allowed(self, table: dict[tuple[int, ...], Move], built: tuple[int, ...]) -> list[int]:
        """Actions allowed after the partial sequence ``built`` (sorted, never empty while a
        legal move exists): next steps of the moves that start with it, and ``cancel``."""
        n = len(built)
        out = {seq[n] for seq in table if len(seq) > n and seq[:n] == built}
        if built and self.cancel is not None:
            out.add(self.cancel)
        return sorted(out)

    def advance(
        self, table: dict[tuple[int, ...], Move], built: tuple[int, ...], action: int
    ) -> tuple[Move | None, tuple[int, ...]]:
        """Take one action: (the move it completes or None, what is built afterwards).

        ``RulespecError`` for an action not allowed here (the mask says which are)."""
        if action not in self.allowed(table, built):
            shown = self.labels[action] if 0 <= action < len(self.labels) else str(action)
            raise RulespecError(f"action {action} ({shown!r}) is not allowed now")
        if action == self.cancel:
            return None, ()
        seq = (*built, action)
        move = table.get(seq)
        return (move, ()) if move is not None else (None, seq)


def build_catalogue(variant: Variant) -> Catalogue:
    """The catalogue of a variant: only the actions its rules can ever offer."""
    codes, biggest = _deck_codes(variant)
    draw = variant.draw
    actions: list[Action] = []
    flags = (
        draw.stock,
        draw.discard is not None,
        draw.discard_then_stock,
        draw.discard_then_discard,
    )
    actions += [(kind, 0, 0) for kind, on in zip(_DIRECT_DRAWS, flags, strict=True) if on]
    if draw.pile:
        actions.append((MV.TAKE_PILE, 0, 0))
    if draw.depth is not None:
        actions += [(MV.TAKE, n, 0) for n in range(max(1, draw.depth.min), biggest + 1)]
    if draw.upcard_offer or draw.turned or variant.buy is not None:
        actions.append((MV.PASS, 0, 0))
    if variant.buy is not None:
        actions.append((MV.BUY, 0, 0))
    actions += [(MV.DISCARD, c, 0) for c in codes]
    if variant.knock is not None and variant.knock.timing != "before_draw":
        actions += [(MV.KNOCK, c, 0) for c in codes]
    melding = variant.play.melding != "never"
    cancel = None
    if melding or variant.play.layoff is not None:
        naturals = [c for c in codes if c != JOKER]
        actions += [(ADD, c, c) for c in naturals]
        for w in _wild_codes(variant, codes):
            actions += [(ADD, w, x) for x in naturals if x != w]
        if melding:
            actions.append((COMMIT, 0, 0))
        most = biggest // _min_meld(variant)
        if variant.play.layoff is not None:
            actions += [(MV.LAYOFF, m, 0) for m in range(1, most + 1)]
        if variant.melds.wild.swap is not None:
            actions += [(MV.SWAP, m, 0) for m in range(1, most + 1)]
        cancel = len(actions)
        actions.append((CANCEL, 0, 0))
    if variant.knock is not None and variant.knock.timing != "discard":
        actions.append((MV.KNOCK, KNOCK_FIRST, 0))  # appended: older catalogues keep their order
    if variant.play.drop != "never":
        actions.append((MV.DROP, 0, 0))
    if draw.turned and draw.force:
        actions.append((MV.FORCE, KNOCK_FIRST, 0))  # `force` alone: the card turned up
        actions += [(MV.FORCE, c, 0) for c in codes]  # `force C`: a discard forced
    if variant.match.buy_back and variant.match.buy_back_by == "choice":
        if (MV.PASS, 0, 0) not in actions:
            actions.append((MV.PASS, 0, 0))  # `pass`: stay out of the match (phase rebuy)
        actions.append((MV.REBUY, 0, 0))
    index = {a: i for i, a in enumerate(actions)}
    return Catalogue(variant.name, tuple(actions), tuple(_label(a) for a in actions), index, cancel)
