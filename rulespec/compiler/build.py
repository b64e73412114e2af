"""Build the frozen `Variant` from a resolved, checked document (pipeline stage: compile).

Applies every default of docs/document.md (declared once with each axis in
`rulespec.model.axes`, applied by `with_defaults`), compiles every expression once with
`rulespec.grammar.expr.compile_expression`, and precomputes the card-value
table: `values[rank 1..13][place]` and `joker_values[place]`, by evaluating
the `values.*` expressions for each rank and place.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from rulespec.compiler.checks_expr import expression_sites, normalise_text
from rulespec.compiler.schema import table_defaults, with_defaults
from rulespec.grammar.expr import names_in
from rulespec.model.axes import AXES, Axis, axis_default, node
from rulespec.model.names import REASONS
from rulespec.model.variant import (
    PLACES,
    RANK_KEYS,
    Bonus,
    Buy,
    Compiled,
    CountTable,
    Deal,
    DealRules,
    DiscardRule,
    Draw,
    GoingOut,
    Knock,
    Match,
    Melds,
    Pattern,
    PileDraw,
    Play,
    RunRule,
    Scoring,
    SetRule,
    Stock,
    Variant,
    WildRule,
)

RANK_NUMBERS = {key: index + 1 for index, key in enumerate(RANK_KEYS)}


def _literal(value: Any) -> Compiled:
    def constant(_env: Mapping[str, Any]) -> Any:
        return value

    return constant


def _compile(value: Any, context: str, expected: str, path: str) -> Compiled:
    """An int/bool literal becomes a constant; text is compiled by the expression module."""
    if isinstance(value, (bool, int)):
        return _literal(value)
    from rulespec.grammar.expr import compile_expression

    compiled: Compiled = compile_expression(str(value), context, expected, path)
    return compiled


def _expr(value: Any, path: str) -> Compiled:
    """An expression axis compiled in the context and to the type its declaration gives."""
    decl = node(path)
    assert isinstance(decl, Axis) and decl.kind == "expr", path
    return _compile(value, decl.context, decl.expects, path)


def _optional_bool(value: Any, path: str) -> Compiled | None:
    """false -> None (never); anything else compiled."""
    if value is False:
        return None
    return _expr(value, path)


def _value_source(values: Mapping[str, Any], rank: int) -> tuple[str, Any]:
    key = RANK_KEYS[rank - 1]
    if key in ("A", "J", "Q", "K"):
        return f"values.{key}", values[key]
    if key in values:
        return f"values.{key}", values[key]
    return "values.pips", values["pips"]


def card_values(
    values: Mapping[str, Any], compile_fn: Callable[..., Compiled] = _compile
) -> tuple[dict[int, dict[str, int]], dict[str, int]]:
    """values[rank][place] for ranks 1..13 and joker_values[place], from the values table."""
    cache: dict[str, Compiled] = {}

    def compiled(path: str, source: Any) -> Compiled:
        if path not in cache:
            cache[path] = compile_fn(source, "card_value", "int", path)
        return cache[path]

    table: dict[int, dict[str, int]] = {}
    for rank in range(1, 14):
        path, source = _value_source(values, rank)
        fn = compiled(path, source)
        table[rank] = {place: int(fn({"face": rank, "place": place})) for place in PLACES}
    joker = compiled("values.joker", values["joker"])
    joker_values = {place: int(joker({"face": 0, "place": place})) for place in PLACES}
    return table, joker_values


def _pile_draw(raw: Any, path: str) -> PileDraw | None:
    """A pile draw: false -> None; true -> the declared defaults of its conditions."""
    if raw is False:
        return None
    table = table_defaults(path) if raw is True else raw
    when = table.get("when", True)
    use_when = table.get("use_when", True)
    return PileDraw(
        when=None if when is True else _expr(when, f"{path}.when"),
        use_when=None if use_when is True else _expr(use_when, f"{path}.use_when"),
        use=table["use"],
        hand_cards=table["hand_cards"],
        min=table.get("min", axis_default("draw.depth.min")),
    )


def _rank(value: Any) -> int:
    return value if isinstance(value, int) else RANK_NUMBERS[str(value)]


def deck_ranks(raw: Any) -> tuple[int, ...]:
    """The pack's ranks in run order: the `deck.ranks` list, or all 13 (A..K) when null."""
    if raw is None:
        return tuple(range(1, 14))
    return tuple(_rank(r) for r in raw)


SIMPLE_KINDS = ("bool", "int", "enum", "text")


def simple_fields(full: dict[str, Any]) -> dict[str, Any]:
    """Model path -> value, for every plain-valued axis (a word, number, flag or text).

    These need no code here: the declaration names the field, the document
    (defaults applied) gives the value. A table switched off (`knock: false`)
    gives none of its axes.
    """
    found: dict[str, Any] = {}
    for decl in AXES:
        if not isinstance(decl, Axis) or decl.kind not in SIMPLE_KINDS or len(decl.model) != 1:
            continue
        node: Any = full
        for key in decl.path.split("."):
            node = node.get(key, _ABSENT) if isinstance(node, dict) else _ABSENT
        if node is not _ABSENT:
            found[decl.model[0]] = node
    return found


_ABSENT = object()


def _under(simple: dict[str, Any], prefix: str) -> dict[str, Any]:
    """The simple fields of one model class: those directly under `prefix` ("" = Variant)."""
    head = f"{prefix}." if prefix else ""
    return {
        path[len(head) :]: value
        for path, value in simple.items()
        if path.startswith(head) and "." not in path[len(head) :]
    }


def build_variant(doc: dict[str, Any]) -> Variant:
    """The Variant of a resolved document that passed the schema and the semantic checks."""
    full = with_defaults(doc)
    simple = simple_fields(full)
    melds, draw, play = full["melds"], full["draw"], full["play"]
    set_raw, run_raw, wild_raw = melds["set"], melds["run"], melds["wild"]
    values, joker_values = card_values(full["values"])
    partition = full["going_out"]["partition"] or {}
    knock_raw = full["knock"]
    scoring_raw = full["scoring"]
    rules = {
        reason: MappingProxyType(
            {
                role: _expr(source, f"scoring.{reason}.{role}")
                for role, source in scoring_raw[reason].items()
            }
        )
        for reason in REASONS
        if scoring_raw[reason]
    }
    match_raw = full["match"]
    return Variant(
        **_under(simple, ""),
        decks=CountTable.parse(full["deck"]["decks"]),
        jokers=CountTable.parse(full["deck"]["jokers"]),
        ranks=deck_ranks(full["deck"]["ranks"]),
        deal=Deal(cards=CountTable.parse(full["deal"]["cards"]), **_under(simple, "deal")),
        values=MappingProxyType({r: MappingProxyType(v) for r, v in values.items()}),
        joker_values=MappingProxyType(joker_values),
        melds=Melds(
            set=None if set_raw is False else SetRule(**_under(simple, "melds.set")),
            run=None if run_raw is False else RunRule(**_under(simple, "melds.run")),
            patterns=tuple(
                Pattern(
                    name=p["name"],
                    suit=p.get("suit"),
                    ranks=tuple(sorted(_rank(r) for r in p["ranks"])) if "ranks" in p else None,
                    run=p["run"],
                )
                for p in melds["patterns"]
            ),
            wild=WildRule(
                cards=tuple(wild_raw["cards"]),
                swap=_optional_bool(wild_raw["swap"], "melds.wild.swap"),
                rank=None
                if wild_raw["rank"] is None
                else _expr(wild_raw["rank"], "melds.wild.rank"),
                **_under(simple, "melds.wild"),
            ),
            **_under(simple, "melds"),
        ),
        draw=Draw(
            discard=_pile_draw(draw["discard"], "draw.discard"),
            depth=_pile_draw(draw["depth"], "draw.depth"),
            **_under(simple, "draw"),
        ),
        play=Play(
            layoff=_optional_bool(play["layoff"], "play.layoff"),
            first_laydown_min=(
                None
                if play["first_laydown_min"] == 0
                else _expr(play["first_laydown_min"], "play.first_laydown_min")
            ),
            drop_penalty=(
                None
                if play["drop"] == "never"
                else _expr(play["drop_penalty"], "play.drop_penalty")
            ),
            **_under(simple, "play"),
        ),
        discard=DiscardRule(**_under(simple, "discard")),
        going_out=GoingOut(
            by=frozenset(full["going_out"]["by"]),
            partition_melds=tuple(partition["melds"]) if "melds" in partition else None,
            partition_sizes=(
                tuple(tuple(sorted(s, reverse=True)) for s in partition["sizes"])
                if "sizes" in partition
                else None
            ),
            **_under(simple, "going_out"),
        ),
        knock=(
            None
            if knock_raw is False
            else Knock(
                limit=_expr(knock_raw["limit"], "knock.limit"),
                **_under(simple, "knock"),
            )
        ),
        stock=Stock(**_under(simple, "stock")),
        scoring=Scoring(
            multiplier=(
                None
                if scoring_raw["multiplier"] == 1
                and not isinstance(scoring_raw["multiplier"], bool)
                else _expr(scoring_raw["multiplier"], "scoring.multiplier")
            ),
            rules=MappingProxyType(rules),
            **_under(simple, "scoring"),
        ),
        match=Match(
            rounds=(
                None if match_raw["rounds"] is None else _expr(match_raw["rounds"], "match.rounds")
            ),
            bonus=Bonus(**_under(simple, "match.bonus")),
            **_under(simple, "match"),
        ),
        buy=_buy(full["buy"], simple),
        schedule=_schedule(full["schedule"], full),
        document=normalise_text(json.loads(json.dumps(doc))),
        names_read=frozenset(
            name.name for _, value, _, _ in expression_sites(full) for name in names_in(value)
        ),
    )


def _buy(raw: Any, simple: dict[str, Any]) -> Buy | None:
    """Buying: false -> None; a table -> its simple keys and the compiled `when`."""
    if raw is False:
        return None
    when = raw.get("when", True)
    return Buy(when=None if when is True else _expr(when, "buy.when"), **_under(simple, "buy"))


def _schedule(raw: list[dict[str, Any]], full: dict[str, Any]) -> tuple[DealRules, ...]:
    """Each deal of the schedule with every key worked out: what an entry leaves out is
    the file's (`deal.cards`, `play.contract_*`)."""
    play = full["play"]
    out = []
    for entry in raw:
        cards = entry.get("cards")
        out.append(
            DealRules(
                cards=CountTable.parse(full["deal"]["cards"] if cards is None else cards),
                contract_sets=entry.get("sets", play["contract_sets"]),
                contract_set_min=entry.get("set_min", play["contract_set_min"]),
                contract_runs=entry.get("runs", play["contract_runs"]),
                contract_run_min=entry.get("run_min", play["contract_run_min"]),
                contract_pure=entry.get("pure", play["contract_pure"]),
            )
        )
    return tuple(out)
