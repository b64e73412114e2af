"""DSL statements and items -> keys of the rule document (pipeline stage: parse, `.rules`).

`DocBuilder` walks the lark tree of rules.lark: each statement names a
section (a path in the document), each item sets one or a few keys under it.
Simple items (generated from the axis declarations by `grammar/vocab.py`) are
read through one table; structured ones have an `item_<alias>` method.
Keys set twice, malformed strings and bad expressions become located
`Problem`s; expressions are stored as int/bool literals or normalised text
(ARCHITECTURE.md, "Expressions in the document").
"""

from __future__ import annotations

from typing import Any

from rulespec.core.errors import Problem
from rulespec.grammar.deals import put_schedule, read_deal
from rulespec.grammar.expr import (
    ExprError,
    check_parentheses,
    from_tree,
    literal_int,
    literal_value,
    unparse,
)
from rulespec.grammar.located import source_line
from rulespec.grammar.vocab import (
    ACE_MODES,
    PATTERN_ITEMS,
    SECTIONS,
    Path,
    axis_items,
    parse_int,
    rank_text,
    table_key,
    unescape,
)


class DocBuilder:
    """Assembles the document and source map from a parsed `.rules` tree."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self.lines = text.split("\n")
        self.doc: dict[str, Any] = {}
        self.sourcemap: dict[str, tuple[int, int]] = {}
        self.problems: list[Problem] = []
        self.patterns: list[dict[str, Any]] = []
        self.patterns_replace = False
        self.patterns_at: tuple[int, int] | None = None
        self.deals: list[
            tuple[int, dict[str, Any], dict[str, tuple[int, int]], tuple[int, int]]
        ] = []

    # --- plumbing ---------------------------------------------------------------

    def problem(self, message: str, where: tuple[int, int], path: Path = ()) -> None:
        line, column = where
        source = source_line(self.lines, line)
        self.problems.append(Problem(message, self.file, line, column, ".".join(path), source))

    @staticmethod
    def at(node: Any) -> tuple[int, int]:
        meta = getattr(node, "meta", None)
        if meta is not None and not meta.empty:
            return meta.line, meta.column
        return getattr(node, "line", 1) or 1, getattr(node, "column", 1) or 1

    def put(self, path: Path, value: Any, where: tuple[int, int]) -> None:
        """Set doc[path] = value; a `{}` value only makes sure the mapping exists."""
        node = self.doc
        for i, key in enumerate(path[:-1]):
            if key not in node:
                node[key] = {}
                self.sourcemap.setdefault(".".join(path[: i + 1]), where)
            elif not isinstance(node[key], dict):
                return self.twice(path[: i + 1], where)
            node = node[key]
        last = path[-1]
        if last in node:
            old = node[last]
            if isinstance(value, dict) and not value and isinstance(old, dict):
                return None
            if last == "replace" and old is True and value is True:
                return None
            return self.twice(path, where)
        node[last] = {} if isinstance(value, dict) and not value else value
        self.sourcemap[".".join(path)] = where
        return None

    def twice(self, path: Path, where: tuple[int, int]) -> None:
        key = ".".join(path)
        first = self.sourcemap.get(key)
        said = f" (first on line {first[0]})" if first else ""
        self.problem(f"set twice{said}: say each rule once", where, path)

    def expression(self, node: Any) -> Any:
        """An expr_val tree -> int/bool literal, normalised text, or a quoted string verbatim."""
        child = node.children[0]
        if getattr(child, "type", None) == "STRING":
            return unescape(str(child))
        start, end = child.meta.start_pos, child.meta.end_pos
        try:
            check_parentheses(self.text[start:end])
            expr = from_tree(child, start)
        except ExprError as exc:
            line, column = self.at(child)
            self.problem(exc.message, (line, column + exc.offset))
            return 0
        value = literal_value(expr)
        return unparse(expr) if value is None else value

    # --- the file ---------------------------------------------------------------

    def numbers_in_range(self, tree: Any) -> bool:
        """Refuse every number beyond MAX_LITERAL (before any `int()` reads one); True if none."""
        before = len(self.problems)
        tokens = [
            child
            for sub in tree.iter_subtrees()  # iterative: a deep tree is refused later, not here
            for child in sub.children
            if getattr(child, "type", None) == "INT"
        ]
        for token in tokens:
            try:
                literal_int(str(token))
            except ExprError as exc:
                self.problem(exc.message, (token.line or 1, token.column or 1))
        return len(self.problems) == before

    def build(self, tree: Any) -> None:
        if not self.numbers_in_range(tree):
            return
        variant = tree.children[0]
        self.sourcemap[""] = self.at(variant)
        for child in variant.children:
            kind = child.data
            if kind == "vname":
                token = child.children[0]
                name = unescape(str(token)) if token.type == "STRING" else str(token)
                self.put(("name",), name, self.at(child))
            elif kind == "extends":
                token = child.children[0]
                base = unescape(str(token)) if token.type == "STRING" else str(token)
                self.put(("extends",), base, self.at(token))
            elif kind == "extends_none":
                self.put(("extends",), None, self.at(child))
            else:
                self.statement(child)
        if self.deals:
            put_schedule(self)
        if self.patterns:
            value: Any = {"replace": self.patterns} if self.patterns_replace else self.patterns
            self.put(("melds", "patterns"), value, self.patterns_at or (1, 1))
            base = "melds.patterns.replace" if self.patterns_replace else "melds.patterns"
            for i, entry in enumerate(self.patterns):
                where = entry.pop("\0at")
                ranks = entry.pop("\0ranks", [])
                spots = entry.pop("\0spots")
                self.sourcemap[f"{base}.{i}"] = where
                for key in entry:
                    self.sourcemap[f"{base}.{i}.{key}"] = spots.get(key, where)
                for j, at in enumerate(ranks):
                    self.sourcemap[f"{base}.{i}.ranks.{j}"] = at

    def statement(self, node: Any) -> None:
        replace = len(node.children) == 2
        body = node.children[-1]
        kind = body.data
        where = self.at(node)
        if kind in ("title", "description", "source"):
            if replace:
                self.problem(f"'replace' applies to a section, not to '{kind}'", where)
            self.put((kind,), unescape(str(body.children[0])), self.at(body))
        elif kind == "ace":
            if replace:
                self.problem("'replace' applies to a section, not to 'ace'", where)
            mode = " ".join(str(t) for t in body.children[0].children)
            self.put(("ace",), ACE_MODES[mode], self.at(body))
        elif kind == "pattern":
            self.pattern(body, replace, where)
        elif kind == "schedule_none":
            self.put(("schedule",), [], where)
        elif kind == "schedule":
            if replace:
                self.problem("'replace' is not needed: a schedule replaces the base's whole", where)
            read_deal(self, body, where)
        else:
            if kind == "score":
                reason = str(body.children[0].children[0])
                section: Path = ("scoring", reason)
                items = body.children[1:]
            else:
                section = SECTIONS[kind]
                items = body.children
            for i in range(1, len(section) + 1):
                self.sourcemap.setdefault(".".join(section[:i]), where)
            if replace:
                self.put((*section, "replace"), True, where)
            for item in items:
                self.item(section, item)

    def pattern(self, body: Any, replace: bool, where: tuple[int, int]) -> None:
        entry: dict[str, Any] = {"name": unescape(str(body.children[0]))}
        spots = {"name": self.at(body.children[0])}
        for item in body.children[1:]:
            if item.data == "ranks":
                key, value = "ranks", [rank_text(r) for r in item.children]
                entry["\0ranks"] = [self.at(r) for r in item.children]
            else:
                key, value = PATTERN_ITEMS[item.data]
            if key in entry:
                self.problem(f"'{key}' is said twice in this pattern", self.at(item))
            entry[key] = value
            spots[key] = self.at(item)
        entry["\0at"] = where
        entry["\0spots"] = spots
        self.patterns.append(entry)
        self.patterns_replace = self.patterns_replace or replace
        self.patterns_at = self.patterns_at or where

    # --- items ------------------------------------------------------------------

    def item(self, section: Path, item: Any) -> None:
        kind = item.data
        where = self.at(item)
        kids = item.children
        if kind == "empty":
            self.put(section, {}, where)
        elif kind in axis_items():
            said = axis_items()[kind]
            path = (*section, *said.rel)
            slot = said.phrase.slot
            if slot == "int":
                self.put(path, parse_int(kids[0]), where)
            elif slot == "word":
                self.put(path, str(kids[0]), where)
            elif slot == "expr":
                self.put(path, self.expression(kids[0]), self.at(kids[0]))
            else:
                self.put(path, said.phrase.value, where)
        else:
            getattr(self, f"item_{kind}")(section, kids, where)

    def item_players_exact(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self.put((*section, "min"), parse_int(kids[0]), where)
        self.put((*section, "max"), parse_int(kids[0]), where)

    def item_players_range(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self.put((*section, "min"), parse_int(kids[0]), self.at(kids[0]))
        self.put((*section, "max"), parse_int(kids[-1]), self.at(kids[-1]))

    def item_players_min(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self.put((*section, "min"), parse_int(kids[0]), where)

    def item_players_max(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self.put((*section, "max"), parse_int(kids[0]), where)

    def _table(self, path: Path, kids: list[Any], where: tuple[int, int]) -> None:
        count = parse_int(kids[0])
        fors = [k for k in kids[1:] if getattr(k, "data", None) == "for_key"]
        self.put((*path, table_key(fors[0])) if fors else path, count, where)

    def item_decks(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self._table((*section, "decks"), kids, where)

    def item_jokers(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self._table((*section, "jokers"), kids, where)

    def item_deck_ranks(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        nodes = [k for k in kids if getattr(k, "data", None) == "rank"]
        self._list((*section, "ranks"), kids, [rank_text(k) for k in nodes], where, nodes)

    def item_cards_all(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self.put((*section, "cards"), parse_int(kids[0]), where)

    def item_cards_entry(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self._table((*section, "cards"), kids, where)

    def item_dealer_extra(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self.put((*section, "dealer_extra"), parse_int(kids[0]), where)
        if len(kids) > 1:
            self.put((*section, "dealer_extra_to"), str(kids[1].children[0]), self.at(kids[1]))

    def item_dealer_extra_to(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self.put((*section, "dealer_extra_to"), str(kids[0].children[0]), where)

    def item_value(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        value = self.expression(kids[-1])
        for key in kids[:-1]:
            self.put((*section, rank_text(key)), value, self.at(key))

    def _mapping(self, path: Path, kids: list[Any], where: tuple[int, int]) -> list[Any]:
        """Items `[replace] word part*`: the mapping exists; `replace: true` if asked; the parts."""
        parts = [k for k in kids if getattr(k, "type", None) != "REPLACE"]
        self.put(path, {}, where)
        if len(parts) < len(kids):
            self.put((*path, "replace"), True, where)
        return parts

    def _parts(self, path: Path, parts: list[Any]) -> None:
        for part in parts:
            if part.data == "range":
                ints = [k for k in part.children if getattr(k, "data", None) == "int"]
                self.put((*path, "min"), parse_int(ints[0]), self.at(part))
                self.put(
                    (*path, "max"), parse_int(ints[1]) if len(ints) > 1 else None, self.at(part)
                )
            else:
                self.item(path, part)

    def item_set(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self._parts((*section, "set"), self._mapping((*section, "set"), kids, where))

    def item_run(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self._parts((*section, "run"), self._mapping((*section, "run"), kids, where))

    def _list(
        self,
        path: Path,
        kids: list[Any],
        values: list[Any],
        where: tuple[int, int],
        nodes: list[Any] | None = None,
    ) -> None:
        """A list-valued item (`{replace: [...]}` after `replace`); element positions mapped."""
        replace = any(getattr(k, "type", None) == "REPLACE" for k in kids)
        before = len(self.problems)
        self.put(path, {"replace": values} if replace else values, where)
        if len(self.problems) > before:
            return
        base = ".".join((*path, "replace") if replace else path)
        for i, node in enumerate(nodes or []):
            self.sourcemap[f"{base}.{i}"] = self.at(node)
            if getattr(node, "data", None) == "sizes":
                for j, size in enumerate(node.children):
                    self.sourcemap[f"{base}.{i}.{j}"] = self.at(size)

    def item_no_patterns(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self._list((*section, "patterns"), kids, [], where)

    def item_wild_cards(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        nodes = [k for k in kids if getattr(k, "data", None) == "rank"]
        self._list((*section, "cards"), kids, [rank_text(k) for k in nodes], where, nodes)

    def item_wild_none(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self._list((*section, "cards"), kids, [], where)

    def item_draw_discard(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        if not kids:
            self.put((*section, "discard"), True, where)
        else:
            self._parts((*section, "discard"), self._mapping((*section, "discard"), kids, where))

    def item_depth(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self._parts((*section, "depth"), self._mapping((*section, "depth"), kids, where))

    def item_go_by(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        nodes = [k for k in kids if getattr(k, "data", None) == "go_way"]
        self._list((*section, "by"), kids, [str(k.children[0]) for k in nodes], where, nodes)

    def item_go_melds(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        nodes = [k for k in kids if getattr(k, "data", None) == "int"]
        path = (*section, "partition", "melds")
        self._list(path, kids, [parse_int(k) for k in nodes], where, nodes)

    def item_go_sizes(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        nodes = [k for k in kids if getattr(k, "data", None) == "sizes"]
        ways = [[parse_int(i) for i in k.children] for k in nodes]
        self._list((*section, "partition", "sizes"), kids, ways, where, nodes)

    def item_partition_empty(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self.put((*section, "partition"), {}, where)

    def item_partition_replace(
        self, section: Path, kids: list[Any], where: tuple[int, int]
    ) -> None:
        self._mapping((*section, "partition"), kids, where)

    def item_bonus_replace(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self._mapping((*section, "bonus"), kids, where)

    def item_role(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self.put((*section, str(kids[0])), self.expression(kids[1]), self.at(kids[1]))

    def item_bonus_empty(self, section: Path, kids: list[Any], where: tuple[int, int]) -> None:
        self.put((*section, "bonus"), {}, where)
