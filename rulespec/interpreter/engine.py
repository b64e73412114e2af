"""Legal moves and move application for one hand (pipeline stage: run — the rules engine).

Reads only the `Variant` model. `legal_moves(variant, hs)` is complete and
deterministic; `apply(variant, hs, move)` assumes the move is legal (the
`Game` checks membership in the legal set first, so a refused move changes
nothing) and updates the `HandState` in place. Why a move is refused is
worked out by `rules.why_illegal` only when it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from rulespec.interpreter import melds as M
from rulespec.interpreter import solver as S
from rulespec.interpreter.cards import JOKER, card_text, deck_counts, hand_value, is_wild
from rulespec.interpreter.moves import (
    DISCARD,
    DRAW_DISCARD,
    DRAW_DISCARD_DISCARD,
    DRAW_DISCARD_STOCK,
    DRAW_STOCK,
    KNOCK,
    LAYOFF,
    MELD,
    PASS,
    SWAP,
    TAKE,
    TAKE_PILE,
    Move,
)
from rulespec.interpreter.scoring import suit_value
from rulespec.interpreter.state import HandState, Placed, deck_players
from rulespec.spec.model import Variant

TURN_CAP = 1000
"""Safety cap: a hand still running after this many turns ends as `abandoned`."""

STRANDED = (
    "discard.forbid_taken: that would leave only cards taken from the pile this turn,"
    " none of which may be discarded"
)

Ender = Callable[[Variant, HandState, str, int | None, dict[str, Any]], None]


# --- helpers ------------------------------------------------------------------------


def next_seat(variant: Variant, hs: HandState, seat: int) -> int:
    step = 1 if variant.rotation == "left" else -1
    n = hs.players
    for k in range(1, n + 1):
        s = (seat + step * k) % n
        if hs.active[s]:
            return s
    return seat


def active_count(hs: HandState) -> int:
    return sum(1 for a in hs.active if a)


def upcard_env(variant: Variant, hs: HandState, env: dict[str, Any]) -> None:
    card = hs.upcard
    if card is None:
        return
    if card == JOKER:
        env["upcard.rank"], env["upcard.suit"] = 0, suit_value(0)
    else:
        env["upcard.rank"], env["upcard.suit"] = card % 13 + 1, suit_value(card // 13)
    env["upcard.value"] = hand_value(variant, card, "hand")


def turn_env(variant: Variant, hs: HandState, seat: int) -> dict[str, Any]:
    """The names of expression context `turn` for a seat (docs/document.md)."""
    turn = hs.turns[seat] + (1 if hs.phase in ("draw", "upcard") else 0)
    first = hs.laid_down[seat]
    env: dict[str, Any] = {
        "me.laid_down": first is not None,
        "me.laid_down_before": first is not None and first < turn,
        "me.turn": turn,
        "me.cards": len(hs.hands[seat]),
        "players": active_count(hs),
        "stock": len(hs.stock),
    }
    upcard_env(variant, hs, env)
    return env


def knock_limit(variant: Variant, hs: HandState) -> int:
    assert variant.knock is not None
    env: dict[str, Any] = {"players": active_count(hs)}
    upcard_env(variant, hs, env)
    return int(variant.knock.limit(env))


def _remove(hand: list[int], cards: list[int]) -> list[int]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


def _contains(hand: list[int], cards: list[int]) -> bool:
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= k for c, k in need.items())


def _table_counter(hs: HandState) -> Counter[int]:
    return Counter(p[1] for _, m in hs.melds for p in m)


def unique_ok(variant: Variant, hs: HandState, placed: tuple[Placed, ...]) -> bool:
    if not variant.melds.wild.unique:
        return True
    counts = deck_counts(variant, deck_players(variant, hs.active))
    table = _table_counter(hs)
    for p in placed:
        table[p[1]] += 1
        if table[p[1]] > counts.get(p[1], 0):
            return False
    return True


def placed_value(variant: Variant, meld: tuple[Placed, ...], index: int) -> int:
    place = M.places(variant, meld)[index]
    return hand_value(variant, meld[index][1], place)


# --- draws --------------------------------------------------------------------------


def _obligation_met_possible(
    variant: Variant,
    hs: HandState,
    seat: int,
    taken: list[int],
    card: int,
    use: str,
    hand_cards: int,
) -> bool:
    """Could the card taken be used as the obligation says? Tried on the state, then restored."""
    saved = (hs.phase, hs.taken, hs.obligation, hs.turns[seat], len(hs.hands[seat]))
    hs.phase, hs.taken, hs.obligation = "play", list(taken), (card, use, hand_cards)
    hs.turns[seat] += 1
    hs.hands[seat].extend(taken)
    try:
        return bool(play_moves(variant, hs))
    finally:
        hs.phase, hs.taken, hs.obligation, hs.turns[seat], size = saved
        del hs.hands[seat][size:]


def _hand_cards_in(meld: tuple[Placed, ...], pre: Counter[int], card: int) -> int:
    avail = Counter(pre)
    skipped = False
    count = 0
    for p in meld:
        if p[0] == card and not skipped:
            skipped = True
            continue
        if avail[p[0]] > 0:
            avail[p[0]] -= 1
            count += 1
    return count


def draw_moves(variant: Variant, hs: HandState) -> list[Move]:
    seat = hs.to_move
    d = variant.draw
    pile = hs.discard
    out: list[Move] = []
    if hs.phase == "upcard":
        if pile:
            out.append(Move(DRAW_DISCARD))
        out.append(Move(PASS))
        return out
    if d.stock and hs.stock:
        out.append(Move(DRAW_STOCK))
    if hs.must_draw_stock:
        return out
    env: dict[str, Any] | None = None
    if d.discard is not None and pile:
        ok = True
        if d.discard.when is not None:
            env = turn_env(variant, hs, seat)
            ok = bool(d.discard.when(env))
        if ok and d.discard.use != "none":
            ok = _obligation_met_possible(
                variant, hs, seat, [pile[-1]], pile[-1], d.discard.use, d.discard.hand_cards
            )
        if ok:
            out.append(Move(DRAW_DISCARD))
    if d.discard_then_stock and pile and hs.stock:
        out.append(Move(DRAW_DISCARD_STOCK))
    if d.discard_then_discard and len(pile) >= 2:
        out.append(Move(DRAW_DISCARD_DISCARD))
    if d.depth is not None:
        dep = d.depth
        ok = True
        if dep.when is not None:
            ok = bool(dep.when(env or turn_env(variant, hs, seat)))
        for n in range(max(dep.min, 1), len(pile) + 1) if ok else ():
            taken = pile[-n:]
            if dep.use == "none" or _obligation_met_possible(
                variant, hs, seat, taken, taken[0], dep.use, dep.hand_cards
            ):
                out.append(Move(TAKE, (), n))
    if d.pile and pile:
        out.append(Move(TAKE_PILE))
    return out


# --- play ---------------------------------------------------------------------------


def _may_empty(variant: Variant, how: str) -> bool:
    """May this action (meld | layoff) take a hand's last card?"""
    return variant.discard.required != "always" and how in variant.going_out.by


def _layoff_allowed(variant: Variant, hs: HandState, seat: int, phase_play: bool = True) -> bool:
    cond = variant.play.layoff
    if cond is None:
        return False
    env = turn_env(variant, hs, seat)
    if phase_play and hs.phase != "play":
        env["me.turn"] = hs.turns[seat] + 1
    return bool(cond(env))


def _onto_ok(variant: Variant, hs: HandState, seat: int, index: int) -> bool:
    return variant.play.layoff_onto == "any" or hs.melds[index][0] == seat


def _turn_meld_sizes(hs: HandState, seat: int) -> list[int]:
    if hs.melds_this_turn == 0:
        return []
    return [len(m) for _, m in hs.melds[-hs.melds_this_turn :]]


def _can_finish(
    variant: Variant, hs: HandState, seat: int, rest: list[int], sizes_made: list[int]
) -> bool:
    """Going-out melding: can `rest` still be laid down as the partition (one left to discard)?"""
    go = variant.going_out
    counts: list[int] | None = None
    sizes: list[tuple[int, ...]] | None = None
    made = len(sizes_made)
    if go.partition_melds is not None:
        counts = [c - made for c in go.partition_melds if c - made >= 0]
        if not counts:
            return False
    if go.partition_sizes is not None:
        sizes = []
        for full in go.partition_sizes:
            left = list(full)
            ok = True
            for s in sizes_made:
                if s in left:
                    left.remove(s)
                else:
                    ok = False
                    break
            if ok:
                sizes.append(tuple(sorted(left, reverse=True)))
        if not sizes:
            return False
    options: list[list[int]] = []
    if variant.discard.required != "always" and "meld" in go.by:
        options.append(rest)
    if "discard" in go.by:
        taken = Counter(hs.taken) if variant.discard.forbid_taken else Counter()
        have = Counter(rest)
        for c in sorted(have):
            if have[c] > taken[c]:
                options.append(_remove(rest, [c]))
    for cards in options:
        if not cards:
            if (counts is None or 0 in counts) and (sizes is None or () in sizes):
                return True
            continue
        if counts is not None and counts == [0]:
            continue
        if S.partition(variant, cards, counts, sizes) is not None:
            return True
    return False


def _stranded(variant: Variant, hs: HandState, rest: list[int]) -> bool:
    """Would the hand keep cards but none it may discard (all taken from the pile this turn)?"""
    if not rest or not variant.discard.forbid_taken or not hs.taken:
        return False
    taken = Counter(hs.taken)
    return all(k <= taken[c] for c, k in Counter(rest).items())


def meld_allowed(
    variant: Variant, hs: HandState, seat: int, meld: tuple[Placed, ...]
) -> str | None:
    """None if this meld may be laid now, else the rule it breaks."""
    play = variant.play
    if play.melding == "never":
        return "play.melding: never — nobody melds on the table in this variant"
    if play.melds_per_turn is not None and hs.melds_this_turn >= play.melds_per_turn:
        return f"play.melds_per_turn: at most {play.melds_per_turn} new meld(s) per turn"
    hand = hs.hands[seat]
    rest = _remove(hand, [p[0] for p in meld])
    if not rest and not _may_empty(variant, "meld"):
        return (
            "discard.required / going_out.by: a hand may not be emptied by a meld"
            " (a discard must end it)"
        )
    if _stranded(variant, hs, rest):
        return STRANDED
    if not unique_ok(variant, hs, meld):
        return "melds.wild.unique: that card is already on the table as often as the deck holds it"
    if hs.obligation is not None:
        card, use, need = hs.obligation
        if not any(p[0] == card for p in meld):
            return f"draw obligation: the card taken ({card_text(card)}) must be used first"
        pre = Counter(_remove(hs.hands[seat], [c for c in hs.taken if c in hs.hands[seat]]))
        if _hand_cards_in(meld, pre, card) < need:
            return (
                f"draw obligation: {card_text(card)} must be melded with at least"
                f" {need} cards from the hand"
            )
    fl = play.first_laydown_min
    if fl is not None:
        env = turn_env(variant, hs, seat)
        if not env["me.laid_down_before"]:
            minimum = int(fl(env))
            if minimum > 0 and hs.value_this_turn + M.meld_value(variant, meld) < minimum:
                return (
                    f"play.first_laydown_min: a first laying down must be worth at least {minimum}"
                )
    if play.melding == "going_out" and not _can_finish(
        variant, hs, seat, rest, _turn_meld_sizes(hs, seat) + [len(meld)]
    ):
        return "play.melding: going_out — melds are laid only as part of going out in one turn"
    return None


def play_moves(variant: Variant, hs: HandState) -> list[Move]:
    seat = hs.to_move
    hand = hs.hands[seat]
    out: list[Move] = []
    ob = hs.obligation
    melding = variant.play.melding != "never"
    if melding and variant.play.melding == "going_out" and hs.obligation is None:
        # going out all at once: no meld at all unless the whole hand can go out now
        melding = _can_finish(variant, hs, seat, list(hand), _turn_meld_sizes(hs, seat))
    if melding:
        for meld in M.candidate_melds(variant, hand):
            if meld_allowed(variant, hs, seat, meld) is None:
                out.append(Move.meld(meld))
    offer = hand if ob is None else ([ob[0]] if ob[1] == "any" else [])
    if offer and hs.melds and _layoff_allowed(variant, hs, seat):
        table = [m for _, m in hs.melds]
        for placed, idx in M.layoffs(variant, offer, table):
            if layoff_allowed(variant, hs, seat, placed, idx, checked=True) is None:
                out.append(Move(LAYOFF, (placed,), idx + 1))
    if ob is not None:
        return _dedupe(out)
    swap = variant.melds.wild.swap
    if swap is not None and hs.melds and bool(swap(turn_env(variant, hs, seat))):
        for idx, (_, meld) in enumerate(hs.melds):
            for card, named in meld:
                if card != named and named in hand:
                    out.append(Move(SWAP, ((named, named),), idx + 1))
    if not out:
        return discard_moves(variant, hs)
    out.extend(discard_moves(variant, hs))
    return _dedupe(out)


def _dedupe(moves: list[Move]) -> list[Move]:
    seen: set[Move] = set()
    out = []
    for m in moves:
        if m not in seen:
            seen.add(m)
            out.append(m)
    return out


def layoff_allowed(
    variant: Variant, hs: HandState, seat: int, placed: Placed, idx: int, checked: bool = False
) -> str | None:
    if not checked and not _layoff_allowed(variant, hs, seat):
        return "play.layoff: laying off is not allowed now"
    if not _onto_ok(variant, hs, seat, idx):
        return "play.layoff_onto: own — lay off only on your own melds"
    hand = hs.hands[seat]
    if len(hand) == 1 and not _may_empty(variant, "layoff"):
        return "discard.required / going_out.by: a hand may not be emptied by a lay-off"
    rest = list(hand)
    rest.remove(placed[0])
    if _stranded(variant, hs, rest):
        return STRANDED
    if not unique_ok(variant, hs, (placed,)):
        return "melds.wild.unique: that card is already on the table as often as the deck holds it"
    if hs.obligation is not None:
        card, use, _ = hs.obligation
        if placed[0] != card or use != "any":
            how = "melded" if use == "meld" else "used"
            return f"draw obligation: the card taken ({card_text(card)}) must be {how} first"
    if variant.play.melding == "going_out" and hs.melds_this_turn:
        return "play.melding: going_out — finish laying down the hand"
    return None


_DISCARDS = tuple(Move(DISCARD, ((c, c),)) for c in range(53))
_KNOCKS = tuple(Move(KNOCK, ((c, c),)) for c in range(53))


def discard_moves(variant: Variant, hs: HandState) -> list[Move]:
    seat = hs.to_move
    hand = hs.hands[seat]
    if hs.obligation is not None:
        return []
    if variant.play.melding == "going_out" and hs.melds_this_turn and len(hand) > 1:
        return []
    if len(hand) == 1 and "discard" not in variant.going_out.by:
        return []
    cards = sorted(set(hand))
    if hs.taken and variant.discard.forbid_taken:
        taken = Counter(hs.taken)
        have = Counter(hand)
        cards = [c for c in cards if have[c] > taken[c]]
    out = [_DISCARDS[c] for c in cards]
    if variant.knock is not None and len(hand) > 1:
        limit = knock_limit(variant, hs)
        if S.deadwood_after_discard(variant, hand)[0] <= limit:
            out.extend(
                _KNOCKS[c] for c in cards if S.deadwood(variant, _remove(hand, [c])) <= limit
            )
    return out


def legal_moves(variant: Variant, hs: HandState) -> list[Move]:
    if hs.phase == "over":
        return []
    if hs.phase in ("upcard", "draw"):
        return draw_moves(variant, hs)
    return play_moves(variant, hs)


# --- application --------------------------------------------------------------------


def _public(hs: HandState, seat: int, text: str, cards: list[int] | None = None) -> None:
    entry: dict[str, Any] = {"seat": seat, "move": text}
    if cards is not None:
        entry["cards"] = [card_text(c) for c in cards]
    hs.history.append(entry)


def _take(
    variant: Variant, hs: HandState, seat: int, cards: list[int], use: str, need: int
) -> None:
    hs.hands[seat].extend(cards)
    hs.taken.extend(cards)
    if use != "none":
        hs.obligation = (cards[0], use, need)


def apply(variant: Variant, hs: HandState, move: Move, end_hand: Ender) -> None:
    """Play a legal move (checked by the caller) and advance the hand."""
    seat = hs.to_move
    hand = hs.hands[seat]
    kind = move.kind
    text = str(move)
    if kind == PASS:
        _public(hs, seat, text)
        hs.offer_passes += 1
        if hs.offer_passes >= active_count(hs):
            hs.to_move = next_seat(variant, hs, hs.dealer)
            hs.phase = "draw"
            hs.must_draw_stock = True
        else:
            hs.to_move = next_seat(variant, hs, seat)
        return
    if hs.phase in ("upcard", "draw"):
        was_upcard = hs.phase == "upcard"
        hs.turns[seat] += 1
        hs.phase = "play"
        pile = hs.discard
        d = variant.draw
        if kind == DRAW_STOCK:
            hand.append(hs.stock.pop(0))
            _public(hs, seat, text)
        elif kind == DRAW_DISCARD:
            card = pile.pop()
            pd = d.discard
            if was_upcard or pd is None:
                _take(variant, hs, seat, [card], "none", 0)
            else:
                _take(variant, hs, seat, [card], pd.use, pd.hand_cards)
            _public(hs, seat, text, [card])
        elif kind == DRAW_DISCARD_STOCK:
            card = pile.pop()
            _take(variant, hs, seat, [card], "none", 0)
            hand.append(hs.stock.pop(0))
            _public(hs, seat, text, [card])
        elif kind == DRAW_DISCARD_DISCARD:
            cards = [pile.pop(), pile.pop()]
            _take(variant, hs, seat, cards, "none", 0)
            _public(hs, seat, text, cards)
        elif kind == TAKE:
            n = move.number
            cards = pile[-n:]
            del pile[-n:]
            dep = d.depth
            assert dep is not None
            _take(variant, hs, seat, cards, dep.use, dep.hand_cards)
            _public(hs, seat, text, cards)
        elif kind == TAKE_PILE:
            cards = list(pile)
            pile.clear()
            _take(variant, hs, seat, cards, "none", 0)
            _public(hs, seat, text, cards)
        return
    if kind == MELD:
        meld = move.cards
        for p in meld:
            hand.remove(p[0])
        hs.melds.append((seat, meld))
        value = M.meld_value(variant, meld)
        _laid(variant, hs, seat, value, sum(1 for p in meld if is_wild(variant, p[0])))
        hs.melds_this_turn += 1
        if hs.obligation is not None and any(p[0] == hs.obligation[0] for p in meld):
            hs.obligation = None
        _public(hs, seat, text)
        if not hand:
            end_hand(variant, hs, "out", seat, {})
        return
    if kind == LAYOFF:
        placed = move.cards[0]
        idx = move.number - 1
        owner, old = hs.melds[idx]
        new = M.extend(variant, old, placed)
        assert new is not None
        hand.remove(placed[0])
        hs.melds[idx] = (owner, new)
        value = placed_value(variant, new, new.index(placed))
        _laid(variant, hs, seat, value, 1 if is_wild(variant, placed[0]) else 0)
        if hs.obligation is not None and placed[0] == hs.obligation[0]:
            hs.obligation = None
        _public(hs, seat, text)
        if not hand:
            end_hand(variant, hs, "out", seat, {})
        return
    if kind == SWAP:
        card = move.cards[0][0]
        idx = move.number - 1
        owner, meld = hs.melds[idx]
        pos = next(i for i, p in enumerate(meld) if p[1] == card and p[0] != card)
        wild = meld[pos][0]
        hs.melds[idx] = (owner, meld[:pos] + ((card, card),) + meld[pos + 1 :])
        hand.remove(card)
        hand.append(wild)
        _public(hs, seat, text)
        return
    card = move.cards[0][0]
    hand.remove(card)
    hs.discard.append(card)
    _public(hs, seat, text)
    if kind == KNOCK:
        end_hand(variant, hs, "knock", seat, {})
        return
    if not hand:
        end_hand(variant, hs, "out", seat, {})
        return
    end_turn(variant, hs, end_hand)


def _laid(variant: Variant, hs: HandState, seat: int, value: int, wilds: int) -> None:
    if hs.laid_down[seat] is None:
        hs.laid_down[seat] = hs.turns[seat]
    hs.melded[seat] += value
    hs.melded_jokers[seat] += wilds
    hs.value_this_turn += value


def end_turn(variant: Variant, hs: HandState, end_hand: Ender) -> None:
    """The mover's turn is over without going out: stock rules, safety cap, next seat."""
    hs.taken = []
    hs.obligation = None
    hs.melds_this_turn = 0
    hs.value_this_turn = 0
    hs.must_draw_stock = False
    hs.turn_count += 1
    st = variant.stock
    if st.exhausted == "recycle":
        if not hs.stock:
            if len(hs.discard) < 2:
                end_hand(
                    variant, hs, "void", None, {"why": "stock empty, pile too small to turn over"}
                )
                return
            old = hs.discard
            hs.stock = old[1:]
            hs.discard = [old[0]]
            hs.history.append({"event": "recycle", "cards": len(hs.stock)})
    elif len(hs.stock) <= st.reserve:
        end_hand(variant, hs, "stock" if st.exhausted == "end" else "void", None, {})
        return
    if hs.turn_count >= TURN_CAP:
        end_hand(variant, hs, "abandoned", None, {})
        return
    hs.to_move = next_seat(variant, hs, hs.to_move)
    hs.phase = "draw"
