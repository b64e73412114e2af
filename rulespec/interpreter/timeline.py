"""Take-backs for `Game.undo`: each hand's start, its moves, checkpoints (pipeline stage: run).

`Game.play` stays as fast as without undo: it only appends the move it
applied to the hand's move list (no copy of the state per move). Each hand
keeps its starting moment (one copy per deal, or per `Game.from_position`),
and `Game.undo` restores the nearest saved moment before the move taken back
and re-plays the hand's moves from there (the engine is deterministic: the
same moves from the same moment reach the same moment). While re-playing,
undo saves a checkpoint every `MARK_EVERY` moves, so taking back move after
move, or playing and taking back at one spot (a bot searching ahead), re-plays
at most that many moves each time.

Saved moments are never changed once taken: restoring one copies it. A
checkpoint stays valid as long as the moves before it stand, so only undo
(which drops the moves after a point) drops checkpoints.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace

from rulespec.core.errors import IllegalMove
from rulespec.core.moves import Move
from rulespec.interpreter.state import HandState, MatchState

MARK_EVERY = 8
"""Undo's re-play saves a checkpoint every this many moves of a hand."""

NOTHING = "undo: nothing to undo (no move has been played since the game was dealt or loaded)"

Moment = tuple[HandState, MatchState]
"""A saved moment: the hand and the match (its log left empty: the game's log has it)."""


def copy_hand(hs: HandState) -> HandState:
    """An independent copy of a hand: every list is new (history entries, written once
    and never changed by the engine, are shared; the result is copied whole)."""
    twin = object.__new__(type(hs))  # (dataclasses.replace, without its per-field init)
    twin.__dict__.update(hs.__dict__)
    twin.hands = [list(h) for h in hs.hands]
    twin.stock = list(hs.stock)
    twin.discard = list(hs.discard)
    twin.melds = list(hs.melds)
    twin.active = list(hs.active)
    twin.taken = list(hs.taken)
    twin.turns = list(hs.turns)
    twin.laid_down = list(hs.laid_down)
    twin.melded = list(hs.melded)
    twin.melded_jokers = list(hs.melded_jokers)
    twin.dropped = list(hs.dropped)
    twin.buys = list(hs.buys)
    twin.rebuy = list(hs.rebuy)
    twin.history = list(hs.history)
    twin.result = None if hs.result is None else copy.deepcopy(hs.result)
    return twin


def copy_match(ms: MatchState, log: list[str] | None = None) -> MatchState:
    """An independent copy of the match state; `log` replaces the move log when given."""
    twin = object.__new__(type(ms))  # (as copy_hand)
    twin.__dict__.update(ms.__dict__)
    twin.totals = list(ms.totals)
    twin.hands_won = list(ms.hands_won)
    twin.log = list(ms.log) if log is None else log
    twin.out = list(ms.out)
    twin.bought = list(ms.bought)
    twin.columns = [replace(c, totals=list(c.totals), wins=list(c.wins)) for c in ms.columns]
    return twin


def _moment(hs: HandState, ms: MatchState) -> Moment:
    return copy_hand(hs), copy_match(ms, [])


@dataclass
class Frame:
    """One hand: where its moves start in the match log, the moves played, and saved
    moments by the number of its moves played before them (0: the hand's start)."""

    log_start: int
    moves: list[Move] = field(default_factory=list)
    marks: dict[int, Moment] = field(default_factory=dict)

    def copy(self) -> Frame:
        return Frame(self.log_start, list(self.moves), dict(self.marks))


class Timeline:
    """The hands of a game since it was dealt or loaded, newest last.

    `moves` is the current hand's move list: `Game.play` appends to it.
    """

    def __init__(self, frames: list[Frame]) -> None:
        self.frames = frames
        self.moves = frames[-1].moves
        self._at = 0  # moves of the current hand re-played so far (during an undo)

    @classmethod
    def begin(cls, hs: HandState, ms: MatchState) -> Timeline:
        """The timeline of a game starting at this moment (nothing to undo yet)."""
        return cls([Frame(len(ms.log), marks={0: _moment(hs, ms)})])

    def next_hand(self, hs: HandState, ms: MatchState) -> None:
        """A new hand was dealt: its start is saved (once per hand)."""
        self.frames.append(Frame(len(ms.log), marks={0: _moment(hs, ms)}))
        self.moves = self.frames[-1].moves

    def copy(self) -> Timeline:
        """An independent timeline (saved moments, never changed, are shared)."""
        return Timeline([f.copy() for f in self.frames])

    def take_back(self, log: list[str]) -> tuple[Move, HandState, MatchState, list[Move]]:
        """Take back the last move played, across hand starts (`next_hand`) too.

        Returns the move, the moment to restart from (fresh copies; the match
        log cut to that moment's moves) and the moves to re-play from there;
        after each, the caller calls `replayed`. IllegalMove (nothing changed)
        when no move was played since the game was dealt or loaded.
        """
        i = len(self.frames) - 1
        while i >= 0 and not self.frames[i].moves:
            i -= 1
        if i < 0:
            raise IllegalMove(NOTHING)
        del self.frames[i + 1 :]
        frame = self.frames[i]
        last = frame.moves.pop()
        played = len(frame.moves)
        for k in [k for k in frame.marks if k > played]:
            del frame.marks[k]
        self._at = max(frame.marks)
        hs, ms = frame.marks[self._at]
        self.moves = frame.moves
        restart = copy_hand(hs), copy_match(ms, log[: frame.log_start + played])
        return last, *restart, frame.moves[self._at : played]

    def replayed(self, hs: HandState, ms: MatchState) -> None:
        """One more move re-played by undo: every `MARK_EVERY` moves, the moment is saved."""
        self._at += 1
        if self._at % MARK_EVERY == 0:
            self.frames[-1].marks[self._at] = _moment(hs, ms)
