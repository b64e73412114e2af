"""Move value objects and their one canonical text (core: what a player does).

A `Move` is a small frozen value (model: python-chess): `str(move)` is its
canonical text and `Move.parse(text)` reads it back, so moves round-trip
through logs, saved games and the terminal. Garbled text raises
`InvalidMove` echoing the input; whether a move is allowed is the engine's
business (`IllegalMove`).

Texts: `draw stock`, `draw discard`, `draw discard+stock`,
`draw discard+discard`, `take N`, `take pile`, `meld C C C…` (a wild as
`JK:7H`), `layoff C M`, `swap C M`, `discard C`, `knock C`,
`knock C with C C C…, C C C…` (the knocker names the melds it shows; `|`
also separates them), `pass`, `knock` (a knock before drawing: no discard),
`drop` (the mover drops out of the hand), `force` (a turned card forced on
the next player), `force C` (discard C, forced on the next player),
`buy` (claim the top discard out of turn, with the penalty cards of
`buy.penalty`; `pass` declines the claim), `rebuy` (a seat put out of the
match buys back in, `match.buy_back`; `pass` declines: it stays out).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulespec.core.cards import JOKER, card_text, parse_card, parse_placed, placed_text
from rulespec.core.errors import InvalidMove

Placed = tuple[int, int]
"""A card as laid on the table: (card code, code of the card it stands for)."""

DRAW_STOCK = "draw stock"
DRAW_DISCARD = "draw discard"
DRAW_DISCARD_STOCK = "draw discard+stock"
DRAW_DISCARD_DISCARD = "draw discard+discard"
TAKE = "take"
TAKE_PILE = "take pile"
MELD = "meld"
LAYOFF = "layoff"
SWAP = "swap"
DISCARD = "discard"
KNOCK = "knock"
PASS = "pass"
DROP = "drop"
FORCE = "force"
BUY = "buy"
REBUY = "rebuy"

DRAWS = frozenset(
    {DRAW_STOCK, DRAW_DISCARD, DRAW_DISCARD_STOCK, DRAW_DISCARD_DISCARD, TAKE, TAKE_PILE}
)
_FIXED = {
    "draw stock": DRAW_STOCK,
    "draw discard": DRAW_DISCARD,
    "draw discard+stock": DRAW_DISCARD_STOCK,
    "draw discard+discard": DRAW_DISCARD_DISCARD,
    "take pile": TAKE_PILE,
    "pass": PASS,
    "drop": DROP,
    "knock": KNOCK,
    "force": FORCE,
    "buy": BUY,
    "rebuy": REBUY,
}
_USAGE = (
    "expected one of: draw stock | draw discard | draw discard+stock | draw discard+discard"
    " | take N | take pile | meld C C C... | layoff C M | swap C M | discard C | knock C"
    " | knock C with C C C..., C C C... | pass | knock | drop | force | force C | buy | rebuy"
)


def _rank_index(code: int) -> int:
    return code % 13


_ORDERED: dict[tuple[Placed, ...], tuple[Placed, ...]] = {}  # meld_order's answers so far


def meld_order(cards: tuple[Placed, ...]) -> tuple[Placed, ...]:
    """Canonical order of a meld's cards: sets by suit, runs in sequence (round the corner too).
    Kept by the cards (the engine's laying lists make the same melds again and again)."""
    try:
        hit = _ORDERED.get(cards)
    except TypeError:  # placed cards that are not tuples: ordered, not kept
        return _meld_order(cards)
    if hit is None:
        if len(_ORDERED) >= 100_000:
            _ORDERED.clear()
        hit = _ORDERED[cards] = _meld_order(cards)
    return hit


def _meld_order(cards: tuple[Placed, ...]) -> tuple[Placed, ...]:
    if not cards:
        return cards
    ordered = sorted(cards, key=lambda p: (_rank_index(p[1]), p[1] // 13, p[0]))
    ranks = [_rank_index(p[1]) for p in ordered]
    if len(set(ranks)) == len(ranks) and len({p[1] // 13 for p in ordered}) == 1:
        # a run: start after the largest gap so Q K A and K A 2 read in sequence
        gaps = [(ranks[(i + 1) % len(ranks)] - ranks[i]) % 13 for i in range(len(ranks))]
        widest = max(range(len(gaps)), key=lambda i: (gaps[i], i))
        start = (widest + 1) % len(ordered)
        ordered = ordered[start:] + ordered[:start]
    return tuple(ordered)


@dataclass(frozen=True)
class Move:
    """One move: `kind` (one of the texts' verbs), the cards involved and a number.

    `cards` holds placed cards (card, stands_for): a meld's cards in canonical
    order, or the one card of a layoff / swap / discard / knock. `number` is N
    of `take N` or the meld number (from 1) of `layoff` / `swap`. `melds` is
    what a knock names to show (`knock C with …`), each meld in canonical
    order and the melds sorted; empty for a bare `knock C`, which shows the
    arrangement best for the knocker.
    """

    kind: str
    cards: tuple[Placed, ...] = ()
    number: int = 0
    melds: tuple[tuple[Placed, ...], ...] = ()

    def __str__(self) -> str:
        """The canonical text (worked out once per Move: logs and histories ask it often)."""
        text: str | None = self.__dict__.get("_text")
        if text is None:
            text = self._render()
            object.__setattr__(self, "_text", text)  # a cache beside the fields: eq/hash ignore it
        return text

    def _render(self) -> str:
        if self.kind == TAKE:
            return f"take {self.number}"
        if self.kind == MELD:
            return "meld " + " ".join(placed_text(p) for p in self.cards)
        if self.kind in (LAYOFF, SWAP):
            return f"{self.kind} {placed_text(self.cards[0])} {self.number}"
        if self.kind in (DISCARD, KNOCK, FORCE) and self.cards:
            text = f"{self.kind} {card_text(self.cards[0][0])}"
            if self.melds:
                shown = ", ".join(" ".join(placed_text(p) for p in m) for m in self.melds)
                text += f" with {shown}"
            return text
        return self.kind

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @property
    def card(self) -> int:
        """The (first) card code of a card move."""
        return self.cards[0][0]

    @staticmethod
    def meld(cards: tuple[Placed, ...] | list[Placed]) -> Move:
        return Move(MELD, meld_order(tuple(cards)))

    @staticmethod
    def knock(card: int, melds: Sequence[Sequence[Placed]] = ()) -> Move:
        """`knock C`, or `knock C with …` showing these melds (put in canonical order)."""
        shown = tuple(sorted(meld_order(tuple(m)) for m in melds))
        return Move(KNOCK, ((card, card),), 0, shown)

    def bare(self) -> Move:
        """The move without the melds a knock names (`knock C` for `knock C with …`)."""
        return Move(self.kind, self.cards, self.number) if self.melds else self

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move's text (canonical, or any spacing / case); InvalidMove if garbled.

        Total: any str gives a Move or raises InvalidMove (never another error).
        """
        if not isinstance(text, str):
            raise InvalidMove(f"a move must be text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise InvalidMove(f"move text of {len(text)} characters: a move is at most {MAX_TEXT}")
        words = text.split()  # as typed: messages quote the player's own spelling
        norm = " ".join(words).lower()
        if norm in _FIXED:
            return Move(_FIXED[norm])
        if not words:
            raise InvalidMove(f"empty move text; {_USAGE}")
        verb, args = words[0].lower(), words[1:]
        try:
            if verb == "take" and len(args) == 1:
                return Move(TAKE, (), _number(args[0], "the depth N of take N"))
            if verb == "meld" and args:
                return Move.meld(tuple(_placed(a, text) for a in args))
            if verb in (LAYOFF, SWAP) and len(args) == 2:
                number = _number(args[1], "the meld number M")
                return Move(verb, (_placed(args[0], text),), number)
            if verb in (DISCARD, KNOCK, FORCE) and len(args) == 1:
                code = parse_card(args[0])
                return Move(verb, ((code, code),))
            if verb == KNOCK and len(args) > 2 and args[1].lower() == "with":
                return _knock_with(args[0], " ".join(args[2:]), text)
        except InvalidMove as exc:
            raise InvalidMove(f"{_shown(text)}: {exc}") from None
        raise InvalidMove(_unreadable(text, words[0], args))


MAX_TEXT = 2000
"""Longest move text read (a meld of every card of two decks fits many times over)."""

_MAX_DIGITS = 6
_FORMS = {
    "draw": "draw stock | draw discard | draw discard+stock | draw discard+discard",
    "take": "take N (N a number from 1: the depth in the pile) | take pile",
    "meld": "meld C C C... (the cards, a wild naming its card as JK:7H)",
    LAYOFF: "layoff C M (a card, then the number M of a table meld)",
    SWAP: "swap C M (the natural card, then the number M of the meld holding its wild)",
    DISCARD: "discard C (one card)",
    KNOCK: "knock C (the card discarded), or knock alone (before drawing)",
    PASS: "pass",
    DROP: "drop",
    FORCE: "force (the card you turned up), or force C (discard C, forced on the next player)",
    BUY: "buy (claim the top discard out of turn)",
    REBUY: "rebuy (buy back into the match after being put out)",
}


def _number(word: str, what: str) -> int:
    """A move's number: ASCII digits only (never `³` or `٣`), from 1, at most 6 digits."""
    if not (word.isascii() and word.isdigit()):
        raise InvalidMove(f"{what} must be written in digits 0-9, not {word!r}")
    if len(word) > _MAX_DIGITS:
        raise InvalidMove(f"{what} is too large ({len(word)} digits)")
    value = int(word)
    if value < 1:
        raise InvalidMove(f"{what} must be at least 1, not {value}")
    return value


def _unreadable(text: str, word: str, args: list[str]) -> str:
    """Why the text is no move: the form its verb takes, or what a move and a card look like."""
    shown = _shown(text)
    verb = word.lower()
    if verb in _FORMS:
        return f"cannot read move {shown}: write {_FORMS[verb]}"
    if not args:
        try:
            code = parse_card(word)
        except InvalidMove:
            code = None
        if code is not None:
            card = card_text(code)
            return f"{shown} is a card, not a move: write e.g. 'discard {card}' or 'meld {card} …'"
        if _looks_like_card(verb):
            try:
                parse_card(word)
            except InvalidMove as exc:
                return f"{exc}; a move names its verb first, e.g. 'discard TH'"
    return f"cannot read move {shown}; {_USAGE}"


def _shown(text: str) -> str:
    """The player's text quoted for a message, cut short when long."""
    return repr(text) if len(text) <= 60 else repr(text[:57] + "...")


def _looks_like_card(word: str) -> bool:
    """A short word ending in a suit letter or symbol: meant as a card (`11H`, `1S`, `ZZ`)."""
    return 2 <= len(word) <= 4 and word[-1] in "cdhs♣♦♥♠"


def _placed(word: str, text: str) -> Placed:
    if word.lower() in ("jk", "joker"):
        return (JOKER, JOKER)  # an unnamed joker: the engine names it if only one way fits
    return parse_placed(word)


def _knock_with(card: str, shown: str, text: str) -> Move:
    """`knock C with M, M…`: the melds separated by `,` (or `|`), each at least one card."""
    groups = [g.split() for g in shown.replace("|", ",").split(",")]
    if any(not g for g in groups):
        raise InvalidMove(f"{text!r}: an empty meld after 'with' (melds are separated by ',')")
    code = parse_card(card)
    return Move.knock(code, [[_placed(w, text) for w in g] for g in groups])


def as_move(move: Move | str) -> Move:
    """A Move from a Move or its text."""
    if isinstance(move, Move):
        return move
    return Move.parse(move)
