"""The action mask is the legal moves, mapped through the catalogue (hypothesis over every
bundled variant, player count, seed and masked random play): the mask allows exactly the
first actions of the legal moves, and the complete action sequences the mask allows are
exactly `Game.legal_moves()`, each playing its own move."""

from __future__ import annotations

import numpy as np
import pytest
from envs_helpers import BUNDLED, masked_choice
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.compiler.load import load_variant
from rulespec.envs import aec_env
from rulespec.envs.catalogue import build_catalogue


def _complete_sequences(env, agent: str, prefix: tuple[int, ...] = ()) -> set[tuple[int, ...]]:
    """Every action sequence the mask allows from here to a finished move (building and
    cancelling explored, the environment restored after each branch)."""
    cat = env.catalogue
    out: set[tuple[int, ...]] = set()
    for action in np.flatnonzero(env.action_mask(agent)).tolist():
        if action == cat.cancel:
            continue
        move, built = cat.advance(env.table(), env.building, action)
        if move is not None:
            out.add((*prefix, action))
            continue
        saved, env.building = env.building, built
        out |= _complete_sequences(env, agent, (*prefix, action))
        env.building = saved
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(BUNDLED),
    most=st.booleans(),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 160),
)
def test_mask_equals_the_legal_moves(name: str, most: bool, seed: int, steps: int) -> None:
    variant = load_variant(name)
    env = aec_env(variant, players=variant.max_players if most else variant.min_players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        if not env.building:
            legal = env.game.legal_moves()
            mask = env.observe(agent)["action_mask"]
            cat = env.catalogue
            firsts = {cat.encode(m)[0] for m in legal}
            assert set(np.flatnonzero(mask).tolist()) == firsts
            decoded = {env.table()[seq] for seq in _complete_sequences(env, agent)}
            assert decoded == set(legal)
        env.step(masked_choice(rng, env.observe(agent)["action_mask"]))


@pytest.mark.parametrize("name", BUNDLED)
def test_every_action_has_one_label_and_one_index(name: str) -> None:
    cat = build_catalogue(load_variant(name))
    assert len(set(cat.labels)) == len(cat) == len(cat.index)
    assert all(cat.index[a] == i for i, a in enumerate(cat.actions))


def test_wild_and_two_deck_variants_spell_melds_with_atomic_actions() -> None:
    remik = build_catalogue(load_variant("remik"))  # wild jokers, lay-offs and swaps
    assert {"add JK:7H", "add 7H", "commit", "layoff 1", "swap 1", "cancel"} <= set(remik.labels)
    assert "discard JK" in remik.labels and not any(x.startswith("meld") for x in remik.labels)
    continental = build_catalogue(load_variant("continental"))  # up to four decks, jokers
    assert len(continental) < 200  # one action per card and wild meaning, not one per meld
    bridge = build_catalogue(load_variant("bridge"))  # knocks, never melds on the table
    assert "knock JK" in bridge.labels and "commit" not in bridge.labels


@pytest.mark.parametrize("name", ["drop-penalty.rules", "knock-before-draw.yaml"])
def test_turn_actions_have_their_actions(name: str) -> None:
    """`drop` and `knock` alone (issue 8's turn actions) are actions of their own; a masked
    random game plays them as the engine lists them."""
    from pathlib import Path

    variant = load_variant(str(Path(__file__).resolve().parents[1] / "data" / "valid" / name))
    cat = build_catalogue(variant)
    assert "drop" in cat.labels
    assert ("knock" in cat.labels) == (variant.knock is not None)
    env = aec_env(variant, players=variant.min_players)
    seen: set[str] = set()
    for seed in range(6):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(200):
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                break
            if not env.building:
                legal = env.game.legal_moves()
                firsts = {cat.encode(m)[0] for m in legal}
                mask = env.observe(agent)["action_mask"]
                assert set(np.flatnonzero(mask).tolist()) == firsts
                seen |= {str(m) for m in legal if not m.cards}
            env.step(masked_choice(rng, env.observe(agent)["action_mask"]))
    assert "drop" in seen
