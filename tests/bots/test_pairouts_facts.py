"""pair_outs' tables are shared by the facts they read, and answer as built alone (bots layer).

A variant whose wild card changes each hand is a new Variant object each hand;
`pairouts.pair_outs` keeps its table by the facts it reads (sets of three, runs of
three, the ace rule, the run order) so such hands build it once. Here every bundled
variant's table, read with the shared tables warm from all the others, equals the
table built for that variant alone (a fact left out of the key would show).
"""

from __future__ import annotations

from rulespec.bots import pairouts
from rulespec.compiler.load import bundled_names, load_variant


def test_shared_tables_equal_each_variant_built_alone() -> None:
    variants = [load_variant(name) for name in bundled_names()]
    alone = []
    for variant in variants:
        pairouts._BY_FACTS.clear()
        pairouts._PAIRS.clear()
        alone.append(pairouts.pair_outs(variant))
    pairouts._PAIRS.clear()  # read again through the shared tables only
    shared = [pairouts.pair_outs(variant) for variant in variants]
    assert shared == alone
    assert len(pairouts._BY_FACTS) < len(variants)  # some variants did share a table
    assert len({tuple(map(len, table)) for table, _ in alone}) > 1  # and the tables differ
    for table, _ in alone[:3]:  # the C lookahead's masks: each pair's outs as bits
        assert pairouts.out_masks(table) == [sum(1 << c for c in codes) for codes in table]
