"""Schema validation of a resolved rule document (pipeline stage: check, part 1).

The JSON Schema (draft 2020-12, generated from the axis declarations by
`compiler/schemagen.py`) says every key, type, enum and range of
docs/document.md. Validation collects every error
(`Draft202012Validator.iter_errors`), keeps the most telling one per
location, and turns it into a `Problem` in the user's terms ("'playrs' is
not a rule; did you mean 'players'?"). No jsonschema exception reaches a caller.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from rulespec.compiler.schemagen import build_schema
from rulespec.core.errors import Problem
from rulespec.grammar.located import Locator, SourceInfo, SourceMap, join_path

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "object": "a table",
    "array": "a list",
    "null": "null",
}


@lru_cache(maxsize=1)
def schema_text() -> str:
    """The schema as JSON text (for `rulespec schema`)."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The JSON Schema of the resolved document, built once from the axis declarations."""
    return build_schema()


@lru_cache(maxsize=1)
def _validator() -> Any:
    from jsonschema import Draft202012Validator  # deferred: keeps `import rulespec` cheap

    return Draft202012Validator(schema())


def validate_document(doc: Any, sourcemap: SourceMap, file: str, lines: list[str]) -> list[Problem]:
    """Every schema problem of a one-file document, located through its source map."""
    return validate_located(doc, Locator(SourceInfo(file, lines, sourcemap)))


def validate_located(doc: Any, locator: Locator) -> list[Problem]:
    """Every schema problem of a (resolved) document, placed by `locator`."""
    found: dict[tuple[str, bool], tuple[int, str]] = {}
    for error in _validator().iter_errors(doc):
        for rank, (path, message, key) in enumerate(_translate(error)):
            slot = (path, key)
            score = _relevance(error) * 100 + rank
            if slot not in found or score < found[slot][0]:
                found[slot] = (score, message)
    problems = [
        locator.problem(path, message, key=key) for (path, key), (_, message) in found.items()
    ]
    problems.sort(key=lambda p: (p.file, p.line or 0, p.column or 0, p.message))
    return problems


def _relevance(error: Any) -> int:
    """Lower is better: deeper, more specific errors first, generic type errors last."""
    if error.validator in ("anyOf", "oneOf"):
        return 3
    if error.validator == "type":
        return 2
    return 1


def _path_of(error: Any) -> str:
    path = ""
    for part in error.absolute_path:
        path = join_path(path, part)
    return path


def _translate(error: Any) -> Iterator[tuple[str, str, bool]]:
    """One jsonschema error -> (path, message, at_key) items."""
    path = _path_of(error)
    kind = error.validator
    value = error.validator_value
    instance = error.instance
    own = error.schema if isinstance(error.schema, Mapping) else {}
    custom = own.get("x-error")
    if kind in ("anyOf", "oneOf"):
        yield from _translate_choice(error, path)
        return
    if kind == "additionalProperties":
        yield from _translate_extra(error, path)
        return
    if kind == "required":
        for name in value:
            if isinstance(instance, Mapping) and name not in instance:
                where = f"in {path}" if path else "in the rule file"
                hint = own.get("x-required", {}).get(name)
                yield path, f"'{name}' is required {where}" + (f": {hint}" if hint else ""), False
        return
    if kind == "type":
        wanted = custom or f"must be {_types_words(value)}"
        yield path, f"{wanted}, got {_show(instance)}", False
        return
    if kind == "enum":
        choices = ", ".join(_show(v) for v in value)
        text = f"must be one of {choices}, got {_show(instance)}"
        yield path, text + _suggest(instance, [v for v in value if isinstance(v, str)]), False
        return
    if kind == "const":
        yield path, f"must be {_show(value)}, got {_show(instance)}", False
        return
    if kind in ("minimum", "maximum"):
        word = "at least" if kind == "minimum" else "at most"
        yield path, f"must be {word} {value}, got {_show(instance)}", False
        return
    if kind == "pattern":
        yield path, f"{custom or 'must match ' + value}, got {_show(instance)}", False
        return
    if kind in ("minLength", "minItems", "minProperties"):
        yield path, "must not be empty" if value == 1 else f"needs at least {value} entries", False
        return
    if kind == "maxLength":
        yield path, f"is too long (at most {value} characters)", False
        return
    if kind == "uniqueItems":
        yield path, "must not list the same thing twice", False
        return
    yield path, error.message, False


def _translate_choice(error: Any, path: str) -> Iterator[tuple[str, str, bool]]:
    """anyOf/oneOf: descend into the branches whose type fits, else say what would fit."""
    branches: dict[int, list[Any]] = {}
    for sub in error.context or ():
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    fitting = [
        subs
        for subs in branches.values()
        if not any(s.validator in ("type", "const") and not s.relative_path for s in subs)
    ]
    custom = error.schema.get("x-error") if isinstance(error.schema, Mapping) else None
    structural = ("required", "additionalProperties")
    if (
        fitting
        and custom
        and len(fitting) > 1
        and all(
            any(s.validator in structural and not s.relative_path for s in subs) for subs in fitting
        )
    ):
        yield path, f"{custom}, got {_show(error.instance)}", False
        return
    if fitting:
        best = min(fitting, key=len)
        for sub in sorted(best, key=_relevance):
            yield from _translate(sub)
        return
    options = error.validator_value
    wanted = custom or "must be " + " or ".join(_describe(option) for option in options)
    yield path, f"{wanted}, got {_show(error.instance)}", False


def _translate_extra(error: Any, path: str) -> Iterator[tuple[str, str, bool]]:
    own = error.schema
    known = list(own.get("properties", {}))
    patterns = list(own.get("patternProperties", {}))
    hinted = 0
    for name in error.instance:
        if name in known or any(re.search(p, name) for p in patterns):
            continue
        where = join_path(path, name)
        if own.get("x-error-key"):
            yield where, f"'{name}' {own['x-error-key']}", True
        else:
            # a hint for the first names only: a file of thousands of keys is refused fast
            hinted += 1
            hint = (_elsewhere(name, path) or _suggest(name, known)) if hinted <= 50 else ""
            if not hint and own.get("x-keys"):
                hint = f": {own['x-keys']}"
            head = f"'{name}' is not a key of {path}" if path else f"'{name}' is not a rule"
            yield where, head + hint, True


@lru_cache(maxsize=1)
def _key_paths() -> dict[str, list[str]]:
    """Every key of the schema -> the dotted paths where it belongs."""
    found: dict[str, list[str]] = {}

    def walk(node: Mapping[str, Any], path: str) -> None:
        branch = _object_branch(node)
        if branch is None:
            return
        for key, sub in branch["properties"].items():
            child = join_path(path, key)
            found.setdefault(key, []).append(child)
            walk(sub, child)

    walk(schema(), "")
    return found


def _elsewhere(name: str, path: str) -> str:
    """ "; did you mean 'deck.jokers'?" when the key belongs in (up to three) other places."""
    places = [p for p in _key_paths().get(name, []) if p.rpartition(".")[0] != path]
    if 0 < len(places) <= 3:
        return "; did you mean " + " or ".join(f"'{p}'" for p in places) + "?"
    return ""


def _suggest(word: Any, choices: Iterable[str]) -> str:
    if not isinstance(word, str):
        return ""
    options = list(choices)
    lowered = {c.lower(): c for c in options}
    if word.lower() in lowered:
        return f"; did you mean '{lowered[word.lower()]}'?"
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def _describe(option: Any) -> str:
    if not isinstance(option, Mapping):
        return "something else"
    if "$ref" in option:
        target = schema()
        for part in option["$ref"].lstrip("#/").split("/"):
            target = target[part]
        return _describe(target)
    if isinstance(option.get("x-error"), str) and option["x-error"].startswith("must be "):
        return str(option["x-error"][len("must be ") :])
    if "const" in option:
        return _show(option["const"])
    if "enum" in option:
        return " or ".join(_show(v) for v in option["enum"])
    if "type" in option:
        return _types_words(option["type"])
    return "something else"


def _types_words(types: Any) -> str:
    if isinstance(types, str):
        types = [types]
    words = [_TYPE_WORDS.get(t, t) for t in types]
    return " or ".join(words)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return f"'{text}'"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return str(value)


def with_defaults(doc: dict[str, Any]) -> dict[str, Any]:
    """A copy of a schema-valid document with every omitted key given its documented default.

    The defaults are the axis declarations' (`rulespec.model.axes`, carried by
    the generated schema's `default` annotations), so there is one table of
    defaults for checks, build and explain.
    """
    filled = _fill(doc, schema())
    assert isinstance(filled, dict)
    return filled


def _deref(node: Mapping[str, Any]) -> Mapping[str, Any]:
    while "$ref" in node:
        target: Any = schema()
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        merged = {k: v for k, v in node.items() if k != "$ref"}
        node = {**target, **merged}
    return node


def _object_branch(node: Mapping[str, Any]) -> Mapping[str, Any] | None:
    node = _deref(node)
    if "properties" in node:
        return node
    for option in node.get("anyOf", ()):
        option = _deref(option)
        if "properties" in option:
            return option
    return None


def table_defaults(path: str) -> dict[str, Any]:
    """The defaults of the table at a dotted path (a switchable one's, when it is `true`)."""
    node: Mapping[str, Any] = schema()
    for key in path.split("."):
        branch = _object_branch(node)
        assert branch is not None, path
        node = branch["properties"][key]
    filled = _fill({}, node)
    assert isinstance(filled, dict)
    return filled


def _fill(value: Any, node: Mapping[str, Any]) -> Any:
    items = _deref(node).get("items")
    if isinstance(value, list) and isinstance(items, Mapping) and "properties" in items:
        return [_fill(entry, items) for entry in value]
    branch = _object_branch(node)
    if not isinstance(value, dict) or branch is None:
        return json.loads(json.dumps(value)) if isinstance(value, (dict, list)) else value
    result = {k: _fill(v, branch["properties"].get(k, {})) for k, v in value.items()}
    for key, sub in branch["properties"].items():
        if key in result:
            continue
        sub = _deref(sub)
        if "default" in sub:
            result[key] = _fill(json.loads(json.dumps(sub["default"])), sub)
        elif sub.get("type") == "object" and "properties" in sub:
            result[key] = _fill({}, sub)
    return result
