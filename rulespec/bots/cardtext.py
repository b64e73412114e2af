"""Card texts read into card codes for the bots, remembered (bots layer, under base).

An observation names cards by text (``AS``, ``TS``, ``JK:7H``); every decision
reads the hand, the pile, the table and the history again, so each text is
parsed once (``functools.lru_cache``) and a list of card texts (the usual case)
is read in one ``map``. `bots/base.py` re-exports `card_code` and `stands_for`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from rulespec.core.cards import parse_card


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
