"""What an axis declaration is: one rule of the language, said once (model layer, plain data).

An `Axis` is one key of the rule document (docs/document.md): its path, its
type and bounds, its default, its description, the DSL words that set it and
that the printer writes back, the expression context of an expression-valued
axis, its prerequisite, the Variant field it becomes and its explain sentence.
A `Group` is a mapping of axes (a document section, or a sub-table such as
`melds.wild`); a switchable group (`knock`, `melds.set`, `draw.depth`) may also
be `false`. Every reader derives from these: the JSON Schema
(`compiler/schemagen.py`), the DSL vocabulary and the grammar's simple items
(`grammar/vocab.py`), the printer's simple items (`grammar/printer.py`), the
defaults (`compiler/schema.with_defaults`) and the explain sentences of simple
axes (`explain/words.axis_sentence`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

Kind = Literal["bool", "int", "enum", "text", "expr", "count", "list", "structured"]


class _NoDefault:
    """The type of `NO_DEFAULT`."""

    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT: Any = _NoDefault()
"""The default of an axis that has none (a required key, or a value that falls back on another)."""

EMPTY: Mapping[str, Any] = MappingProxyType({})


def _empty() -> Mapping[Any, Any]:
    return EMPTY


@dataclass(frozen=True)
class Phrase:
    """DSL words for an axis: `words` set `value`; a `{int}`, `{word}` or `{expr}` takes it.

    `write=False` marks words the reader accepts but the printer never writes
    (an alias such as `then an upcard`); the printer writes the first phrase
    that fits a value.
    """

    words: str
    value: Any = None
    write: bool = True

    @property
    def slot(self) -> str:
        """The placeholder the words hold: "int", "word", "expr" or "" (a fixed value)."""
        for name in ("int", "word", "expr"):
            if "{" + name + "}" in self.words:
                return name
        return ""


@dataclass(frozen=True)
class Axis:
    """One key of the rule document, declared once (see the module docstring)."""

    path: str
    kind: Kind
    description: str
    default: Any = NO_DEFAULT
    values: tuple[Any, ...] = ()  # enum values
    low: int | None = None
    high: int | None = None
    nullable: bool = False  # null is a value (e.g. "no limit")
    context: str = ""  # expression axes: the context of model/names.py
    expects: str = ""  # expression axes: "int" or "bool"
    # prerequisite, in the document's words: "path: value or value" is checked
    # (compiler/checks.py: set away from its default without it is an error)
    requires: str = ""
    item: str = ""  # the grammar rule (rules.lark) the phrases extend, e.g. "dealer_item"
    token: str = ""  # the named terminal holding a `{word}` (its words are `values`)
    phrases: tuple[Phrase, ...] = ()
    model: tuple[str, ...] = ()  # the Variant fields it becomes ("deal.packet")
    # explain: value -> sentence ("*": any other value, `{value}` in it; "" says nothing)
    explain: Mapping[Any, str] = field(default_factory=_empty)
    # further JSON Schema keywords (x-error, items, a $ref, ...)
    schema: Mapping[str, Any] = field(default_factory=_empty)

    @property
    def key(self) -> str:
        return self.path.rpartition(".")[2]


@dataclass(frozen=True)
class Group:
    """A mapping of axes: a document section or a sub-table; `off` when it may also be false."""

    path: str
    description: str
    title: bool = False  # a top-level section (the schema names it)
    off: Literal["", "false", "bool"] = ""  # "false": false or the table; "bool": true/false too
    branch: str = ""  # the description of the table when `off` is set
    default: Any = NO_DEFAULT
    required: tuple[str, ...] = ()
    item: str = ""  # the grammar rule its phrases extend (the words that switch it off)
    phrases: tuple[Phrase, ...] = ()
    model: tuple[str, ...] = ()
    schema: Mapping[str, Any] = field(default_factory=_empty)

    @property
    def key(self) -> str:
        return self.path.rpartition(".")[2]
