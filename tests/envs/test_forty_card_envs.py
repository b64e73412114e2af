"""The RL interfaces on a pack of one's own ranks (`deck.ranks`): the 40-card pack without
8, 9 and 10 has no action for those cards, the mask still equals the legal moves (wild
jokers naming only cards of the pack), PettingZoo's API test passes, and the OpenSpiel
game deals only cards of the pack."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from envs_helpers import masked_choice
from pettingzoo.test import api_test

from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER, card_text
from rulespec.envs import aec_env
from rulespec.envs.catalogue import build_catalogue
from rulespec.interpreter.cards import pack_codes

DATA = Path(__file__).resolve().parent.parent / "data" / "valid"
FORTY = [str(DATA / "conquian-forty.rules"), str(DATA / "conquian-forty.yaml")]
ABSENT = [code for code in range(52) if code % 13 + 1 in (8, 9, 10)]


@pytest.mark.parametrize("path", FORTY, ids=["rules", "yaml"])
def test_no_action_names_a_card_the_pack_lacks(path: str) -> None:
    variant = load_variant(path)
    cat = build_catalogue(variant)
    cards = {a for kind, a, _ in cat.actions if kind in ("discard", "knock", "add")}
    cards |= {b for kind, _, b in cat.actions if kind == "add"}
    assert not cards & set(ABSENT)
    assert not {card_text(c) for c in ABSENT} & {label.split()[-1] for label in cat.labels}
    discards = sorted(a for kind, a, _ in cat.actions if kind == "discard")
    jokers = [JOKER] if variant.jokers(variant.max_players) else []
    assert discards == sorted([*pack_codes(variant), *jokers])
    assert len(pack_codes(variant)) == 40


@pytest.mark.parametrize("path", FORTY, ids=["rules", "yaml"])
@pytest.mark.parametrize("seed", [3, 11])
def test_the_mask_is_the_legal_moves_on_a_forty_card_pack(path: str, seed: int) -> None:
    variant = load_variant(path)
    env = aec_env(variant, players=variant.max_players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    checked = 0
    for _ in range(150):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        mask = env.observe(agent)["action_mask"]
        if not env.building:
            legal = env.game.legal_moves()
            cat = env.catalogue
            assert set(np.flatnonzero(mask).tolist()) == {cat.encode(m)[0] for m in legal}
            checked += 1
        env.step(masked_choice(rng, mask))
    assert checked > 20


@pytest.mark.parametrize("path", FORTY, ids=["rules", "yaml"])
def test_pettingzoo_api_test_on_a_forty_card_pack(path: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's style hints (Dict spaces)
        api_test(aec_env(load_variant(path), players=2), num_cycles=12)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="OpenSpiel needs 3.11+")
def test_openspiel_deals_only_cards_of_the_pack() -> None:
    import pyspiel

    import rulespec.envs.openspiel  # noqa: F401 - registers python_rulespec

    game = pyspiel.load_game(
        "python_rulespec", {"variant": FORTY[0], "players": 2, "max_steps": 30}
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = game.new_initial_state()
    state.apply_action(0)  # the dealer
    dealt = dict(state.chance_outcomes())
    assert len(dealt) == 40 and not set(dealt) & set(ABSENT)
