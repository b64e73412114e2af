"""Position validation: every field of a saved position, located by its JSON path (stage: run).

`check_fields` runs before a position is read (types, ranges, card texts, move
texts, the result's shape), `check_state` after (card conservation, the turn's
cards in the mover's hand, phase consistency), so a hand-edited save gives
one `PositionError` naming the bad field (`history.3.cards.0: 'ZZ' is not a
card ...`) and never a `TypeError` or `ValueError`. The bounds below are the
documented ones (docs/position.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from rulespec.core.cards import card_text, parse_card, parse_placed
from rulespec.core.errors import InvalidMove, PositionError
from rulespec.core.moves import Move
from rulespec.interpreter import melds as M
from rulespec.model.names import HAND_ENDS
from rulespec.model.variant import Variant

SEED_LIMIT = 2**64
"""Seeds are integers 0 <= seed < 2**64 (the same bound as `Game.new`)."""
SCORE_LIMIT = 10**9
"""Totals, scores and melded values lie within -10**9..10**9."""
COUNT_LIMIT = 10**9
"""Counters (turns, hand number, hands won, recycles) lie within 0..10**9."""
TEXT_LIMIT = 2000
"""Longest text kept from a position (a log or history move, a result line)."""
PHASES = ("upcard", "draw", "play", "over", "claim", "rebuy")
SCORED = ("over", "rebuy")
"""Phases after the hand's scoring: the hand has its result (rebuy: seats put out decide)."""


def seed_problem(seed: object) -> str | None:
    """Why `seed` is no match seed (None if it is one): an int 0 <= seed < 2**64."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        return f"a seed is an integer, not {_kind(seed)}"
    if not 0 <= seed < SEED_LIMIT:
        return f"a seed is an integer from 0 to 2**64 - 1, not {_short(seed)}"
    return None


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _short(value: object) -> str:
    """A value for a message, cut short (a 5,000-digit number is not repeated)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**15:
        digits = int(abs(value).bit_length() * 0.30103) + 1  # str() fails past 4300 digits
        return f"{'-' if value < 0 else ''}a number of about {digits} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a huge int inside, or nesting too deep
        return f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def _fail(path: str, message: str) -> PositionError:
    return PositionError(f"{path}: {message}" if path else message)


def _int(value: object, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, f"expected an integer, got {_kind(value)} {_short(value)}")
    if not low <= value <= high:
        raise _fail(path, f"expected an integer from {low} to {high}, got {_short(value)}")
    return value


def _opt_int(value: object, path: str, low: int, high: int) -> None:
    if value is not None:
        _int(value, path, low, high)


def _bool(value: object, path: str) -> None:
    if not isinstance(value, bool):
        raise _fail(path, f"expected true or false, got {_kind(value)} {_short(value)}")


def _list(value: object, path: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, f"expected a list, got {_kind(value)}")
    if length is not None and len(value) != length:
        raise _fail(path, f"expected a list of {length} (one per seat), got {len(value)} items")
    return value


def _map(value: object, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(path, f"expected a mapping, got {_kind(value)}")
    return value


def _text(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise _fail(path, f"expected a text, got {_kind(value)} {_short(value)}")
    if len(value) > TEXT_LIMIT:
        raise _fail(path, f"a text of {len(value)} characters; at most {TEXT_LIMIT}")
    return value


def card(value: object, path: str) -> int:
    """A card text ('7H', 'TS', 'JK') at `path`, as its code."""
    if not isinstance(value, str):
        raise _fail(path, f"expected a card text such as '7H', got {_kind(value)} {_short(value)}")
    if len(value) > 12:
        raise _fail(path, f"{_short(value)} is not a card: a card is written like 7H, TS or JK")
    try:
        return parse_card(value)
    except InvalidMove as exc:
        raise _fail(path, str(exc)) from None


def _cards(value: object, path: str) -> list[int]:
    return [card(c, f"{path}.{i}") for i, c in enumerate(_list(value, path))]


def _in_pack(variant: Variant, codes: list[int], path: str, single: bool = False) -> None:
    """Cards of a rank the pack does not hold (`deck.ranks`) are refused where they stand."""
    for i, code in enumerate(codes):
        if code < 52 and code % 13 + 1 not in variant.ranks:
            rank = card_text(code)[:-1].replace("T", "10")
            where = path if single else f"{path}.{i}"
            raise _fail(
                where, f"{card_text(code)} is not in this pack: it has no {rank}s (deck.ranks)"
            )


def _placed(value: object, path: str) -> tuple[int, int]:
    if not isinstance(value, str):
        raise _fail(path, f"expected a card text such as 'JK:7H', got {_kind(value)}")
    if len(value) > 24:
        raise _fail(path, f"{_short(value)} is not a card: a card is written like 7H or JK:7H")
    try:
        return parse_placed(value)
    except InvalidMove as exc:
        raise _fail(path, str(exc)) from None


def _move(value: object, path: str) -> None:
    try:
        Move.parse(_text(value, path))
    except InvalidMove as exc:
        raise _fail(path, str(exc)) from None


def _flat(entry: Mapping[str, Any], known: set[str], path: str) -> None:
    """Keys beyond the known ones may hold only plain values (no nested structures)."""
    for key, value in entry.items():
        if not isinstance(key, str):
            raise _fail(path, f"keys are texts, not {_kind(key)}")
        if key in known:
            continue
        items = value if isinstance(value, list) else [value]
        if not all(_plain(x) for x in items):
            raise _fail(f"{path}.{key}", "expected a plain value or a list of plain values")


def _plain(value: object) -> bool:
    """A JSON scalar that saves and prints: no huge number, no overlong text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) < SEED_LIMIT
    if isinstance(value, str):
        return len(value) <= TEXT_LIMIT
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, bool)


def _seat_list(pos: Mapping[str, Any], key: str, n: int, check: Callable[[Any, str], Any]) -> None:
    if pos.get(key) is not None:
        for i, v in enumerate(_list(pos[key], key, n)):
            check(v, f"{key}.{i}")


def check_fields(variant: Variant, pos: object) -> None:
    """Every field's type, range and text (cards, moves) of a raw position; PositionError."""
    pos = _map(pos, "")
    if "variant" in pos and _text(pos["variant"], "variant") != variant.name:
        raise _fail("variant", f"the position is of {pos['variant']!r}, not {variant.name!r}")
    hands = pos.get("hands")
    if not isinstance(hands, list) or not hands:
        raise _fail("hands", "expected a list with one list of cards per seat")
    low, high = variant.min_players, variant.max_players
    n = _int(pos.get("players", len(hands)), "players", low, high)
    _list(hands, "hands", n)
    for i, h in enumerate(hands):
        _in_pack(variant, _cards(h, f"hands.{i}"), f"hands.{i}")
    for key in ("dealer", "to_move", "match_winner"):
        _opt_int(pos.get(key), key, 0, n - 1)
    phase = pos.get("phase", "draw")
    if phase not in PHASES:
        raise _fail("phase", f"expected one of {', '.join(PHASES)}, got {_short(phase)}")
    for key in ("stock", "discard"):
        if pos.get(key) is not None:
            _in_pack(variant, _cards(pos[key], key), key)
    if pos.get("upcard") is not None:
        _in_pack(variant, [card(pos["upcard"], "upcard")], "upcard", single=True)
    elif _reads_upcard(variant):
        raise _fail(
            "upcard", f"{variant.name}'s rules read the upcard (upcard.*): give the hand's upcard"
        )
    _melds(variant, pos.get("melds"), n)
    _turn(pos.get("turn"))
    if pos.get("offer") is not None:
        offer = _map(pos["offer"], "offer")
        _opt_int(offer.get("passes"), "offer.passes", 0, n)
        if offer.get("must_draw_stock") is not None:
            _bool(offer["must_draw_stock"], "offer.must_draw_stock")

    def score(v: Any, p: str) -> int:
        return _int(v, p, -SCORE_LIMIT, SCORE_LIMIT)

    def count(v: Any, p: str) -> int:
        return _int(v, p, 0, COUNT_LIMIT)

    for key, check in (("totals", score), ("melded", score), ("turns", count)):
        _seat_list(pos, key, n, check)
    for key in ("melded_jokers", "hands_won", "buys"):
        _seat_list(pos, key, n, count)
    _seat_list(pos, "laid_down", n, lambda v, p: _opt_int(v, p, -1, COUNT_LIMIT))
    _seat_list(pos, "active", n, _bool)
    for key in ("turn_count", "recycles"):
        _opt_int(pos.get(key), key, 0, COUNT_LIMIT)
    _opt_int(pos.get("hand"), "hand", 1, COUNT_LIMIT)
    if pos.get("seed") is not None:
        problem = seed_problem(pos["seed"])
        if problem:
            raise _fail("seed", problem)
    if pos.get("log") is not None:
        for i, text in enumerate(_list(pos["log"], "log")):
            _move(text, f"log.{i}")
    _history(pos.get("history"), n)
    if pos.get("match_over") is not None:
        _bool(pos["match_over"], "match_over")
    _result(pos.get("result"), phase, n, pos.get("match_over") is True)


def _reads_upcard(variant: Variant) -> bool:
    """Whether an expression of the variant reads `upcard.*` (judged by parsed names,
    so a title or description that mentions `upcard.value` does not count)."""
    return any(name.startswith("upcard.") for name in variant.names_read)


def _melds(variant: Variant, raw: object, n: int) -> None:
    if raw is None:
        return
    for i, m in enumerate(_list(raw, "melds")):
        path = f"melds.{i}"
        m = _map(m, path)
        _opt_int(m.get("owner"), f"{path}.owner", 0, n - 1)
        cards = _list(m.get("cards"), f"{path}.cards")
        placed = [_placed(t, f"{path}.cards.{j}") for j, t in enumerate(cards)]
        why = M.meld_refusal(variant, placed)
        if why is not None:
            shown = " ".join(str(c) for c in cards)
            raise _fail(path, f"{shown} is not a valid meld of {variant.name}: {why}")


def _turn(raw: object) -> None:
    if raw is None:
        return
    turn = _map(raw, "turn")
    if turn.get("taken") is not None:
        _cards(turn["taken"], "turn.taken")
    _opt_int(turn.get("melds"), "turn.melds", 0, COUNT_LIMIT)
    _opt_int(turn.get("value"), "turn.value", -SCORE_LIMIT, SCORE_LIMIT)
    ob = turn.get("obligation")
    if ob is None:
        return
    ob = _map(ob, "turn.obligation")
    card(ob.get("card"), "turn.obligation.card")
    if ob.get("use") not in ("meld", "any"):
        raise _fail("turn.obligation.use", f"expected meld or any, got {_short(ob.get('use'))}")
    _opt_int(ob.get("hand_cards"), "turn.obligation.hand_cards", 0, 60)


def _history(raw: object, n: int) -> None:
    if raw is None:
        return
    for i, entry in enumerate(_list(raw, "history")):
        path = f"history.{i}"
        if not isinstance(entry, Mapping) or not ("move" in entry or "event" in entry):
            raise _fail(path, f"expected {{seat, move}} or {{event}}, got {_short(entry)}")
        _flat(entry, {"seat", "move", "event", "cards"}, path)
        cards = entry.get("cards")
        if "move" in entry:
            _int(entry.get("seat"), f"{path}.seat", 0, n - 1)
            _move(entry["move"], f"{path}.move")
            if cards is not None:
                _cards(cards, f"{path}.cards")
        else:
            _text(entry["event"], f"{path}.event")
            if isinstance(cards, list):
                _cards(cards, f"{path}.cards")
            else:
                _opt_int(cards, f"{path}.cards", 0, COUNT_LIMIT)


LEGACY_RUMMY = "rummy"
"""The reason saves written before `rummy` became a flag of `out` carry (read as `out`)."""


def _result(raw: object, phase: object, n: int, match_over: bool) -> None:
    if raw is None:
        if phase in SCORED:
            raise _fail("result", f"a position in phase {phase!r} needs the hand's result")
        if match_over:
            raise _fail("match_over", "a match ends with a hand: the phase must be 'over'")
        return
    if phase not in SCORED:
        raise _fail("result", f"only a hand that is over has a result (phase is {phase!r})")
    result = _map(raw, "result")
    known = {"reason", "winner", "knocker", "rummy", "scores", "lines", "hands", "layoffs"}
    _flat(result, known | {"why", "match_over", "match_winner"}, "result")
    if result.get("reason") not in HAND_ENDS and result.get("reason") != LEGACY_RUMMY:
        raise _fail(
            "result.reason",
            f"expected one of {', '.join(HAND_ENDS)}, got {_short(result.get('reason'))}",
        )
    for key in ("winner", "knocker", "match_winner"):
        _opt_int(result.get(key), f"result.{key}", 0, n - 1)
    for key in ("rummy", "match_over"):
        if result.get(key) is not None:
            _bool(result[key], f"result.{key}")
    for i, v in enumerate(_list(result.get("scores"), "result.scores", n)):
        _int(v, f"result.scores.{i}", -SCORE_LIMIT, SCORE_LIMIT)
    for i, line in enumerate(_list(result.get("lines", []), "result.lines")):
        _text(line, f"result.lines.{i}")
    if result.get("hands") is not None:
        for i, h in enumerate(_list(result["hands"], "result.hands", n)):
            _cards(h, f"result.hands.{i}")
    for i, lay in enumerate(_list(result.get("layoffs", []), "result.layoffs")):
        lay = _map(lay, f"result.layoffs.{i}")
        _int(lay.get("seat"), f"result.layoffs.{i}.seat", 0, n - 1)
        for j, t in enumerate(_list(lay.get("cards"), f"result.layoffs.{i}.cards")):
            _placed(t, f"result.layoffs.{i}.cards.{j}")
    if result.get("why") is not None:
        _text(result["why"], "result.why")


def check_state(
    active: list[bool],
    hands: list[list[int]],
    to_move: int,
    phase: str,
    taken: list[int],
    obligation: tuple[int, str, int] | None,
    melds_this_turn: int,
    table_melds: int,
) -> None:
    """What the turn state says must agree with the cards: a pending obligation's card was
    taken and is still in the mover's hand, and turn state exists only after the draw.
    While the hand is on, every seat still in the match holds cards (an empty hand is out)."""
    if phase not in SCORED:
        for seat, held in enumerate(hands):
            if active[seat] and not held:
                raise _fail(
                    f"hands.{seat}", "empty, but the hand is not over (a seat with no cards is out)"
                )
    if phase in SCORED:  # the last turn's state stays as it was when the hand ended
        return
    if phase != "play":
        if taken:
            raise _fail("turn.taken", f"cards are taken only after the draw, not in phase {phase}")
        if obligation is not None:
            raise _fail("turn.obligation", f"an obligation follows a draw, not in phase {phase}")
        if melds_this_turn:
            raise _fail("turn.melds", f"melds are laid only after the draw, not in phase {phase}")
        return
    if obligation is not None:  # (taken cards may have been melded since: not checked)
        c = obligation[0]
        if c not in hands[to_move]:
            raise _fail(
                "turn.obligation.card",
                f"{card_text(c)} is not in the hand of seat {to_move} (to move)",
            )
        if c not in taken:
            raise _fail(
                "turn.obligation.card", f"{card_text(c)} was not taken from the pile (turn.taken)"
            )
    if melds_this_turn > table_melds:
        raise _fail(
            "turn.melds", f"{melds_this_turn} melds this turn but {table_melds} on the table"
        )
