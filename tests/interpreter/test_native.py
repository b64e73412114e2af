"""The compiled deadwood kernel (native.py, _deadwood.c) against the pure-Python kernel and
the brute force, its batch entry points against their per-card loops, and the fallback
when it is absent, stale or switched off (RULESPEC_NATIVE=0)."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
import types
import zlib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from bruteforce_ref import brute_deadwood
from interp_helpers import BASE, make_variant

from rulespec.compiler.build import build_variant
from rulespec.interpreter import native
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.runtable import Kernel
from rulespec.interpreter.solver import deadwood, deadwood_after_discard
from rulespec.model.variant import Variant

ROOT = Path(__file__).resolve().parents[2]
MODULE, WHY = native.load({})  # the extension, whatever RULESPEC_NATIVE says here

SHAPES: dict[str, dict[str, Any]] = {
    "gin": {"set": {"min": 3, "max": 4}, "run": {"min": 3, "max": None}},
    "pairs-short-runs": {"set": {"min": 2, "max": None}, "run": {"min": 4, "max": 5}},
    "fours-long-runs": {"set": {"min": 4, "max": 4}, "run": {"min": 5, "max": None}},
    "runs-only": {"set": False, "run": {"min": 2, "max": 3}},
    "sets-only": {"set": {"min": 3, "max": 3}, "run": False},
}
PACKS = {
    "full": None,
    "forty": ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"],
    "piquet": ["A", "7", "8", "9", "T", "J", "Q", "K"],
}
ACES = ("low", "high", "high_or_low", "wrap")
CASES = [(ace, shape, "full") for ace in ACES for shape in SHAPES]
CASES += [(ace, "gin", pack) for ace in ("low", "wrap") for pack in ("forty", "piquet")]
IDS = ["-".join(case) for case in CASES]


@cache
def shaped(ace: str, shape: str, pack: str) -> Variant:
    deck = {"ranks": PACKS[pack]} if PACKS[pack] else {}
    return make_variant(f"{shape}-{ace}-{pack}", ace=ace, melds=SHAPES[shape], deck=deck)


def cards_of(variant: Variant) -> list[int]:
    return [c for c in range(52) if c % 13 + 1 in variant.ranks]


def both(variant: Variant) -> tuple[Kernel, Any]:
    """(the pure-Python kernel, the C kernel over its tables; the pure one again where the
    extension is absent: test_extension_is_built_when_a_compiler_is_found fails there)."""
    pure = Kernel(tables(variant), native=False)
    if MODULE is None:
        return pure, pure
    return pure, MODULE.Kernel(
        pure.table, pure.gain, pure.less_one_rank, pure.options, pure.set_min
    )


def hands(variant: Variant, seed: str) -> list[int]:
    """Masks of random 10- and 11-card hands, and dense ones (few ranks: set choices of
    several ranks, four-suit ranks), from the variant's pack."""
    rng = random.Random(zlib.crc32(seed.encode()))
    deck = cards_of(variant)
    out = []
    for size in (10, 11) * 120 + (4, 13, 18):
        out.append(sum(1 << c for c in rng.sample(deck, size)))
    for _ in range(60):
        ranks = rng.sample(sorted({c % 13 for c in deck}), 4)
        pool = [c for c in deck if c % 13 in ranks]
        out.append(sum(1 << c for c in rng.sample(pool, rng.choice((10, 11, 13)))))
    return out


def bits(mask: int) -> list[int]:
    return [1 << c for c in range(52) if mask >> c & 1]


@pytest.mark.parametrize(("ace", "shape", "pack"), CASES, ids=IDS)
def test_compiled_kernel_equals_the_pure_kernel(ace: str, shape: str, pack: str) -> None:
    """value and after_discard (the discard too: highest code on ties) on every hand."""
    pure, c = both(shaped(ace, shape, pack))
    for mask in hands(shaped(ace, shape, pack), f"{ace}{shape}{pack}"):
        assert c.value(mask) == pure.py_value(mask), (ace, shape, pack, mask)
        assert c.after_discard(mask) == pure.py_after_discard(mask), (ace, shape, pack, mask)


@pytest.mark.parametrize(("ace", "shape", "pack"), CASES, ids=IDS)
def test_batch_answers_equal_their_per_card_loops(ace: str, shape: str, pack: str) -> None:
    """values_plus / after_discard_plus: the answer after adding each card, in card order."""
    variant = shaped(ace, shape, pack)
    pure, c = both(variant)
    deck = sum(1 << c for c in cards_of(variant))
    for mask in hands(variant, f"batch{ace}{shape}{pack}")[:240:40]:
        add = deck & ~mask
        values = [pure.py_value(mask | b) for b in bits(add)]
        after = [pure.py_after_discard(mask | b) for b in bits(add)]
        assert len(values) == add.bit_count()
        assert c.values_plus(mask, add) == pure.py_values_plus(mask, add) == values
        assert c.after_discard_plus(mask, add) == pure.py_after_discard_plus(mask, add) == after
    assert c.values_plus(deck, 0) == [] and c.after_discard_plus(0, 0) == []


@pytest.mark.parametrize(("ace", "shape", "pack"), CASES, ids=IDS)
def test_compiled_kernel_equals_the_brute_force(ace: str, shape: str, pack: str) -> None:
    variant = shaped(ace, shape, pack)
    _, c = both(variant)
    rng = random.Random(zlib.crc32(f"brute{ace}{shape}{pack}".encode()))
    deck = cards_of(variant)
    for _ in range(4):
        hand = rng.sample(deck, 10)
        assert c.value(sum(1 << x for x in hand)) == brute_deadwood(variant, hand), hand
    hand = rng.sample(deck, 11)
    best = min((brute_deadwood(variant, [x for x in hand if x != d]), -d) for d in hand)
    assert c.after_discard(sum(1 << x for x in hand)) == (best[0], -best[1]), hand


def test_compiled_kernel_refuses_masks_it_cannot_take() -> None:
    _, c = both(shaped("low", "gin", "full"))
    for bad in (-1, 1 << 52, 1 << 64):
        with pytest.raises(ValueError, match="codes 0..51"):
            c.value(bad)
    with pytest.raises(ValueError, match="at least one card"):
        c.after_discard(0)
    with pytest.raises(TypeError):
        c.value("7H")


def test_tables_the_compiled_kernel_cannot_hold_stay_in_python() -> None:
    """A value past 64 bits or a malformed option row: no C kernel, the pure one answers."""
    pure, _ = both(shaped("low", "gin", "full"))
    huge = (1 << 70,) + pure.table[1:]
    args = (pure.gain, pure.less_one_rank, pure.options, pure.set_min)
    assert native.compiled(huge, *args) is None
    assert native.compiled(pure.table, pure.gain, pure.less_one_rank, ((16,),) * 16, 3) is None
    if native.MODULE is not None:
        assert native.compiled(pure.table, *args) is not None


def _why_not_compiled() -> str | None:
    """hatch_build.why_not: why the build hook would not compile the kernel here."""
    spec = importlib.util.spec_from_file_location("rulespec_hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    environ = {k: v for k, v in os.environ.items() if k != native.ENV}
    return hook.why_not(environ)  # type: ignore[no-any-return]


def test_extension_is_built_when_a_compiler_is_found() -> None:
    """Where the build hook finds a C compiler and the Python headers, the install built the
    kernel and it loads (so CI proves the build works); elsewhere the pure kernel answers."""
    reason = _why_not_compiled()
    if reason is None:
        assert MODULE is not None, f"a C compiler is here but the kernel is absent: {WHY}"
        assert MODULE.VERSION == native.VERSION
    else:
        assert MODULE is None or MODULE.VERSION == native.VERSION, WHY
        assert "\n" not in WHY
    variant = shaped("low", "gin", "full")
    assert (Kernel(tables(variant)).native is None) == (native.MODULE is None)


def test_stale_or_broken_builds_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    name = "rulespec.interpreter._deadwood"
    stale = types.ModuleType(name)
    stale.VERSION = native.VERSION + 1  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, stale)
    module, why = native.load({})
    assert module is None and why.startswith("stale build (version"), why
    stale.VERSION = native.VERSION  # type: ignore[attr-defined]
    stale.SOURCE = -1  # type: ignore[attr-defined]  # compiled from another edit of the file
    module, why = native.load({})
    assert module is None and why.startswith("stale build (_deadwood.c or its headers changed"), why
    digest = native.source_digest(ROOT / "rulespec" / "interpreter" / "_deadwood.c")
    stale.SOURCE = digest  # type: ignore[attr-defined]
    assert native.load({})[0] is stale
    monkeypatch.setitem(sys.modules, name, None)  # what a failed import leaves
    module, why = native.load({})
    assert module is None and why.startswith("not built"), why
    module, why = native.load({native.ENV: "0"})
    assert module is None and why.startswith(f"{native.ENV}=0"), why


def test_environment_forces_the_pure_kernel() -> None:
    """RULESPEC_NATIVE=0 in a fresh process: the pure kernel answers, the same answers."""
    doc = {"name": "gin-like", **BASE, "title": "Gin-like"}
    rng = random.Random(5)
    hand_list = [rng.sample(range(52), 10 + i % 2) for i in range(40)]
    code = (
        "import json, sys\n"
        "from rulespec.compiler.build import build_variant\n"
        "from rulespec.interpreter import native\n"
        "from rulespec.interpreter.runtable import kernel_of\n"
        "from rulespec.interpreter.solver import deadwood, deadwood_after_discard\n"
        "doc, hands = json.loads(sys.argv[1])\n"
        "gin = build_variant(doc)\n"
        "k = kernel_of(gin)\n"
        "print(json.dumps({'module': native.MODULE is None, 'native': k.native is None,\n"
        "    'value': k.value.__func__.__name__, 'why': native.WHY,\n"
        "    'answers': [deadwood(gin, h) if len(h) == 10 else\n"
        "                list(deadwood_after_discard(gin, h)) for h in hands]}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps([doc, hand_list])],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, native.ENV: "0"},
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["module"] and got["native"] and got["value"] == "py_value", got
    assert got["why"] == f"{native.ENV}=0: the pure-Python kernel is forced"
    gin = build_variant(doc)
    expected = [
        deadwood(gin, h) if len(h) == 10 else list(deadwood_after_discard(gin, h))
        for h in hand_list
    ]
    assert got["answers"] == expected
