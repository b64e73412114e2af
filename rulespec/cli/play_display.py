"""Rich rendering for `rulespec play` (stage: cli output): the table as one seat sees it.

Everything is drawn from ``game.observation(seat)`` (never hidden cards) except
the end-of-hand layout, which shows every hand as the rules do. Cards are
sorted by suit then rank and coloured by suit; table melds are numbered as in
move text; the discard pile is shown as the variant shows it (top card only, or
spread). A console made by ``make_console(plain=True)`` writes plain text with
no colour and no control codes, for scripts and pipes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from rulespec.players.base import JOKER, card_code, card_name, rank_of, suit_of, view_of
from rulespec.spec.model import Variant

SUIT_STYLE = {0: "green", 1: "blue", 2: "red", 3: "bold"}
JOKER_STYLE = "magenta"


def make_console(plain: bool) -> Console:
    """A console: colour on a terminal, plain text (no control codes) otherwise."""
    if plain:
        return Console(
            no_color=True,
            color_system=None,
            force_terminal=False,
            highlight=False,
            emoji=False,
            markup=False,
            width=100,
            soft_wrap=True,
        )
    return Console(highlight=False, emoji=False, markup=False)


def sort_cards(cards: Sequence[int]) -> list[int]:
    """By suit (C D H S), then rank, jokers last."""
    return sorted(cards, key=lambda c: (c >= JOKER, suit_of(c) if c < JOKER else 9, rank_of(c), c))


def card_text(text_or_code: str | int) -> Text:
    """One card (or placed card ``JK:7H``) styled by suit."""
    if isinstance(text_or_code, int):
        name = card_name(text_or_code)
        code = text_or_code
    else:
        name = text_or_code
        try:
            code = card_code(text_or_code)
        except ValueError:
            return Text(name)
    style = JOKER_STYLE if code >= JOKER else SUIT_STYLE[suit_of(code)]
    return Text(name, style=style)


def cards_line(cards: Sequence[str | int]) -> Text:
    line = Text()
    for i, card in enumerate(cards):
        if i:
            line.append(" ")
        line.append_text(card_text(card))
    return line


def seat_label(seat: int, human: int, bots: Mapping[int, str]) -> str:
    if seat == human:
        return "You"
    return f"Seat {seat} ({bots.get(seat, 'bot')})"


def _scores_melds(variant: Variant) -> bool:
    """Whether what a seat melds this hand counts in its score (meld credit or `melded`)."""
    if variant.scoring.meld_credit:
        return True
    scoring = variant.document.get("scoring", {})
    return isinstance(scoring, Mapping) and "melded" in repr(scoring)


def render_table(
    console: Console,
    observation: Mapping[str, Any],
    variant: Variant,
    human: int,
    bots: Mapping[int, str],
    hand_number: int,
) -> None:
    """The table as ``human`` sees it: scores, melds, pile, stock, hand sizes, own hand."""
    view = view_of(observation)
    console.rule(f"{variant.title} - hand {hand_number}")
    totals = ", ".join(
        f"{seat_label(s, human, bots)} {t:+d}" if t else f"{seat_label(s, human, bots)} 0"
        for s, t in enumerate(view.totals)
    )
    if totals:
        console.print(f"Scores: {totals}")
    melded = observation.get("melded") or []
    if any(melded) and _scores_melds(variant):
        credit = ", ".join(
            f"{seat_label(s, human, bots)} {v:+d}" for s, v in enumerate(melded) if v
        )
        console.print(f"Melded this hand (counts in the score): {credit}")
    sizes = ", ".join(
        f"{seat_label(s, human, bots)}: {n} cards"
        for s, n in enumerate(view.hand_sizes)
        if s != human
    )
    console.print(f"Stock: {view.stock} cards.  {sizes}")
    raw_melds = observation.get("melds") or []
    if raw_melds:
        console.print("Table melds:")
        for number, meld in enumerate(raw_melds, start=1):
            line = Text(f"  {number}. {seat_label(int(meld.get('owner', -1)), human, bots)}: ")
            line.append_text(cards_line(list(meld.get("cards", []))))
            console.print(line)
    pile = Text("Discard pile: ")
    if not view.pile:
        pile.append("(empty)")
    elif variant.discard.pile == "spread":
        pile.append_text(cards_line(list(view.pile)))
        pile.append(" (top is last)")
    else:
        pile.append_text(card_text(view.pile[-1]))
        if view.pile_size > 1:
            pile.append(f" ({view.pile_size} cards)")
    console.print(pile)
    hand = Text("Your hand: ")
    hand.append_text(cards_line(sort_cards(view.hand)))
    console.print(hand)
    turn = (
        "your turn" if view.to_move == human else f"{seat_label(view.to_move, human, bots)} to move"
    )
    phase = {"upcard": "take the upcard or pass", "draw": "draw", "play": "meld, lay off, discard"}
    console.print(f"[{turn}: {phase.get(view.phase, view.phase)}]")


def _result_get(result: Any, key: str, default: Any = None) -> Any:
    if isinstance(result, Mapping):
        return result.get(key, default)
    return getattr(result, key, default)


def reason_text(result: Any) -> str:
    """The hand-end reason as the result gives it (one of docs/document.md's reasons), with
    going out in one go marked `rummy` and the engine's why (e.g. the turn cap) after it."""
    text = str(_result_get(result, "reason", "?"))
    if _result_get(result, "rummy"):
        text += " (rummy: out in one go)"
    why = _result_get(result, "why")
    if why:
        text += f" ({why})"
    return text


def render_hand_end(
    console: Console,
    game: Any,
    human: int,
    bots: Mapping[int, str],
) -> None:
    """Every hand laid out, then the scoring explained line by line, then the totals."""
    result = game.hand_result
    console.rule("Hand over")
    position = game.position()
    hands = _result_get(result, "hands") or position.get("hands") or []
    for seat, cards in enumerate(hands):
        line = Text(f"{seat_label(seat, human, bots)}: ")
        cards_list = [card_code(c) if isinstance(c, str) else int(c) for c in cards]
        line.append_text(cards_line(sort_cards(cards_list)) if cards_list else Text("(out)"))
        console.print(line)
    for number, meld in enumerate(position.get("melds") or [], start=1):
        line = Text(f"  meld {number} ({seat_label(int(meld.get('owner', -1)), human, bots)}): ")
        line.append_text(cards_line(list(meld.get("cards", []))))
        console.print(line)
    winner = _result_get(result, "winner")
    who = seat_label(int(winner), human, bots) if winner is not None else "nobody"
    console.print(f"Result: {reason_text(result)}; winner: {who}")
    for text in _result_get(result, "lines", []) or []:
        console.print(f"  {text}")
    scores = _result_get(result, "scores", []) or []
    if isinstance(scores, Mapping):
        scores = [scores[k] for k in sorted(scores, key=int)]
    console.print(
        "This hand: "
        + ", ".join(f"{seat_label(s, human, bots)} {int(v):+d}" for s, v in enumerate(scores))
    )
    console.print(
        "Totals: "
        + ", ".join(f"{seat_label(s, human, bots)} {int(v)}" for s, v in enumerate(game.totals))
    )


def render_match_end(console: Console, game: Any, human: int, bots: Mapping[int, str]) -> None:
    winner = game.match_winner
    console.rule("Match over")
    who = seat_label(int(winner), human, bots) if winner is not None else "nobody"
    console.print(f"Match winner: {who}")
    console.print(
        "Final totals: "
        + ", ".join(f"{seat_label(s, human, bots)} {int(v)}" for s, v in enumerate(game.totals))
    )
