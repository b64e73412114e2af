"""Card and move texts read for the bots, remembered (bots layer, under base).

An observation names cards by text (``AS``, ``TS``, ``JK:7H``) and moves by their
canonical text; every decision reads the hand, the pile, the table and the
history again, so each text is parsed once (``functools.lru_cache``) and a list
of card texts (the usual case) is read in one ``map``. A move becomes a
``MoveText`` the heuristics reason about. `bots/base.py` re-exports `card_code`,
`stands_for`, `MoveText` and `parse_move`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulespec.core import moves as MV
from rulespec.core.cards import parse_card
from rulespec.core.moves import Move


def card_code(text: str) -> int:
    """The physical card of a card text (``AS``, ``TS``, ``10S``, ``JK``; ``JK:7H`` is the
    joker): the interpreter's one card codec; ``InvalidMove`` (a ValueError) on garbage."""
    return parse_card(text.partition(":")[0])


def stands_for(text: str) -> int:
    """A placed card's meaning: ``JK:7H`` -> code of 7H, ``7H`` -> code of 7H."""
    card, sep, named = text.partition(":")
    return parse_card(named if sep else card)


def cards_of(items: Any) -> tuple[int, ...]:
    """The codes of a list of cards (texts or codes); anything else in it is skipped, and
    anything but a list (a text, a number) is no cards."""
    if not items:
        return ()
    # lists and tuples first: the ABC check below is slow and every decision reads the
    # whole history
    if type(items) in (list, tuple):
        try:
            return tuple(map(code_of, items))  # card texts only: the usual case
        except (AttributeError, TypeError):
            pass  # an int code, or no card at all, among them: item by item
    elif not isinstance(items, Sequence) or isinstance(items, str):
        return ()
    out = []
    for item in items:
        if isinstance(item, int):
            out.append(item)
        elif isinstance(item, str):
            out.append(code_of(item))
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def code_of(text: str) -> int:
    """card_code, remembered: the same few card texts come back in every observation."""
    return card_code(text)


def placed_of(items: Any) -> tuple[int, ...]:
    """What each card of a table meld stands for (``JK:7H`` -> 7H)."""
    out = []
    for item in items or ():
        out.append(item if isinstance(item, int) else stands_of(str(item)))
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def stands_of(text: str) -> int:
    """stands_for, remembered: the table's melds come back in every observation."""
    return stands_for(text)


@dataclass(frozen=True)
class MoveText:
    """A move's canonical text, parsed: kind plus its cards (codes) and numbers."""

    text: str
    kind: str  # draw | take | meld | layoff | swap | discard | knock | pass
    source: str = ""  # draw: stock | discard | discard+stock | discard+discard; take: pile | N
    depth: int = 0  # take N
    cards: tuple[int, ...] = ()  # physical cards from hand (a wild as JOKER)
    placed: tuple[int, ...] = ()  # what each card stands for (meld)
    meld: int = 0  # layoff / swap target, 1-based


def parse_move(move: Move | str) -> MoveText:
    """A move (or its text, read by the engine's one parser ``Move.parse``) as a ``MoveText``.

    ``InvalidMove`` (a ValueError) when the text is no move."""
    parsed = move if isinstance(move, Move) else Move.parse(move)
    text, kind = str(move), parsed.kind
    if kind == MV.TAKE:
        return MoveText(text, "take", source="depth", depth=parsed.number)
    if kind == MV.TAKE_PILE:
        return MoveText(text, "take", source="pile")
    if kind in MV.DRAWS:  # draw stock | discard | discard+stock | discard+discard
        return MoveText(text, "draw", source=kind.partition(" ")[2])
    if kind in (MV.MELD, MV.LAYOFF, MV.SWAP):
        cards = tuple(card for card, _ in parsed.cards)
        placed = tuple(named for _, named in parsed.cards)
        return MoveText(text, kind, cards=cards, placed=placed, meld=parsed.number)
    if kind in (MV.DISCARD, MV.KNOCK, MV.FORCE) and parsed.cards:
        return MoveText(text, kind, cards=(parsed.card,))
    if kind == MV.KNOCK:  # `knock` alone, before drawing: not among the knocks with a discard
        return MoveText(text, "knock first")
    return MoveText(text, kind)


@functools.lru_cache(maxsize=4096)
def history_move(text: str) -> MoveText:
    """A history entry's move text, parsed once: every decision re-reads the hand's history."""
    return parse_move(text)
