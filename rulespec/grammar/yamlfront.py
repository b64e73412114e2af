"""The YAML front end: YAML text -> rule document + source map (pipeline stage: parse).

`yaml.safe_load` semantics (same tags, same merge keys), but composed by hand
from PyYAML's event stream so that every value keeps its position and hostile
input is refused early, each refusal a located `Problem`:

- files over 256 KiB, bytes that are not UTF-8 (located by byte offset),
- more than 10,000 values (the time any file takes to be refused stays small),
- nesting deeper than 50 levels (checked while composing, no recursion),
- alias expansion bombs (the walk counts every node it visits, aliases
  included, and stops beyond a fixed budget),
- duplicate keys in one mapping, more than one YAML document.

The source map follows ARCHITECTURE.md: JSON path -> (line, column), 1-based.
A scalar's path maps to where its text starts (inside the quotes), a
collection's to where its key stands (or its own start at the root or in a
list). Every mapping entry also records its key's position under
``path + "#key"`` (used to place "not a rule" problems on the key itself).
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from rulespec.core.errors import Problem, RuleFileError
from rulespec.grammar.exprast import MAX_LITERAL
from rulespec.grammar.located import SourceMap, line_column, source_line

MAX_BYTES = 256 * 1024
MAX_DEPTH = 50
MAX_NODES = 10_000
"""Values (scalars, lists, tables) one file may write; a whole variant needs a few hundred."""
MAX_VISITS = 100_000
_MAX_NUMBER_TEXT = 40
"""Longer int scalars are refused before PyYAML converts them (the schema bounds the rest)."""
"""Nodes the walk may visit (aliases expanded); real rule files use a few hundred."""

_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class PositionLoader(_BaseLoader):  # type: ignore[misc]
    """A SafeLoader (the C one when available) whose nodes keep their marks.

    Composition is done by `compose_document_iteratively`, not PyYAML's
    recursive composer, so depth is bounded before any recursion happens.
    """


class _Refused(Exception):
    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


def _mark(node_or_event: Any) -> tuple[int, int]:
    mark = node_or_event.start_mark
    return mark.line + 1, mark.column + 1


def _problem(file: str, lines: list[str], message: str, line: int, column: int) -> Problem:
    source = source_line(lines, line)
    return Problem(message, file, line, column, "", source)


def decode_text(data: str | bytes, file: str) -> str:
    """Bytes -> str, refusing oversized or non-UTF-8 input with a located problem."""
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > MAX_BYTES:
        raise RuleFileError(
            [Problem(f"file is too large ({size} bytes; the limit is {MAX_BYTES})", file, 1, 1)]
        )
    if isinstance(data, str):
        return data
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = exc.start
        line = data.count(b"\n", 0, start) + 1
        line_start = data.rfind(b"\n", 0, start) + 1
        column = len(data[line_start:start].decode("utf-8", "replace")) + 1
        raise RuleFileError(
            [
                Problem(
                    f"the file is not UTF-8 text (byte 0x{data[start]:02x} at offset {start})",
                    file,
                    line,
                    column,
                )
            ]
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def _compose(loader: Any) -> Node | None:
    """Compose one document's node tree from the event stream, without recursion."""
    anchors: dict[str, Node] = {}
    stack: list[Node] = []
    root: Node | None = None
    documents = 0
    nodes = 0
    while True:
        event = loader.get_event()
        if isinstance(event, (ScalarEvent, SequenceStartEvent, MappingStartEvent)):
            nodes += 1
            if nodes > MAX_NODES:
                raise _Refused(
                    f"too many values (more than {MAX_NODES:,}); a variant needs a few hundred",
                    *_mark(event),
                )
        if isinstance(event, StreamEndEvent):
            return root
        if isinstance(event, DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise _Refused("a rule file holds one YAML document, found a second", *_mark(event))
            continue
        node: Node | None = None
        if isinstance(event, AliasEvent):
            if event.anchor not in anchors:
                raise _Refused(f"unknown alias '*{event.anchor}'", *_mark(event))
            node = anchors[event.anchor]
        elif isinstance(event, ScalarEvent):
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(ScalarNode, event.value, event.implicit)
            marks: Any = (event.start_mark, event.end_mark)
            node = ScalarNode(tag, event.value, marks[0], marks[1], event.style)
        elif isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            if len(stack) >= MAX_DEPTH:
                raise _Refused(f"nesting is deeper than {MAX_DEPTH} levels", *_mark(event))
            kind: Any = SequenceNode if isinstance(event, SequenceStartEvent) else MappingNode
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(kind, None, event.implicit)
            node = kind(tag, [], event.start_mark, None, flow_style=event.flow_style)
            if event.anchor is not None:
                anchors[event.anchor] = node
            _attach(stack, node)
            stack.append(node)
            continue
        elif isinstance(event, (SequenceEndEvent, MappingEndEvent)):
            done = stack.pop()
            done.end_mark = event.end_mark
            if not stack:
                root = done
            continue
        else:  # stream start, document end
            continue
        if isinstance(event, ScalarEvent) and event.anchor is not None:
            anchors[event.anchor] = node
        if stack:
            _attach(stack, node)
        else:
            root = node


def _attach(stack: list[Node], node: Node) -> None:
    if not stack:
        return
    parent = stack[-1]
    if isinstance(parent, SequenceNode):
        parent.value.append(node)
    else:  # mapping: values are (key, value) pairs, filled in two steps
        pairs = parent.value
        if pairs and pairs[-1][1] is None:
            pairs[-1] = (pairs[-1][0], node)
        else:
            pairs.append((node, None))


class _Walker:
    """Turns a node tree into plain values, recording positions and counting visits."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader
        self.visits = 0
        self.sourcemap: SourceMap = {}
        self.entry: tuple[int, int] | None = None  # the top-level key being walked

    def value(self, node: Node, path: str, depth: int, where: tuple[int, int] | None) -> Any:
        self.visits += 1
        if self.visits > MAX_VISITS:
            raise _Refused(
                f"too many nodes after alias expansion (more than {MAX_VISITS}); "
                "is this an alias bomb?",
                *(self.entry or _mark(node)),
            )
        if depth > MAX_DEPTH:
            raise _Refused(f"nesting is deeper than {MAX_DEPTH} levels", *_mark(node))
        if isinstance(node, ScalarNode):
            line, column = _mark(node)
            if node.style in ("'", '"'):
                column += 1
            self.sourcemap[path] = (line, column)
            return self.scalar(node)
        self.sourcemap[path] = where or _mark(node)
        if isinstance(node, SequenceNode):
            return [
                self.value(item, _join(path, str(index)), depth + 1, None)
                for index, item in enumerate(node.value)
            ]
        if isinstance(node, MappingNode):
            return self.mapping(node, path, depth)
        raise _Refused("unsupported YAML node", *_mark(node))

    def mapping(self, node: MappingNode, path: str, depth: int) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        result: dict[str, Any] = {}
        seen: dict[str, tuple[int, int]] = {}
        for key_node, value_node in node.value:
            self.visits += 1
            if isinstance(key_node, ScalarNode) and key_node.tag == "tag:yaml.org,2002:merge":
                merged.update(self.merge_source(value_node, path, depth))
                continue
            if not isinstance(key_node, ScalarNode):
                raise _Refused("a key must be a plain word, not a list or table", *_mark(key_node))
            key = self.scalar(key_node)
            if key is None or isinstance(key, float):
                raise _Refused(f"'{key_node.value}' is not a usable key", *_mark(key_node))
            text_key = str(key).lower() if isinstance(key, bool) else str(key)
            if text_key in seen:
                first = seen[text_key]
                raise _Refused(
                    f"duplicate key '{text_key}' (first at line {first[0]})", *_mark(key_node)
                )
            seen[text_key] = _mark(key_node)
            child = _join(path, text_key)
            self.sourcemap[child + "#key"] = _mark(key_node)
            if not path:
                self.entry = _mark(key_node)
            result[text_key] = self.value(value_node, child, depth + 1, _mark(key_node))
        if merged:
            merged.update(result)
            return merged
        return result

    def merge_source(self, node: Node, path: str, depth: int) -> dict[str, Any]:
        """The value of a `<<` merge key: a mapping, or a list of them (earlier ones win)."""
        if isinstance(node, MappingNode):
            kept = self.sourcemap.get(path)
            found = self.value(node, path, depth, _mark(node))
            if kept is not None:
                self.sourcemap[path] = kept
            return dict(found)
        if isinstance(node, SequenceNode):
            combined: dict[str, Any] = {}
            for item in reversed(node.value):
                combined.update(self.merge_source(item, path, depth + 1))
            return combined
        raise _Refused("a merge key '<<' needs a table or a list of tables", *_mark(node))

    def scalar(self, node: ScalarNode) -> Any:
        if node.tag in (
            "tag:yaml.org,2002:timestamp",
            "tag:yaml.org,2002:binary",
        ):
            return node.value  # keep the text: the document holds plain JSON values only
        if node.tag == "tag:yaml.org,2002:int" and len(node.value) > _MAX_NUMBER_TEXT:
            # int() refuses 4,301+ digits, and no rule needs a number this long
            shown = f"{node.value[:6]}…({len(node.value)} characters)"
            raise _Refused(f"number {shown} is too large (at most {MAX_LITERAL:,})", *_mark(node))
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            raise _Refused(f"bad value: {exc}", *_mark(node)) from None
        except ValueError as exc:  # a float or date PyYAML cannot build
            raise _Refused(f"bad value '{node.value[:40]}': {exc}", *_mark(node)) from None


_INDENT_ERRORS = (
    "mapping values are not allowed",
    "did not find expected key",
    "expected <block end>",
)


def _layout_hint(lines: list[str], message: str, line: int, column: int) -> tuple[str, int, int]:
    """A syntax error caused by a tab or a misaligned line, said in those words, with the fix."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    lead = text[: len(text) - len(text.lstrip(" \t"))]
    if "\t" in lead or text[column - 1 : column] == "\t":
        at = lead.index("\t") + 1 if "\t" in lead else column
        return "a tab in the indentation: use spaces (YAML does not indent with tabs)", line, at
    if not any(phrase in message for phrase in _INDENT_ERRORS) or not text.strip():
        return message, line, column
    indent = len(lead)
    levels: list[int] = []  # the indentations a line may have here: the keys above, outwards
    for above in reversed(lines[: line - 1]):
        stripped = above.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        level = len(above) - len(stripped)
        if not levels or level < levels[-1]:
            levels.append(level)
        if level == 0:
            break
    if not levels or indent in levels:
        return message, line, column
    said = " or ".join(str(n) for n in levels[:3])
    spaces = "space" if indent == 1 else "spaces"
    return (
        f"bad indentation: line {line} is indented {indent} {spaces}; indent it by {said} "
        "spaces to line up with the keys above it (the keys of one table line up)",
        line,
        indent + 1,
    )


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def parse_yaml(text: str | bytes, file: str) -> tuple[dict[str, Any], SourceMap]:
    """Parse a YAML rule file; raise RuleFileError (located) for anything unusable."""
    source = decode_text(text, file)
    lines = source.splitlines()
    loader = PositionLoader(source)
    try:
        try:
            root = _compose(loader)
            if root is None:
                raise _Refused("the file is empty; a rule file is a table of rules", 1, 1)
            if not isinstance(root, MappingNode):
                raise _Refused("the top level must be a table of rules (key: value)", *_mark(root))
            walker = _Walker(loader)
            doc = walker.value(root, "", 0, (1, 1))
        finally:
            loader.dispose()
    except _Refused as exc:
        raise RuleFileError([_problem(file, lines, exc.message, exc.line, exc.column)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        message = " ".join(str(part) for part in (exc.context, exc.problem) if part)
        message, line, column = _layout_hint(lines, message, line, column)
        raise RuleFileError(
            [_problem(file, lines, f"YAML syntax: {message}", line, column)]
        ) from None
    except yaml.YAMLError as exc:
        position = getattr(exc, "position", None)
        line, column = line_column(source, position) if position is not None else (1, 1)
        reason = getattr(exc, "reason", None) or str(exc).splitlines()[0]
        raise RuleFileError(
            [_problem(file, lines, f"YAML syntax: {reason}", line, column)]
        ) from None
    except RecursionError:
        raise RuleFileError([Problem("nesting is too deep", file, 1, 1)]) from None
    walker.sourcemap[""] = (1, 1)
    return doc, walker.sourcemap
