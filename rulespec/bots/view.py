"""What a bot sees: an observation read into a typed ``View`` (bots layer, under base.py).

A bot is handed only ``game.observation(seat)``, a JSON-like dict of what that seat
sees at the table. This module reads it into a frozen ``View`` of card codes,
tolerant of the observation's optional keys, with the public history as typed
``HistoryEvent``s. The engine's own observation dicts take a fast path
(``_engine_view``), held to the general reading by tests; the history is read
incrementally, since it only grows within a hand. ``base.py`` re-exports the names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from rulespec.bots.texts import MoveText
from rulespec.bots.texts import cards_of as _cards
from rulespec.bots.texts import code_of as _code
from rulespec.bots.texts import history_move as _history_move
from rulespec.bots.texts import placed_of as _placed


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


_EVENTS: dict[tuple[Any, ...], HistoryEvent] = {}  # an engine history entry, parsed once


def _event(item: Mapping[str, Any]) -> HistoryEvent:
    """One history entry read as `_history` reads it (the other keys' order of preference)."""
    seat = int(_first(item, "seat", "player", default=-1))
    text = str(_first(item, "move", "text", default=""))
    shown = _cards(_first(item, "cards", "shown", "taken", default=()))
    try:
        parsed = _history_move(text)
    except ValueError:
        parsed = MoveText(text, text.split()[0] if text.split() else "")
    return HistoryEvent(seat, parsed, shown)


_LAST: list[Any] = [(), ()]  # the last history read: its items and its events


def _history(raw: Any, players: int) -> tuple[HistoryEvent, ...]:
    """The history's events; the part equal (by value) to the last history read is not
    read again (a hand's history only grows, so each decision reads the new moves)."""
    items = tuple(raw or ())
    done, done_events = _LAST
    start = len(done)
    if start and len(items) >= start and items[:start] == done:
        if len(items) == start:  # nothing new: the same events (callers may key on them)
            _LAST[0] = items
            return done_events  # type: ignore[no-any-return]
        events = list(done_events)
    else:
        start, events = 0, []
    for item in items[start:]:
        shown: tuple[int, ...] = ()
        # the engine's dicts first (a str is no Mapping: the order of the tests is free)
        if type(item) is dict or isinstance(item, Mapping):
            if "move" not in item and "text" not in item:
                continue  # a table event (a recycle), not a move
            cards = item.get("cards")
            seat_raw, move_raw = item.get("seat"), item.get("move")
            if (
                type(item) is dict
                and type(seat_raw) is int
                and type(move_raw) is str
                and len(item) == (2 if cards is None else 3)
                and (cards is None or type(cards) is list)
            ):  # the engine's own entries ({seat, move[, cards]}): parsed once
                try:
                    key = (seat_raw, move_raw, tuple(cards) if cards else ())
                    event = _EVENTS.get(key)
                except TypeError:  # a card that is no card text: read below
                    pass
                else:
                    if event is None:
                        event = _event(item)
                        if len(_EVENTS) > 100_000:
                            _EVENTS.clear()
                        _EVENTS[key] = event
                    events.append(event)
                    continue
            seat = int(_first(item, "seat", "player", default=-1))
            text = str(_first(item, "move", "text", default=""))
            shown = _cards(_first(item, "cards", "shown", "taken", default=()))
        elif isinstance(item, str):
            seat_text, _, move_text = item.partition(":")
            if seat_text.strip().isdigit():
                seat, text = int(seat_text), move_text.strip()
            else:
                seat, text = -1, item
        else:
            continue
        try:
            parsed = _history_move(text)
        except ValueError:
            parsed = MoveText(text, text.split()[0] if text.split() else "")
        events.append(HistoryEvent(seat, parsed, shown))
    got = tuple(events)
    _LAST[0], _LAST[1] = items, got
    return got


_ENGINE_KEYS = itemgetter(
    "seat",
    "hand_sizes",
    "totals",
    "melds",
    "discard",
    "discard_size",
    "stock_size",
    "players",
    "to_move",
    "phase",
    "hand",
)
_INT_ONLY = frozenset((int,))
_NEW = object.__new__
_SET = object.__setattr__  # (a frozen dataclass refuses its own __setattr__)


_TABLE_MELDS: dict[tuple[int, tuple[str, ...]], TableMeld] = {}
_STR_ONLY = frozenset((str,))


def _table_meld(owner: int, raw: Any) -> TableMeld:
    """A table meld read (its card codes and what each stands for: `cards_of`, `placed_of`),
    kept by owner and texts: the same melds lie on the table decision after decision, and
    a TableMeld is frozen, so one object serves them all."""
    if type(raw) is not list or not _STR_ONLY.issuperset(map(type, raw)):
        return TableMeld(owner, _cards(raw), _placed(raw))  # (not texts only: read, not kept)
    key = (owner, *raw)
    hit = _TABLE_MELDS.get(key)
    if hit is None:
        if len(_TABLE_MELDS) >= 4096:
            _TABLE_MELDS.clear()
        hit = _TABLE_MELDS[key] = TableMeld(owner, _cards(raw), _placed(raw))
    return hit


def _table_melds(items: list[Any]) -> tuple[TableMeld, ...]:
    """The table's melds read (`_table_meld` of each mapping, the rest skipped): an engine
    meld (a dict of an int owner and a list of card texts) is looked up inline, without
    `_table_meld`'s call or the slow ``Mapping`` test (the same kept object)."""
    out = []
    get = _TABLE_MELDS.get
    for item in items:
        if type(item) is dict:
            owner, raw = item.get("owner", -1), item.get("cards", ())
            if type(owner) is int and type(raw) is list and _STR_ONLY.issuperset(map(type, raw)):
                hit = get((owner, *raw))
                out.append(_table_meld(owner, raw) if hit is None else hit)
                continue
        if isinstance(item, Mapping):
            out.append(_table_meld(int(item.get("owner", -1)), item.get("cards", ())))
    return tuple(out)


def _engine_view(obs: dict[str, Any]) -> View | None:
    """`view_of` of an observation in the engine's own shape (its keys, their types: a
    test checks the two agree), read without the general path's tolerance; None for any
    other shape."""
    try:
        (
            seat,
            sizes,
            totals,
            melds_raw,
            pile_raw,
            pile_size,
            stock,
            players,
            to_move,
            phase,
            hand,
        ) = _ENGINE_KEYS(obs)
    except KeyError:  # a key the engine always writes is missing: not its shape
        return None
    if not (
        type(seat) is int
        and type(players) is int
        and type(to_move) is int
        and type(phase) is str
        and type(hand) is list
        and type(pile_raw) is list
        and type(melds_raw) is list
        and type(pile_size) is int
        and type(stock) is int
        and "pile_size" not in obs
        and type(sizes) is list
        and sizes
        and _INT_ONLY.issuperset(map(type, sizes))
        and type(totals) is list
        and _INT_ONLY.issuperset(map(type, totals))
    ):
        return None
    pile = _cards(pile_raw)
    melds = _table_melds(melds_raw) if melds_raw else ()
    upcard, obligation, taken = obs.get("upcard"), obs.get("obligation"), obs.get("taken")
    view = _NEW(View)  # View(...) without its frozen __init__'s 15 object.__setattr__ calls
    _SET(
        view,
        "__dict__",
        {
            "seat": seat,
            "players": players,
            "phase": phase,
            "to_move": to_move,
            "hand": _cards(hand),
            "hand_sizes": tuple(sizes),
            "pile": pile,
            "pile_size": max(pile_size, len(pile)),
            "melds": melds,
            "stock": stock,
            "totals": tuple(totals),
            "history": _history(obs.get("history") or (), players),
            "taken": _cards(taken) if isinstance(taken, list) else None,
            "obligation": _code(obligation) if isinstance(obligation, str) else None,
            "upcard": _code(upcard) if isinstance(upcard, str) else None,
        },
    )
    return view


def view_of(observation: Mapping[str, Any]) -> View:
    """Read an observation dict (``game.observation(seat)``) into a ``View``."""
    fast = _engine_view(observation) if type(observation) is dict else None
    if fast is not None:
        return fast
    seat = int(_first(observation, "seat", "me", default=0))
    hand = _cards(_first(observation, "hand", default=()))
    sizes_raw = _first(observation, "hand_sizes", "hands", "cards", default=None)
    if type(sizes_raw) is list and all(type(v) is int for v in sizes_raw):
        sizes = tuple(sizes_raw)  # the engine's own list of counts (the checks below are slow)
    elif isinstance(sizes_raw, Mapping):
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
        upcard=_code(observation["upcard"]) if isinstance(observation.get("upcard"), str) else None,
        obligation=_code(observation["obligation"])
        if isinstance(observation.get("obligation"), str)
        else None,
    )
