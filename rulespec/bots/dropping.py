"""When the smart bot drops out of a hand: expected loss against the penalty (bots layer).

A drop (``play.drop``) costs a known penalty now; playing on costs what the hand
is expected to lose. The bot judges its hand against the table: it samples
``SAMPLES`` hands of its own size from the cards it has not seen and counts the
share ``r`` its hand beats (a lower cost, by the bot's own cost of a hand, ``rank``). With
``n`` seats in the hand it is best at the table with chance about ``r ** (n - 1)``.
Then

- winning gains about what each other seat loses, ``(n - 1)`` times the sampled
  hands' mean loss;
- losing costs about its own loss; a hand's loss is its deadwood now times ``KEEP``
  (the share of it still held when someone goes out), capped at ``LOSS_CAP`` times
  the drop penalty (games with a drop cap a loser's payment: Indian Rummy's 80 is
  twice the later drop's 40);

and it drops when the penalty is below the expected loss of playing on. The
samples come from a generator seeded by the position: the same position gives
the same answer, and no global random is used.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from rulespec.bots.base import View

SAMPLES = 12
"""Sampled hands the bot's hand is compared with."""
KEEP = 0.45
"""The share of a hand's cost now that it still holds when another seat goes out."""
LOSS_CAP = 2.0
"""A loser's loss counted at most this many times the drop penalty (games cap it: 80 to 40)."""

Cost = Callable[[Sequence[int]], float]


def _seats(view: View) -> int:
    return max(2, sum(1 for n in view.hand_sizes if n > 0) or view.players)


def strength(view: View, pool: Counter[int], rank: Cost, loss: Cost) -> tuple[float, float]:
    """(the share of sampled hands this hand beats by ``rank``, their mean ``loss``)."""
    cards = list(pool.elements())
    size = len(view.hand)
    if len(cards) < size or not size:
        return 0.5, loss(view.hand)
    rng = random.Random(hash((tuple(sorted(view.hand)), len(view.history))))
    mine = rank(view.hand)
    beaten, total = 0, 0.0
    for _ in range(SAMPLES):
        other = rng.sample(cards, size)
        beaten += mine < rank(other)
        total += loss(other)
    return beaten / SAMPLES, total / SAMPLES


def expected_loss(view: View, pool: Counter[int], rank: Cost, loss: Cost, penalty: int) -> float:
    """What playing on is expected to lose (negative: to win), in card points."""
    share, typical = strength(view, pool, rank, loss)
    seats = _seats(view)
    cap = LOSS_CAP * penalty if penalty > 0 else float("inf")
    lose = min(cap, KEEP * max(loss(view.hand), 0.0))
    gain = (seats - 1) * min(cap, KEEP * max(typical, 0.0))
    win = share ** (seats - 1)
    return (1 - win) * lose - win * gain


def should_drop(view: View, pool: Counter[int], rank: Cost, loss: Cost, penalty: int) -> bool:
    """Drop now? When the penalty is less than the expected loss of playing on.

    The expected loss is never more than the loss if beaten (``(1 - win) * lose - win *
    gain`` with ``lose``, ``gain`` and ``win`` at least 0), so a penalty at least that
    loss keeps the bot in without sampling the table (the same answer, most turns).

    Otherwise it drops when ``win * (lose + gain) < lose - penalty``. The samples are
    drawn in the same order as `strength`'s, and after each one the answer is settled
    when no outcome of the samples still to come could change it: ``win`` is at least
    the share beaten so far and at most that share with every sample still to come
    beaten, ``gain`` between 0 and ``(n - 1)`` times the cap. A settled answer stops the
    sampling (each sample is a hand solved whole); an unsettled one is decided from all
    the samples, as `expected_loss` does (the samples' losses are read then only: a
    settled answer needs none). The margins keep rounding from deciding."""
    cap = LOSS_CAP * penalty if penalty > 0 else float("inf")
    lose = min(cap, KEEP * max(loss(view.hand), 0.0))
    if penalty >= lose:
        return False
    cards = list(pool.elements())
    size = len(view.hand)
    if len(cards) < size or not size or cap == float("inf"):
        return penalty < expected_loss(view, pool, rank, loss, penalty)
    seats = _seats(view)
    room = lose - penalty  # the drop is taken when win * (lose + gain) falls below it
    most = lose + (seats - 1) * cap
    rng = random.Random(hash((tuple(sorted(view.hand)), len(view.history))))
    mine = rank(view.hand)
    beaten = 0
    others = []  # (their losses are read only when the samples settle nothing)
    for k in range(1, SAMPLES + 1):
        other = rng.sample(cards, size)
        beaten += mine < rank(other)
        others.append(other)
        if (beaten / SAMPLES) ** (seats - 1) * lose > room * (1 + MARGIN) + MARGIN:
            return False  # beaten often enough already: playing on costs less than the drop
        high = ((beaten + SAMPLES - k) / SAMPLES) ** (seats - 1) * most
        if high < room * (1 - MARGIN) - MARGIN:
            return True  # even beating every sample to come would not make playing on pay
    total = 0.0
    for other in others:  # (summed in the samples' order, as `strength` sums them)
        total += loss(other)
    share, typical = beaten / SAMPLES, total / SAMPLES
    gain = (seats - 1) * min(cap, KEEP * max(typical, 0.0))
    win = share ** (seats - 1)
    return penalty < (1 - win) * lose - win * gain


MARGIN = 1e-9
"""Relative and absolute slack of `should_drop`'s early answers (never decided by rounding)."""
