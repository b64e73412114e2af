"""The engine by phase: deal, draw, lay (meld, lay-off, swap), discard and knock, stock.

Each phase module owns its moves three ways: the candidates it offers, the
one predicate (`…_refusal`: None when legal, else the rule broken) that both
filters those candidates into the legal moves and explains a refused move,
and how a legal move is applied. `judge.py` dispatches by phase and kind.
"""
