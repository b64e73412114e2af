"""One moment of a match: hand state, match state, their JSON position (pipeline stage: run).

`HandState` is mutable on purpose (the engine updates it in place on the hot
path; legality is decided before any change, so a refused move changes
nothing). `position()` / `from_position()` convert to and from the saved-game
format described in docs/position.md; every key but `hands` is optional and a
missing one takes its start-of-hand default. A malformed position raises
`PositionError` naming the key.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulespec.core.cards import card_text, parse_placed, placed_text
from rulespec.core.errors import InvalidMove, PositionError
from rulespec.interpreter import handwild as HW
from rulespec.interpreter import melds as M
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.claimstate import claim_turn
from rulespec.interpreter.posfields import (
    card,
    card_list,
    int_list,
    read_history,
    read_int,
    read_log,
)
from rulespec.interpreter.position_acts import read_dropped, read_live
from rulespec.interpreter.position_check import (
    LEGACY_RUMMY,
    SEED_LIMIT,
    check_fields,
    check_state,
)
from rulespec.model.variant import Variant

Placed = tuple[int, int]
TableMeld = tuple[int, tuple[Placed, ...]]  # (owner seat, placed cards)
PHASES = ("upcard", "draw", "play", "over", "claim", "rebuy")


@dataclass
class HandState:
    """Everything about the hand being played (the OpenSpiel 'State')."""

    players: int
    dealer: int
    to_move: int
    phase: str
    hands: list[list[int]]
    stock: list[int]  # index 0 is the next card drawn
    discard: list[int]  # bottom first; last is the top
    melds: list[TableMeld] = field(default_factory=list)
    upcard: int | None = None
    active: list[bool] = field(default_factory=list)
    # turn state
    taken: list[int] = field(default_factory=list)  # cards taken from the pile this turn
    obligation: tuple[int, str, int] | None = None  # (card, use, hand_cards)
    melds_this_turn: int = 0
    value_this_turn: int = 0  # value laid down this turn (first_laydown_min)
    turns: list[int] = field(default_factory=list)  # turns started per seat this hand
    laid_down: list[int | None] = field(default_factory=list)  # turn of first laying down
    melded: list[int] = field(default_factory=list)  # value melded or laid off this hand
    melded_jokers: list[int] = field(default_factory=list)
    offer_passes: int = 0
    must_draw_stock: bool = False
    turn_count: int = 0
    recycles: int = 0  # times the pile was turned over into the stock this hand
    history: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    dropped: list[bool] = field(default_factory=list)  # seats out of this hand (play.drop)
    # draw.turned: the live card on the pile: (seat that turned or discarded it, turned?,
    # forced on the mover?); None when the pile's top card is dead or there is none
    live: tuple[int, bool, bool] | None = None
    buys: list[int] = field(default_factory=list)  # discards bought per seat this hand
    claim_turn: int | None = None  # phase claim: the seat in turn, who plays on after it
    deal: int = 1  # the hand's number in the match (the `deal` of expressions; not saved:
    # a position's match part holds it as `hand`)
    wild_rank: int | None = None  # this hand's wild rank (melds.wild.rank / cut), 1..13
    cut_card: int | None = None  # the card cut for it (melds.wild.cut)
    rebuy: list[int] = field(default_factory=list)  # phase rebuy: seats yet to decide, in order

    def fill_defaults(self) -> None:
        n = self.players
        for name, value in (
            ("active", True),
            ("turns", 0),
            ("laid_down", None),
            ("melded", 0),
            ("melded_jokers", 0),
            ("dropped", False),
            ("buys", 0),
        ):
            if not getattr(self, name):
                setattr(self, name, [value] * n)


@dataclass
class MatchState:
    """The match around the hands: totals, hands won, who is out, the shuffle seed."""

    totals: list[int]
    hands_won: list[int]
    hand_no: int = 1
    seed: int = 0
    log: list[str] = field(default_factory=list)
    over: bool = False
    winner: int | None = None
    out: list[bool] = field(default_factory=list)  # seats that left the match (eliminated)
    bought: list[int] = field(default_factory=list)  # buy-backs used per seat
    columns: list[Column] = field(default_factory=list)  # Hollywood score columns

    def fill_defaults(self, players: int, columns: int | None) -> None:
        """Lists a new or partly saved match lacks: nobody out, no buy-back, open columns."""
        if not self.out:
            self.out = [False] * players
        if not self.bought:
            self.bought = [0] * players
        if columns and not self.columns:
            self.columns = [Column([0] * players, [0] * players) for _ in range(columns)]


@dataclass
class Column:
    """One score column of `match.columns`: its totals, wins entered per seat, whether closed."""

    totals: list[int]
    wins: list[int]  # hands won entered in this column, per seat (its box bonus)
    closed: bool = False
    winner: int | None = None


def to_position(variant: Variant, hs: HandState, ms: MatchState) -> dict[str, Any]:
    """The JSON-serialisable saved-game dict (docs/position.md)."""
    pos: dict[str, Any] = {
        "variant": variant.name,
        "players": hs.players,
        "dealer": hs.dealer,
        "to_move": hs.to_move,
        "phase": hs.phase,
        "hands": [[card_text(c) for c in h] for h in hs.hands],
        "stock": [card_text(c) for c in hs.stock],
        "discard": [card_text(c) for c in hs.discard],
        "melds": [{"owner": o, "cards": [placed_text(p) for p in m]} for o, m in hs.melds],
        "totals": list(ms.totals),
        "upcard": None if hs.upcard is None else card_text(hs.upcard),
        "turn": {
            "taken": [card_text(c) for c in hs.taken],
            "obligation": None
            if hs.obligation is None
            else {
                "card": card_text(hs.obligation[0]),
                "use": hs.obligation[1],
                "hand_cards": hs.obligation[2],
            },
            "melds": hs.melds_this_turn,
            "value": hs.value_this_turn,
        },
        "turns": list(hs.turns),
        "laid_down": list(hs.laid_down),
        "melded": list(hs.melded),
        "melded_jokers": list(hs.melded_jokers),
        "offer": {"passes": hs.offer_passes, "must_draw_stock": hs.must_draw_stock},
        "turn_count": hs.turn_count,
        "recycles": hs.recycles,
        "active": list(hs.active),
        "hand": ms.hand_no,
        "hands_won": list(ms.hands_won),
        "seed": ms.seed,
        "history": [dict(h) for h in hs.history],
        "log": list(ms.log),
    }
    pos.update(HW.wild_position(variant, hs.wild_rank, hs.cut_card))
    if any(hs.dropped):  # written only when someone dropped: older positions stay as they were
        pos["dropped"] = list(hs.dropped)
    if hs.live is not None:  # draw.turned only
        by, turned, forced = hs.live
        pos["live"] = {"by": by, "turned": turned, "forced": forced}
    if variant.buy is not None:  # (positions of variants without buying stay as they were)
        pos["buys"] = list(hs.buys)
        pos["claim"] = None if hs.claim_turn is None else {"turn": hs.claim_turn}
    if hs.result is not None:
        pos["result"] = hs.result
    if ms.over:
        pos["match_over"] = True
        pos["match_winner"] = ms.winner
    return pos


def from_position(variant: Variant, pos: Any) -> tuple[HandState, MatchState]:
    """Read a saved-game dict; PositionError (located by key) when it is malformed or impossible."""
    wild_rank, cut_card = HW.read_wild(variant, pos)
    variant = HW.hand_rules(variant, wild_rank, HW.position_decks(variant, pos))
    check_fields(variant, pos)  # every field's type and range first: no TypeError below
    if not isinstance(pos, Mapping):
        raise PositionError(f"a position must be a mapping, got {type(pos).__name__}")
    raw_hands = pos.get("hands")
    if not isinstance(raw_hands, list) or not raw_hands:
        raise PositionError("hands: expected a list with one list of cards per seat")
    n = read_int(pos, "players", len(raw_hands), variant.min_players, variant.max_players)
    if len(raw_hands) != n:
        raise PositionError(f"hands: {len(raw_hands)} hands for {n} players")
    hands = [card_list(variant, h, f"hands.{i}") for i, h in enumerate(raw_hands)]
    dealer = read_int(pos, "dealer", 0, 0, n - 1)
    phase = pos.get("phase", "draw")
    if phase not in PHASES:
        raise PositionError(f"phase: expected one of {', '.join(PHASES)}, got {phase!r}")
    stock = card_list(variant, pos.get("stock", []), "stock")
    discard = card_list(variant, pos.get("discard", []), "discard")
    melds: list[TableMeld] = []
    raw_melds = pos.get("melds", [])
    if not isinstance(raw_melds, list):
        raise PositionError("melds: expected a list of {owner, cards}")
    for i, m in enumerate(raw_melds):
        if not isinstance(m, Mapping) or not isinstance(m.get("cards"), list):
            raise PositionError(f"melds.{i}: expected {{owner: seat, cards: [...]}}")
        owner = read_int(m, "owner", 0, 0, n - 1) if "owner" in m else 0
        placed: list[Placed] = []
        for j, t in enumerate(m["cards"]):
            if not isinstance(t, str):
                raise PositionError(f"melds.{i}.cards.{j}: expected a card text, got {t!r}")
            try:
                placed.append(parse_placed(t))
            except InvalidMove as exc:
                raise PositionError(f"melds.{i}.cards.{j}: {exc}") from None
        norm = M.normalize(variant, placed)
        if norm is None:
            raise PositionError(
                f"melds.{i}: {' '.join(m['cards'])} is not a valid meld of {variant.name}"
            )
        melds.append((owner, tuple(placed)))
    upcard = None if pos.get("upcard") is None else card(pos.get("upcard"), "upcard")
    turn = pos.get("turn") or {}
    if not isinstance(turn, Mapping):
        raise PositionError("turn: expected a mapping")
    taken = card_list(variant, turn.get("taken", []), "turn.taken")
    obligation = None
    ob = turn.get("obligation")
    if ob is not None:
        if not isinstance(ob, Mapping) or ob.get("use") not in ("meld", "any"):
            raise PositionError("turn.obligation: expected {card, use: meld|any, hand_cards}")
        obligation = (
            card(ob.get("card"), "turn.obligation.card"),
            str(ob["use"]),
            read_int(ob, "hand_cards", 0, 0, 60),
        )
    offer = pos.get("offer") or {}
    if not isinstance(offer, Mapping):
        raise PositionError("offer: expected {passes, must_draw_stock}")
    hs = HandState(
        players=n,
        dealer=dealer,
        to_move=read_int(pos, "to_move", (dealer + 1) % n, 0, n - 1),
        phase=phase,
        hands=hands,
        stock=stock,
        discard=discard,
        melds=melds,
        upcard=upcard,
        taken=taken,
        obligation=obligation,
        melds_this_turn=read_int(turn, "melds", 0, 0, 10**6),
        value_this_turn=read_int(turn, "value", 0, -(10**6), 10**6),
        turns=int_list(pos, "turns", n, 0),
        laid_down=int_list(pos, "laid_down", n, None, nullable=True),
        melded=int_list(pos, "melded", n, 0),
        melded_jokers=int_list(pos, "melded_jokers", n, 0),
        offer_passes=read_int(offer, "passes", 0, 0, n),
        must_draw_stock=bool(offer.get("must_draw_stock", False)),
        turn_count=read_int(pos, "turn_count", 0, 0, 10**9),
        recycles=read_int(pos, "recycles", 0, 0, 10**6),
        history=read_history(pos.get("history")),
    )
    hs.wild_rank, hs.cut_card = wild_rank, cut_card
    active = pos.get("active")
    if active is None:
        hs.active = [True] * n
    elif not isinstance(active, list) or len(active) != n:
        raise PositionError(f"active: expected a list of {n} booleans")
    else:
        hs.active = [bool(a) for a in active]
    if not hs.active[hs.to_move]:
        raise PositionError(f"to_move: seat {hs.to_move} has left the match or sits this hand out")
    seat = (hs.players, hs.to_move, hs.phase)
    hs.dropped = read_dropped(variant, pos.get("dropped"), hs.active, seat)
    hs.live = read_live(variant, pos.get("live"), bool(hs.discard), seat)
    if pos.get("laid_down") is None:
        infer_laid_down(hs)
    if isinstance(pos.get("result"), Mapping):
        hs.result = dict(pos["result"])
        if hs.result.get("reason") == LEGACY_RUMMY:  # saves from before `rummy` was a flag
            hs.result.update(reason="out", rummy=True)
    elif phase in ("over", "rebuy"):
        raise PositionError(f"result: a position in phase {phase!r} needs the hand's result")
    ms = MatchState(
        totals=int_list(pos, "totals", n, 0),
        hands_won=int_list(pos, "hands_won", n, 0),
        hand_no=read_int(pos, "hand", 1, 1, 10**9),
        seed=read_int(pos, "seed", 0, 0, SEED_LIMIT - 1),
        log=read_log(pos.get("log")),
        over=bool(pos.get("match_over", False)),
        winner=read_int(pos, "match_winner", 0, 0, n - 1)
        if pos.get("match_winner") is not None
        else None,
    )
    hs.deal = ms.hand_no
    hs.buys = int_list(pos, "buys", n, 0)
    hs.claim_turn = claim_turn(variant, hs.phase, hs.to_move, hs.active, hs.discard, hs.buys, pos)
    _check_counts(variant, hs)
    check_state(
        hs.active, hands, hs.to_move, phase, taken, obligation, hs.melds_this_turn, len(melds)
    )
    return hs, ms


def infer_laid_down(hs: HandState) -> None:
    """A position that does not say who has laid down: the table says it.

    A seat that owns a table meld has laid down, in a turn before the ones the
    position counts (`turns - 1`, so -1 when `turns` is omitted as well): it
    has `me.laid_down_before` and cannot go out in one go (rummy). Called only
    when the position has no `laid_down`; a given `laid_down` is taken as is.
    """
    for owner, _ in hs.melds:
        if hs.laid_down[owner] is None:
            hs.laid_down[owner] = hs.turns[owner] - 1


def deck_players(variant: Variant, active: Sequence[bool]) -> int:
    """The player count that sizes the deck and the deal: the seats still in the match
    (with `match.playing`, the seats dealt in this hand)."""
    if variant.match.playing is not None:
        return sum(1 for a in active if a)
    return max(sum(1 for a in active if a), variant.min_players)


def _check_counts(variant: Variant, hs: HandState) -> None:
    """A card present more often than the deck holds it is an error, located by key."""
    deck = Counter(build_deck(variant, deck_players(variant, hs.active)))
    seen: Counter[int] = Counter()
    where: dict[int, str] = {}

    def add(cards: Sequence[int], key: str) -> None:
        for c in cards:
            seen[c] += 1
            if seen[c] > deck.get(c, 0):
                held = deck.get(c, 0)
                raise PositionError(
                    f"{key}: card {card_text(c)} appears {seen[c]} times but the deck holds it"
                    f" {held} time{'s' if held != 1 else ''}"
                    + (f" (also in {where[c]})" if c in where else "")
                )
            where.setdefault(c, key)

    for i, h in enumerate(hs.hands):
        add(h, f"hands.{i}")
    add(hs.stock, "stock")
    add(hs.discard, "discard")
    for i, (_, m) in enumerate(hs.melds):
        add([p[0] for p in m], f"melds.{i}")
    add(HW.out_of_play(variant, hs.cut_card), "cut_card")
