"""Research interfaces: every rule file as a PettingZoo, Gymnasium or OpenSpiel game (envs layer).

Between the simulation layer and the command line. The interfaces need the
optional extra ``rulespec[rl]`` (numpy, gymnasium, pettingzoo; OpenSpiel for
``rulespec.envs.openspiel``), so they are imported only when asked for:

- ``aec_env(variant_or_path, players=N, render_mode=None)``: a PettingZoo AEC env;
- ``gym_env(variant, seat=0, opponents="smart")``: a Gymnasium env, other seats bots.

The action catalogue (``rulespec.envs.catalogue``) is plain Python and always there.
"""

from __future__ import annotations

from typing import Any


def aec_env(
    variant_or_path: Any, players: int | None = None, render_mode: str | None = None, **options: Any
) -> Any:
    """A PettingZoo AEC environment of a bundled variant, a rule file path or a Variant
    (``players`` defaults to the least the rules allow; options: ``max_steps``, ``match``)."""
    from rulespec.envs.aec import RulespecAEC

    return RulespecAEC(variant_or_path, players, render_mode, **options)


def gym_env(variant: Any, seat: int = 0, opponents: Any = "smart", **options: Any) -> Any:
    """A Gymnasium environment: seat ``seat`` learns, the others are ``rulespec.bots`` bots
    (``opponents``: one name or one per other seat; options: ``players``, ``render_mode``,
    ``max_steps``, ``match``); ``env.action_masks()`` for MaskablePPO."""
    from rulespec.envs.single import RulespecGym

    return RulespecGym(variant, seat, opponents, **options)
