"""Match-table sentences of `rulespec explain`: teams, sit-outs, columns, elimination (explain).

Read from the `match.*` axes of model/axes/table.py; called by the match
sentences of explain/score.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.explain.words import axis_sentence, get


def ends_otherwise(doc: Mapping[str, Any]) -> bool:
    """Whether elimination over a total (penalty points) ends the match."""
    return get(doc, "match.eliminate_over") is not None


def table_sentences(doc: Mapping[str, Any]) -> list[str]:
    """Teams, seats sitting out, score columns, elimination over a total and buy-backs."""
    out: list[str] = []
    out += axis_sentence(doc, "match.teams")
    playing = get(doc, "match.playing")
    if playing is not None:
        out.append(
            f"Only {playing} players are dealt in each hand; the others sit it out (no cards,"
            " no turn, no score). In the first hand the players the deal reaches last wait."
        )
        if get(doc, "match.sit_out") == "rotate":
            out.append("After each hand the waiting places pass on round the table.")
        else:
            out.append(
                "After each hand its losers (the lowest scores) sit out the next one and the"
                " waiting players come in; a player coming in deals. After a hand nobody"
                " won, the same players play again."
            )
    columns = get(doc, "match.columns")
    if columns is not None:
        target = get(doc, "match.target")
        out.append(
            f"Scores are kept in {columns} columns at once: a player's first win is entered in"
            " column 1, the second in columns 1 and 2, and so on (a win counts in as many"
            f" open columns as the player's wins so far). A column closes when a total in it"
            f" reaches {target}, with its own bonuses; the match ends when every column is"
            " closed, and a player's total is the sum of their columns. The bonuses below are"
            " paid in each column as it closes, to its winner and for the hands won in it."
        )
    over = get(doc, "match.eliminate_over")
    if over is not None:
        out.append(
            f"A player whose total reaches {over} or more leaves the match; the last player"
            " left wins."
        )
    buy = get(doc, "match.buy_back")
    if buy:
        worst = "highest" if over is not None else "lowest"
        times = "once" if buy == 1 else f"{buy} times"
        if get(doc, "match.buy_back_by") == "automatic":
            out.append(
                f"A player who leaves buys back in {times}, at once and without being asked,"
                f" with the {worst} total among the players still in, as long as two or more"
                " are still in."
            )
        else:
            out.append(
                f"A player who leaves may buy back in {times}, with the {worst} total among"
                " the players still in, as long as two or more are still in: before the next"
                " deal each such player chooses, in turn from the dealer's left, to buy back"
                " in ('rebuy') or to stay out ('pass')."
            )
    return out
