"""The bot framework: what a bot sees and how it answers (pipeline stage: players, on top of Game).

A bot is handed only ``game.observation(seat)`` (a JSON-like dict: what that seat
sees at the table) and the list of legal moves, plus the ``Variant`` (the public
rules). It never sees the ``Game``. This module turns an observation into a typed
``View`` (card codes, tolerant of the observation's optional keys), parses a
move's canonical text into a ``MoveText`` the heuristics can reason about, and
defines the ``Bot`` base class with its own seeded ``random.Random``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulespec.spec.model import Variant

Move = Any
"""An engine move value object; bots only rely on ``str(move)`` being its canonical text."""

JOKER = 52
_RANKS = "A23456789TJQK"
_SUITS = "CDHS"
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def card_code(text: str) -> int:
    """Card text (``AS``, ``TS``, ``10S``, ``JK``; placed ``JK:7H`` is the wild) -> code."""
    raw = text.strip().upper().split(":", 1)[0]
    if raw == "JK":
        return JOKER
    for symbol, letter in _SUIT_SYMBOLS.items():
        raw = raw.replace(symbol, letter)
    if raw.startswith("10"):
        raw = "T" + raw[2:]
    if len(raw) != 2 or raw[0] not in _RANKS or raw[1] not in _SUITS:
        raise ValueError(f"not a card: {text!r}")
    return _RANKS.index(raw[0]) + 13 * _SUITS.index(raw[1])


def card_name(code: int) -> str:
    """Card code -> canonical text."""
    if code >= JOKER:
        return "JK"
    return _RANKS[code % 13] + _SUITS[code // 13]


def stands_for(text: str) -> int:
    """A placed card's meaning: ``JK:7H`` -> code of 7H, ``7H`` -> code of 7H."""
    _, _, named = text.partition(":")
    return card_code(named) if named else card_code(text)


def rank_of(code: int) -> int:
    return code % 13 + 1


def suit_of(code: int) -> int:
    return code // 13


def is_wild(variant: Variant, code: int) -> bool:
    """Is this card wild under the variant's rules (jokers and/or wild ranks)."""
    wild = variant.melds.wild.cards
    if code >= JOKER:
        return "joker" in wild
    return _RANKS[code % 13] in wild


def hand_value(variant: Variant, code: int) -> int:
    """A card's value left in hand."""
    if code >= JOKER:
        return int(variant.joker_values.get("hand", 0))
    return variant.card_value(rank_of(code))


POINTS_AS_THEY_ARE = 100  # card values up to this are the bots' points unchanged
_UNITS: dict[int, int] = {}


def point_unit(variant: Variant) -> int:
    """The bots' point: 1 for ordinary card values (up to ``POINTS_AS_THEY_ARE``), else a
    tenth of the highest card value. The heuristics' constants (the hope of a stock draw,
    a knock bonus, a wild's hold value) are tuned in points of ordinary cards; counting
    in this unit keeps their weight when a variant values cards at 10**9 each, and keeps
    every float in range however large the language's integers get (``points``)."""
    key = id(variant)
    if key not in _UNITS:
        values = [abs(v) for places in variant.values.values() for v in places.values()]
        values += [abs(v) for v in variant.joker_values.values()]
        top = max(values, default=0)
        _UNITS[key] = 1 if top <= POINTS_AS_THEY_ARE else top // 10
    return _UNITS[key]


def points(variant: Variant, value: int) -> float:
    """A card-value sum in the bots' unit, as a float: exact integer division first, so
    no value is ever converted to a float that could overflow."""
    return value / point_unit(variant)


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


def parse_move(move: Move) -> MoveText:
    """Parse ``str(move)`` (the canonical move text) into a ``MoveText``."""
    text = str(move)
    words = text.split()
    kind = words[0] if words else ""
    rest = words[1:]
    if kind == "draw":
        return MoveText(text, kind, source=rest[0] if rest else "stock")
    if kind == "take":
        if rest and rest[0].isdigit():
            return MoveText(text, kind, source="depth", depth=int(rest[0]))
        return MoveText(text, kind, source="pile")
    if kind == "meld":
        return MoveText(
            text,
            kind,
            cards=tuple(card_code(w) for w in rest),
            placed=tuple(stands_for(w) for w in rest),
        )
    if kind in ("layoff", "swap"):
        cards = tuple(card_code(w) for w in rest[:1])
        placed = tuple(stands_for(w) for w in rest[:1])
        number = int(rest[1]) if len(rest) > 1 and rest[1].isdigit() else 0
        return MoveText(text, kind, cards=cards, placed=placed, meld=number)
    if kind in ("discard", "knock"):
        return MoveText(text, kind, cards=tuple(card_code(w) for w in rest[:1]))
    return MoveText(text, kind)


def _cards(items: Any) -> tuple[int, ...]:
    if not items or not isinstance(items, Sequence) or isinstance(items, str):
        return ()
    out = []
    for item in items:
        if isinstance(item, int):
            out.append(item)
        elif isinstance(item, str):
            out.append(card_code(item))
    return tuple(out)


def _placed(items: Any) -> tuple[int, ...]:
    out = []
    for item in items or ():
        out.append(item if isinstance(item, int) else stands_for(str(item)))
    return tuple(out)


@dataclass(frozen=True)
class TableMeld:
    owner: int
    cards: tuple[int, ...]  # physical
    placed: tuple[int, ...]  # what each stands for


@dataclass(frozen=True)
class HistoryEvent:
    """One public event of this hand: who did what, and any cards shown (pile takes, melds)."""

    seat: int
    move: MoveText
    shown: tuple[int, ...]


@dataclass(frozen=True)
class View:
    """An observation in card codes: everything one seat may know, nothing more."""

    seat: int
    players: int
    phase: str
    to_move: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pile: tuple[int, ...]  # visible pile cards, bottom first (squared: the top card only)
    pile_size: int
    melds: tuple[TableMeld, ...]
    stock: int
    totals: tuple[int, ...]
    history: tuple[HistoryEvent, ...]
    taken: tuple[int, ...] | None = None  # cards taken from the pile this turn, if told
    obligation: int | None = None  # a taken card that must still be melded / laid off
    upcard: int | None = None  # the hand's first upcard

    @property
    def top(self) -> int | None:
        return self.pile[-1] if self.pile else None

    def next_seat(self, step: int = 1) -> int:
        return (self.seat + step) % max(self.players, 1)


def _first(obs: Mapping[str, Any], *keys: str, default: Any = None) -> Any:
    for key in keys:
        if key in obs and obs[key] is not None:
            return obs[key]
    return default


def _history(raw: Any, players: int) -> tuple[HistoryEvent, ...]:
    events = []
    for item in raw or ():
        shown: tuple[int, ...] = ()
        if isinstance(item, str):
            seat_text, _, move_text = item.partition(":")
            if seat_text.strip().isdigit():
                seat, text = int(seat_text), move_text.strip()
            else:
                seat, text = -1, item
        elif isinstance(item, Mapping):
            if "move" not in item and "text" not in item:
                continue  # a table event (a recycle), not a move
            seat = int(_first(item, "seat", "player", default=-1))
            text = str(_first(item, "move", "text", default=""))
            shown = _cards(_first(item, "cards", "shown", "taken", default=()))
        else:
            continue
        try:
            parsed = parse_move(text)
        except ValueError:
            parsed = MoveText(text, text.split()[0] if text.split() else "")
        events.append(HistoryEvent(seat, parsed, shown))
    return tuple(events)


def view_of(observation: Mapping[str, Any]) -> View:
    """Read an observation dict (``game.observation(seat)``) into a ``View``."""
    seat = int(_first(observation, "seat", "me", default=0))
    hand = _cards(_first(observation, "hand", default=()))
    sizes_raw = _first(observation, "hand_sizes", "hands", "cards", default=None)
    if isinstance(sizes_raw, Mapping):
        sizes = tuple(int(v) for _, v in sorted(sizes_raw.items(), key=lambda kv: int(kv[0])))
    elif isinstance(sizes_raw, Sequence) and not isinstance(sizes_raw, str):
        sizes = tuple(len(v) if isinstance(v, Sequence) else int(v) for v in sizes_raw)
    else:
        sizes = ()
    players = int(_first(observation, "players", default=len(sizes) or 2))
    if not sizes:
        sizes = tuple(len(hand) if s == seat else 0 for s in range(players))
    pile_raw = observation.get("discard")
    if not isinstance(pile_raw, Sequence) or isinstance(pile_raw, str):
        pile_raw = observation.get("pile")
    if isinstance(pile_raw, str):
        pile_raw = [pile_raw] if pile_raw not in ("spread", "squared") else []
    pile = _cards(pile_raw)
    pile_size = int(_first(observation, "pile_size", "discard_size", default=len(pile)))
    melds = []
    for item in _first(observation, "melds", default=()) or ():
        if isinstance(item, Mapping):
            raw = item.get("cards", ())
            melds.append(TableMeld(int(item.get("owner", -1)), _cards(raw), _placed(raw)))
    stock_raw = _first(observation, "stock_size", "stock", default=0)
    stock = len(stock_raw) if isinstance(stock_raw, Sequence) else int(stock_raw)
    totals_raw = _first(observation, "totals", default=()) or ()
    return View(
        seat=seat,
        players=players,
        phase=str(_first(observation, "phase", default="play")),
        to_move=int(_first(observation, "to_move", default=seat)),
        hand=hand,
        hand_sizes=sizes,
        pile=pile,
        pile_size=max(pile_size, len(pile)),
        melds=tuple(melds),
        stock=stock,
        totals=tuple(int(t) for t in totals_raw),
        history=_history(_first(observation, "history", default=()), players),
        taken=_cards(observation["taken"]) if isinstance(observation.get("taken"), list) else None,
        upcard=card_code(observation["upcard"])
        if isinstance(observation.get("upcard"), str)
        else None,
        obligation=card_code(observation["obligation"])
        if isinstance(observation.get("obligation"), str)
        else None,
    )


class Bot:
    """A seeded player: ``choose(observation, legal_moves, variant) -> one of legal_moves``."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        """Restart the bot's generator (the play session does this per move so a resumed
        game continues exactly as the unbroken one would have)."""
        self.rng.seed(seed)

    def choose(
        self, observation: Mapping[str, Any], legal_moves: Sequence[Move], variant: Variant
    ) -> Move:
        raise NotImplementedError


def taken_this_turn(view: View) -> tuple[int, ...]:
    """Cards this seat took from the pile in the current turn (from the public history)."""
    if view.taken is not None:
        return view.taken
    taken: list[int] = []
    for event in reversed(view.history):
        if event.seat != view.seat:
            break
        if event.move.kind in ("draw", "take") and event.move.source != "stock":
            taken.extend(event.shown)
    return tuple(taken)


def pile_cards(view: View, move: MoveText) -> tuple[int, ...] | None:
    """The known cards a draw move takes from the pile (None: not all of them are visible)."""
    if move.kind == "draw":
        wanted = {"discard": 1, "discard+stock": 1, "discard+discard": 2}.get(move.source, 0)
    elif move.kind == "take":
        wanted = view.pile_size if move.source == "pile" else move.depth
    else:
        return ()
    if wanted > len(view.pile):
        return None
    return view.pile[len(view.pile) - wanted :] if wanted else ()


def repeats_take(view: View, cards: Sequence[int]) -> bool:
    """Would taking these pile cards repeat a position this seat has already been in?

    Walks the public history back from now while nothing made progress (no stock draw,
    no meld, lay-off, swap or knock by anyone: the stock and the table are as they are
    now), undoing this seat's own discards and pile takes to recover the hand it held
    before each earlier draw. If it once held exactly this hand and took exactly these
    cards, taking them again goes round the same circle: that take did not lead to
    using the cards (a meld or lay-off would have ended the window), and from the
    same position it will not now. Two deterministic bots can otherwise pass one
    pile card back and forth until the engine's turn cap abandons the hand."""
    if not cards:
        return False
    wanted = Counter(cards)
    hand: Counter[int] = Counter(view.hand)
    for event in reversed(view.history):
        move = event.move
        if move.kind in ("meld", "layoff", "swap", "knock"):
            return False
        if move.kind == "draw" and "stock" in move.source:
            return False
        if event.seat != view.seat:
            continue
        if move.kind == "discard":
            hand.update(move.cards)
        elif move.kind in ("draw", "take"):
            shown = Counter(event.shown)
            hand.subtract(shown)
            if shown == wanted and +hand == Counter(view.hand):
                return True
    return False


STALL_TURNS = 30  # after this many own turns in one hand, bots shake up their discards
STALL_CHANCE = 0.3


def turns_taken(view: View) -> int:
    """How many turns this seat has started in the current hand (its draws in the history)."""
    return sum(1 for e in view.history if e.seat == view.seat and e.move.kind in ("draw", "take"))


def stalled(view: View, rng: random.Random) -> bool:
    """A long hand (both sides hoarding in a recycled stock): time for a random discard.
    Deterministic bots can otherwise hold each other's cards forever."""
    return turns_taken(view) > STALL_TURNS and rng.random() < STALL_CHANCE
