"""`extends` resolution: a document and its bases -> one document (pipeline stage: resolve).

A document may name a base in `extends`: a bundled variant by name, or another
rule file by a path relative to the extending file. Bases may extend further
bases (a chain); a cycle or a missing base is a problem located at the
`extends` value. The result has no `extends` key.

Deep merge (docs/document.md, "Replacing on extends"):
- a mapping merges into the base's mapping key by key;
- anything else replaces the base's value: scalars, null, `false`, lists
  (a list replaces the whole base list), and a count table by player count
  (a table whose keys are all "N" / "N-M" replaces the whole base table);
- `{replace: [...]}` in place of a list is that list (explicit replacement);
- a mapping holding `replace: true` replaces the base's mapping instead of
  merging into it (the `replace` key itself is dropped).
The `replace` forms are removed from every file, extending or not.

Positions follow the values: whatever comes from a base file keeps that
file's own name, line and column (see `rulespec.grammar.located.Locator`).
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulespec.core.errors import Problem, RuleFileError
from rulespec.grammar.located import Locator, SourceInfo, SourceMap, attribute, join_path

MAX_CHAIN = 16
MAX_REFERENCE = 255
"""The longest `extends` value (a bundled name or a path); longer ones are refused, located."""

BaseReader = Callable[[str, "Path | None"], tuple[dict[str, Any], SourceInfo, Path]]
"""reader(reference, directory of the extending file or None) -> (document, info, identity).

Raises LookupError (with a user message) when the base cannot be found, and
RuleFileError for a base that does not parse.
"""

_COUNT_KEY = re.compile(r"^\d+(-\d+)?$")

# The resolved base of each resolved document, by the document's locator (a
# file that extends nothing has none): the checks compare a file with its base.
_BASES: weakref.WeakKeyDictionary[Locator, dict[str, Any]] = weakref.WeakKeyDictionary()


def base_document(locator: Locator) -> dict[str, Any] | None:
    """The resolved document a resolved document extends (None when it extends nothing)."""
    return _BASES.get(locator)


def is_count_table(value: Any) -> bool:
    """A non-empty mapping whose keys are all player counts ("2", "3-4")."""
    return (
        isinstance(value, dict)
        and bool(value)
        and all(isinstance(k, str) and _COUNT_KEY.match(k) for k in value)
    )


def normalise(doc: Any, sourcemap: SourceMap) -> tuple[Any, SourceMap, set[str]]:
    """Remove the `replace` forms; return the document, its remapped source map, replaced paths."""
    replaced: set[str] = set()
    renames: list[tuple[str, str]] = []
    drops: list[str] = []

    def walk(value: Any, path: str) -> Any:
        if isinstance(value, dict):
            if set(value) == {"replace"} and isinstance(value["replace"], list):
                replaced.add(path)
                renames.append((join_path(path, "replace"), path))
                return [walk(v, join_path(path, str(i))) for i, v in enumerate(value["replace"])]
            if isinstance(value.get("replace"), bool):
                if value["replace"]:
                    replaced.add(path)
                drops.append(join_path(path, "replace"))
                value = {k: v for k, v in value.items() if k != "replace"}
            return {k: walk(v, join_path(path, k)) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, join_path(path, str(i))) for i, v in enumerate(value)]
        return value

    clean = walk(doc, "")
    if not renames and not drops:
        return clean, sourcemap, replaced
    remapped: SourceMap = {}
    for key, position in sourcemap.items():
        bare = key[:-4] if key.endswith("#key") else key
        if any(bare == d or bare.startswith(d + ".") for d in drops):
            continue
        for old, new in renames:
            if bare == old:
                bare = None  # type: ignore[assignment]
                break
            if bare.startswith(old + "."):
                bare = new + bare[len(old) :]
                break
        if bare is None:
            continue
        remapped[bare + ("#key" if key.endswith("#key") else "")] = position
    # the renamed positions must not shadow the list's own position
    for _, new in renames:
        if new in sourcemap:
            remapped[new] = sourcemap[new]
    return clean, remapped, replaced


def resolve(
    doc: dict[str, Any],
    info: SourceInfo,
    reader: BaseReader,
    identity: Path | None = None,
) -> tuple[dict[str, Any], Locator]:
    """Resolve `doc` (from `info`, whose real file is `identity`) against its chain of bases."""
    return _resolve(doc, info, reader, identity, ())


def _resolve(
    doc: dict[str, Any],
    info: SourceInfo,
    reader: BaseReader,
    identity: Path | None,
    chain: tuple[Path, ...],
) -> tuple[dict[str, Any], Locator]:
    clean, sourcemap, replaced = normalise(doc, info.sourcemap)
    info = SourceInfo(info.file, info.lines, sourcemap)
    if not isinstance(clean, dict) or "extends" not in clean:
        return clean, Locator(info)
    reference = clean.pop("extends")
    own = Locator(info)
    if reference is None:
        own.drop_under("extends")
        return clean, own
    if not isinstance(reference, str) or not reference.strip():
        raise RuleFileError(
            [own.problem("extends", "must name a bundled variant or a relative path to a file")]
        )
    if len(reference) > MAX_REFERENCE:
        message = f"is too long ({len(reference)} characters; at most {MAX_REFERENCE})"
        raise RuleFileError([own.problem("extends", message)])
    if "\0" in reference:
        raise RuleFileError([own.problem("extends", "a file name cannot hold a NUL character")])
    if len(chain) >= MAX_CHAIN:
        raise RuleFileError(
            [own.problem("extends", f"the chain of bases is longer than {MAX_CHAIN}")]
        )
    directory = identity.parent if identity is not None else None
    at = own.problem("extends", "")
    via = f"{at.location()}: extends {reference}"
    try:
        base_doc, base_info, base_identity = reader(reference, directory)
        here = chain + ((identity,) if identity is not None else ())
        if base_identity in here:
            names = [p.name for p in here[here.index(base_identity) :]] + [base_identity.name]
            raise RuleFileError(
                [own.problem("extends", "the bases go round in a circle: " + " -> ".join(names))]
            )
        base, base_locator = _resolve(base_doc, base_info, reader, base_identity, here)
    except LookupError as exc:
        message = str(exc.args[0]) if exc.args else f"cannot find base '{reference}'"
        raise RuleFileError([own.problem("extends", message)]) from None
    except RuleFileError as exc:  # a broken base: the extending file is named first
        raise RuleFileError(attribute(exc.problems, info.file, via)) from None
    merged, replaced_roots = _merge(base, clean, "", replaced)
    if "name" not in clean:  # a variant names itself: the base's name is never inherited
        merged.pop("name", None)
        replaced_roots.add("name")
    locator = Locator(info)
    locator.via = via
    locator.drop_under("extends")
    for path, position in base_locator.positions.items():
        if path in locator.positions:
            continue
        bare = path[:-4] if path.endswith("#key") else path
        if any(bare == r or bare.startswith(r + ".") for r in replaced_roots):
            continue
        locator.positions[path] = position
    _BASES[locator] = base
    return merged, locator


def _merge(base: Any, over: Any, path: str, replaced: set[str]) -> tuple[Any, set[str]]:
    """Deep-merge `over` onto `base`; also return the paths where `over` replaced a base value."""
    if (
        isinstance(over, dict)
        and isinstance(base, dict)
        and path not in replaced
        and not is_count_table(over)
    ):
        result = dict(base)
        roots: set[str] = set()
        for key, value in over.items():
            child = join_path(path, key)
            if key in base:
                result[key], sub = _merge(base[key], value, child, replaced)
                roots |= sub
            else:
                result[key] = value
        return result, roots
    return over, {path}


__all__ = ["BaseReader", "Problem", "base_document", "is_count_table", "resolve"]
