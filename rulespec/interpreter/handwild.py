"""The hand's own wild rank: a rank cut or counted at the deal, and the rules with it (interpreter).

`melds.wild.rank` (an expression of the deal number) and `melds.wild.cut` (a
card turned up after the deal) make one rank wild for a whole hand, beside the
fixed wild cards of `melds.wild.cards`. Every layer that knows melds (melds,
meldgen, solver, partition search, bots) reads wild cards from a `Variant`, so
the hand's rules are the variant with that rank added to its wild cards: one
derived `Variant` per (variant, rank), built once and kept while the variant
lives, so the per-variant tables (meldrules.tables, keyed by identity) are
built once per rank too. A variant without a per-hand wild rank is never
copied: `hand_rules(v, None) is v`, and its speed is unchanged. The set
maximum per deck in play (`melds.set.per_deck`: a player count that adds decks
allows bigger sets) is part of the hand's rules the same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.core.cards import JOKER, card_text, parse_card
from rulespec.core.errors import InvalidMove, PositionError
from rulespec.model.derived import Derived
from rulespec.model.variant import RANK_KEYS, Variant

_DERIVED: Derived[Variant] = Derived()


def per_hand(variant: Variant) -> bool:
    """Does this variant choose a wild rank for each hand (`melds.wild.rank` or `cut`)?"""
    wild = variant.melds.wild
    return wild.rank is not None or wild.cut != "none"


def per_table(variant: Variant) -> bool:
    """Do the rules of a hand depend on the hand or the table (a wild rank per hand, a set
    maximum per deck in play)? When not, every hand plays by the variant itself."""
    rule = variant.melds.set
    return per_hand(variant) or (rule is not None and rule.per_deck is not None)


def hand_rules(variant: Variant, rank: int | None, decks: int | None = None) -> Variant:
    """The rules of a hand whose wild rank is `rank` (1..13), at a table of `decks` decks:
    `variant` with that rank wild and, under `melds.set.per_deck`, its set maximum for
    that many decks.

    Nothing to change (no wild rank this hand, or one already wild; no per-deck maximum)
    gives the variant itself."""
    if rank is not None and RANK_KEYS[rank - 1] in variant.melds.wild.cards:
        rank = None
    rule = variant.melds.set
    top = None
    if decks is not None and rule is not None and rule.per_deck is not None:
        top = rule.per_deck * decks if rule.max is None else min(rule.max, rule.per_deck * decks)
    if rank is None and top is None:
        return variant
    return _DERIVED.get(variant, (rank, top), _with, variant, rank, top)


def _with(variant: Variant, rank: int | None, top: int | None) -> Variant:
    """`variant` with `rank` wild too and its set maximum `top` (None: unchanged)."""
    melds = variant.melds
    if rank is not None:
        cards = (*melds.wild.cards, RANK_KEYS[rank - 1])
        melds = dataclasses.replace(melds, wild=dataclasses.replace(melds.wild, cards=cards))
    rule = melds.set
    if top is not None and rule is not None:
        melds = dataclasses.replace(melds, set=dataclasses.replace(rule, max=top))
    return dataclasses.replace(variant, melds=melds)


def table_decks(variant: Variant, active: Sequence[bool]) -> int:
    """The decks in play at a table of these seats (the seats still in size the pack)."""
    return variant.decks(max(sum(1 for a in active if a), variant.min_players))


def cut_rank(card: int) -> int:
    """The rank a cut card makes wild: its own, or the aces for a turned-up joker."""
    return 1 if card == JOKER else card % 13 + 1


def counted_rank(variant: Variant, deal: int, players: int) -> int | None:
    """`melds.wild.rank` worked out for a deal: a rank of the pack, or None (none that deal)."""
    expr = variant.melds.wild.rank
    if expr is None:
        return None
    rank = int(expr({"deal": deal, "players": players}))
    return rank if rank in variant.ranks else None


def rank_text(rank: int | None) -> str | None:
    """A wild rank as the observation and the position write it (`A`, `2` … `T`, `J`, `Q`, `K`)."""
    return None if rank is None else RANK_KEYS[rank - 1]


def rank_of_text(text: Any) -> int | None:
    """The rank of a `wild_rank` text (`Q`, `T`, `10`), or None when it is none."""
    if not isinstance(text, str):
        return None
    key = "T" if text.upper() == "10" else text.upper()
    return RANK_KEYS.index(key) + 1 if key in RANK_KEYS else None


def seen_rules(variant: Variant, observation: Mapping[str, Any]) -> Variant:
    """The rules of the hand an observation shows (its `wild_rank`, the seats still in):
    what a bot plays by."""
    if not per_table(variant):
        return variant
    active = observation.get("active")
    if not isinstance(active, list):
        active = [True] * int(observation.get("players") or variant.min_players)
    rank = rank_of_text(observation.get("wild_rank"))
    return hand_rules(variant, rank, table_decks(variant, active))


def dealt_wild(
    variant: Variant, stock: list[int], deal: int, players: int
) -> tuple[int | None, int | None]:
    """The wild rank of a hand just dealt, and its cut card (None when not cut).

    `cut`: the top card of the stock is turned up; under `bottom` it goes face up
    under the stock (drawn last), under `aside` out of play (`stock` is changed in
    place). Otherwise `melds.wild.rank` is worked out for the deal number."""
    place = variant.melds.wild.cut
    if place != "none":
        if not stock:
            return None, None
        card = stock.pop(0)
        if place == "bottom":
            stock.append(card)
        return cut_rank(card), card
    return counted_rank(variant, deal, players), None


def read_wild(variant: Variant, pos: Any) -> tuple[int | None, int | None]:
    """A position's `wild_rank` and `cut_card` (docs/position.md), checked; PositionError.

    Omitted, the rank is the cut card's, or else `melds.wild.rank` of the position's
    deal; a variant without a wild rank per hand refuses both keys."""
    if not isinstance(pos, Mapping):
        return None, None
    raw_rank, raw_cut = pos.get("wild_rank"), pos.get("cut_card")
    if not per_hand(variant):
        for key, raw in (("wild_rank", raw_rank), ("cut_card", raw_cut)):
            if raw is not None:
                raise PositionError(
                    f"{key}: {variant.name} has no wild rank per hand (melds.wild.rank,"
                    " melds.wild.cut): leave it out"
                )
        return None, None
    cut = None
    if raw_cut is not None:
        if variant.melds.wild.cut == "none":
            raise PositionError(
                f"cut_card: {variant.name} cuts no card for a wild rank (melds.wild.cut: none)"
            )
        try:
            cut = parse_card(raw_cut) if isinstance(raw_cut, str) else None
        except InvalidMove as exc:
            raise PositionError(f"cut_card: {exc}") from None
        if cut is None or (cut != JOKER and cut % 13 + 1 not in variant.ranks):
            raise PositionError(
                f"cut_card: expected a card of the pack such as 'QH', got {raw_cut!r}"
            )
    if "wild_rank" not in pos:
        if cut is not None:
            return cut_rank(cut), cut
        deal, players = pos.get("hand", 1), pos.get("players", len(pos.get("hands") or ()))
        if not isinstance(deal, int) or not isinstance(players, int):
            return None, None  # (check_fields names the bad field)
        return counted_rank(variant, deal, players), None
    rank = None if raw_rank is None else rank_of_text(raw_rank)
    if raw_rank is not None and (rank is None or rank not in variant.ranks):
        raise PositionError(
            f"wild_rank: expected a rank of the pack such as 'Q' (A 2 .. T J Q K) or null,"
            f" got {raw_rank!r}"
        )
    if cut is not None and rank != cut_rank(cut):
        raise PositionError(
            f"wild_rank: the cut card {raw_cut} makes {rank_text(cut_rank(cut))} wild,"
            f" not {raw_rank!r}"
        )
    return rank, cut


def position_decks(variant: Variant, pos: Any) -> int | None:
    """The decks in play at a position's table (None when the variant's set maximum does not
    depend on it, or the position is too malformed to say: check_fields names the field)."""
    rule = variant.melds.set
    if rule is None or rule.per_deck is None or not isinstance(pos, Mapping):
        return None
    hands, active = pos.get("hands"), pos.get("active")
    if not isinstance(active, list):
        active = [True] * (len(hands) if isinstance(hands, list) else variant.min_players)
    try:
        return table_decks(variant, active)
    except KeyError:  # a player count the deck table does not cover
        return None


def wild_position(variant: Variant, rank: int | None, cut: int | None) -> dict[str, Any]:
    """A hand's `wild_rank` and `cut_card` keys of a position (none without a wild rank per
    hand, so every other variant's positions stay as they were)."""
    if not per_hand(variant):
        return {}
    keys: dict[str, Any] = {"wild_rank": rank_text(rank)}
    if cut is not None:
        keys["cut_card"] = card_text(cut)
    return keys


def out_of_play(variant: Variant, cut: int | None) -> list[int]:
    """The cards a hand holds out of play: the cut card set aside (`melds.wild.cut: aside`)."""
    return [cut] if cut is not None and variant.melds.wild.cut == "aside" else []
