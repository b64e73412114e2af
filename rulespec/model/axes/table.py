"""Axes of the match's table: partnerships, seats sitting out, score columns, elimination (model).

Plain data (see `rulespec.model.axes.base`), all under `match` and said by
`match ...` items: `teams N` (partners opposite: seat s is on team s mod N),
`N seats play` with `loser sits out` / `sitting out rotates` (more seats than
hands: the others wait), `columns N` (Hollywood scoring: a seat's k-th win is
entered in columns 1..k), `eliminate at N or more` with `buy back in N`
(penalty points: a seat at or over N leaves, and may come back at the worst
total still in, by its choice or automatically: `buy back by choice`), and
`lowest total wins`. The engine reads them in interpreter/match.py (totals,
columns, elimination), interpreter/buyback.py (buying back in by choice) and
interpreter/seating.py (who plays the next hand).
"""

from __future__ import annotations

from rulespec.model.axes.base import Axis, Phrase

_BIG = 1_000_000

TABLE: tuple[Axis, ...] = (
    Axis(
        "match.teams",
        "int",
        "seats play in this many teams, seat s on team s mod N (partners sit opposite);"
        " a hand's scores are summed per team, every seat's total is its team's total",
        None,
        low=2,
        high=4,
        nullable=True,
        item="match_item",
        phrases=(Phrase("no teams", None), Phrase("teams {int}")),
        model=("match.teams",),
        explain={
            None: "",
            "*": "The players form {value} teams, partners sitting opposite (seat s is on team"
            " s mod {value}); a hand's scores are added up per team, every player's total is"
            " the team's total, and the match is won by a team.",
        },
    ),
    Axis(
        "match.playing",
        "int",
        "seats dealt in each hand (the others sit out: dealt nothing, no turn, score nothing);"
        " null = every seat plays",
        None,
        low=2,
        high=8,
        nullable=True,
        item="match_item",
        phrases=(Phrase("all seats play", None), Phrase("{int} seats play")),
        model=("match.playing",),
    ),
    Axis(
        "match.sit_out",
        "enum",
        "who sits out the next hand (with match.playing): loser (the lowest scores of the"
        " hand; the seats that waited come in) | rotate (the waiting seats move on round"
        " the table)",
        "loser",
        values=("loser", "rotate"),
        item="match_item",
        phrases=(Phrase("loser sits out", "loser"), Phrase("sitting out rotates", "rotate")),
        model=("match.sit_out",),
    ),
    Axis(
        "match.columns",
        "int",
        "score columns played at once (Hollywood): a seat's k-th win is entered in the open"
        " columns 1..k; a column closes when a total in it reaches match.target, with its own"
        " bonuses; the match ends when every column is closed",
        None,
        low=2,
        high=10,
        nullable=True,
        item="match_item",
        phrases=(Phrase("one column", None), Phrase("columns {int}")),
        model=("match.columns",),
    ),
    Axis(
        "match.eliminate_over",
        "int",
        "penalty points: a seat whose total is >= this leaves; the last seat left wins",
        None,
        low=-_BIG,
        high=_BIG,
        nullable=True,
        item="match_item",
        phrases=(Phrase("no elimination over", None), Phrase("eliminate at {int} or more")),
        model=("match.eliminate_over",),
    ),
    Axis(
        "match.buy_back",
        "int",
        "times a seat may buy back in after being eliminated, at the worst total still in"
        " (only while two seats or more are still in)",
        0,
        low=0,
        high=100,
        item="match_item",
        phrases=(Phrase("no buy back", 0), Phrase("buy back in {int}")),
        model=("match.buy_back",),
    ),
    Axis(
        "match.buy_back_by",
        "enum",
        "how a seat put out buys back in (with match.buy_back): choice (the seat decides"
        " between hands: `rebuy` or `pass`) | automatic (it comes straight back)",
        "choice",
        values=("choice", "automatic"),
        item="match_item",
        phrases=(
            Phrase("buy back by choice", "choice"),
            Phrase("buy back automatically", "automatic"),
        ),
        model=("match.buy_back_by",),
    ),
    Axis(
        "match.wins",
        "enum",
        "which total wins the match: highest | lowest (penalty points)",
        "highest",
        values=("highest", "lowest"),
        item="match_item",
        phrases=(
            Phrase("highest total wins", "highest"),
            Phrase("lowest total wins", "lowest"),
        ),
        model=("match.wins",),
        explain={
            "highest": "",
            "lowest": "Scores are penalty points: when the match ends, the lowest total wins.",
        },
    ),
)
