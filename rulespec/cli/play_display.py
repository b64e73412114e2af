"""Rich rendering for `rulespec play` (stage: cli output): the table as one seat sees it.

Everything is drawn from ``game.observation(seat)`` (never hidden cards) except
the end-of-hand layout, which shows every hand as the rules do. Cards are
sorted by suit then rank and coloured by suit; table melds are numbered as in
move text; the discard pile is shown as the variant shows it (top card only, or
spread). In knock variants the seat's best melds and deadwood are shown. The
engine's result lines are shown with seats named as everywhere else ("You",
"Seat 1 (smart)") and hands and deadwood sorted like the hand display. A
console made by ``make_console(plain=True)`` writes plain text with no colour
and no control codes, for scripts and pipes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from rulespec.bots.base import card_code, view_of
from rulespec.core.cards import JOKER, rank_of, suit_of
from rulespec.core.cards import card_text as card_name
from rulespec.model.variant import Variant

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
    return sorted(cards, key=sort_key)


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
    for table_line in match_table_lines(observation, lambda s: seat_label(s, human, bots)):
        console.print(table_line)
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
    if "wild_rank" in observation:  # a wild rank per hand (melds.wild.rank / cut)
        rank, cut = observation.get("wild_rank"), observation.get("cut_card")
        said = f"every {rank} is wild this hand" if rank else "no rank is wild this hand"
        console.print(f"Wild rank: {said}" + (f" (cut card {cut})" if cut else ""))
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
    if variant.knock is not None and view.hand:
        mine = view.to_move == human and view.phase == "play"
        console.print(knock_summary(variant, view.hand, mine, view.taken or ()))
    turn = (
        "your turn" if view.to_move == human else f"{seat_label(view.to_move, human, bots)} to move"
    )
    phase = {"upcard": "take the upcard or pass", "draw": "draw", "play": "meld, lay off, discard"}
    phase["claim"] = "buy the top discard out of turn, or pass"
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
    dealt = position.get("active") or [True] * len(hands)
    for seat, cards in enumerate(hands):
        line = Text(f"{seat_label(seat, human, bots)}: ")
        cards_list = [card_code(c) if isinstance(c, str) else int(c) for c in cards]
        empty = "(out)" if dealt[seat] else "(not dealt in: sits out or left the match)"
        line.append_text(cards_line(sort_cards(cards_list)) if cards_list else Text(empty))
        console.print(line)
    for number, meld in enumerate(position.get("melds") or [], start=1):
        line = Text(f"  meld {number} ({seat_label(int(meld.get('owner', -1)), human, bots)}): ")
        line.append_text(cards_line(list(meld.get("cards", []))))
        console.print(line)
    winner = _result_get(result, "winner")
    who = seat_label(int(winner), human, bots) if winner is not None else "nobody"
    console.print(f"Result: {reason_text(result)}; winner: {who}")
    for text in _result_get(result, "lines", []) or []:
        console.print(f"  {result_line(str(text), human, bots)}")
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


def drawn_cards(before: Counter[str], after: Iterable[str]) -> str:
    """The cards a move put into a hand (``before``: the hand's card counts), as text."""
    new = Counter(after) - before
    codes = [card_code(c) for c in new.elements()]
    return " ".join(card_name(c) for c in sort_cards(codes))


def knock_summary(
    variant: Variant, hand: Sequence[int], discarding: bool, taken: Sequence[int] = ()
) -> Text:
    """Best melds and deadwood of a knock variant's hand; when a card is still to be
    discarded (``discarding``), also the deadwood the best allowed discard leaves."""
    from rulespec.bots.hands import after_discard
    from rulespec.core.cards import placed_text
    from rulespec.interpreter.solver import best_arrangement

    dw, melds, dead = best_arrangement(variant, list(hand))
    line = Text("Your melds: ")
    for i, meld in enumerate(melds):
        if i:
            line.append(" | ")
        line.append_text(cards_line([placed_text(p) for p in meld]))
    if not melds:
        line.append("none")
    line.append(f"; deadwood {dw}")
    if dead and melds:
        line.append(" (")
        line.append_text(cards_line(sort_cards(dead)))
        line.append(")")
    allowed = [c for c in hand if c not in taken] if variant.discard.forbid_taken else list(hand)
    if discarding and allowed:
        left, card = after_discard(variant, hand, allowed)
        line.append(f"; discarding {card_name(card)} leaves {left}")
    return line


_SEAT = re.compile(r"\bseat (\d+)(:| is | knocks| lays off| goes out| wins| deadwood|\b)")
_YOU_VERB = {
    " is ": " are ",
    " knocks": " knock",
    " lays off": " lay off",
    " goes out": " go out",
    " wins": " win",
}
_YOUR = {" deadwood": " deadwood"}  # "Your deadwood 12", not "You deadwood 12"
_CARD = r"(?:JK|[2-9TJQKA][CDHS]|10[CDHS])(?::[2-9TJQKA][CDHS])?"
_CARDS = re.compile(rf"\b(hand|deadwood|lays off) ({_CARD}(?: {_CARD})*)\b")


def name_seats(text: str, human: int, bots: Mapping[int, str]) -> str:
    """Engine text with every ``seat N`` named as on screen ("You", "Seat 1 (smart)")."""

    def seat(match: re.Match[str]) -> str:
        number, rest = int(match.group(1)), match.group(2)
        if number == human:
            return "Your" + rest if rest in _YOUR else "You" + _YOU_VERB.get(rest, rest)
        return seat_label(number, human, bots) + rest

    return _SEAT.sub(seat, text)


def result_line(text: str, human: int, bots: Mapping[int, str]) -> str:
    """An engine result line for the table: seats named as on screen, hands sorted."""

    def cards(match: re.Match[str]) -> str:
        words = match.group(2).split()
        codes = {w: card_code(w) for w in words}
        return f"{match.group(1)} " + " ".join(sorted(words, key=lambda w: sort_key(codes[w])))

    text = name_seats(_CARDS.sub(cards, text), human, bots)
    return text[:1].upper() + text[1:]


def sort_key(code: int) -> tuple[bool, int, int, int]:
    """The display order of one card: by suit (C D H S), then rank, jokers last."""
    return (code >= JOKER, suit_of(code) if code < JOKER else 9, rank_of(code), code)


def match_table_lines(observation: Mapping[str, Any], name: Callable[[int], str]) -> list[str]:
    """Teams, the seats sitting this hand out and the score columns, as `play` prints them."""
    lines = []
    teams, team_totals = observation.get("teams"), observation.get("team_totals")
    if teams and team_totals:
        lines.append(
            "Teams: "
            + "; ".join(
                f"{' + '.join(name(s) for s, t in enumerate(teams) if t == team)} {total}"
                for team, total in enumerate(team_totals)
            )
        )
    waiting = observation.get("sitting_out") or []
    if waiting:
        lines.append("Sitting this hand out: " + ", ".join(name(s) for s in waiting))
    for j, col in enumerate(observation.get("columns") or []):
        shown = ", ".join(f"{name(s)} {t}" for s, t in enumerate(col["totals"]))
        lines.append(f"Column {j + 1}{' (closed)' if col['closed'] else ''}: {shown}")
    return lines
