"""The lobby's requests: variants on offer, checking pasted rules, explain, new tables (web layer).

Rule text from the page is untrusted: it is loaded with the compiler's
`load_text(..., trusted=False)` (it may extend bundled variants only and no file
of the server is read), under the compiler's size limit, and every problem comes
back located and worded exactly as `rulespec check` prints it (`Problem.render`).
A bundled variant is named, never a path: only names in `bundled_names()` load.
Each function returns plain JSON-ready data or raises `LobbyError` with a message
for the page; nothing here touches Starlette.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from rulespec.bots import BOT_NAMES
from rulespec.compiler.groups import GROUPS, group_of, group_order
from rulespec.compiler.load import bundled_names, load_document, load_text, load_variant
from rulespec.core.errors import Problem, RuleFileError, RulespecError
from rulespec.explain.document import explain_document
from rulespec.grammar.yamlfront import MAX_BYTES
from rulespec.model.variant import Variant
from rulespec.web.tables import HUMAN, Source

MAX_TEXT_BYTES = MAX_BYTES  # the compiler's own limit on a rule file
_FILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$")


class LobbyError(RulespecError):
    """A lobby request that cannot be served; `problems` holds a rule file's located problems."""

    def __init__(self, message: str, problems: list[Problem] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


def problem_json(problem: Problem) -> dict[str, Any]:
    """A problem for the page: its fields plus `text`, the exact lines `rulespec check` prints."""
    return {**problem.as_json(), "text": problem.render()}


@lru_cache(maxsize=1)
def variants() -> tuple[dict[str, Any], ...]:
    """The bundled variants on offer: name, title, description, player range, and the group
    (id and heading) the picker shows them under, the sources' games first."""
    rows = []
    for name in bundled_names():
        try:
            doc = load_document(name)
        except RulespecError:
            continue  # a broken bundled file is `rulespec check`'s business, not the lobby's
        players = doc.get("players") or {}
        rows.append(
            {
                "name": name,
                "title": str(doc.get("title") or name),
                "description": str(doc.get("description") or ""),
                "min": int(players.get("min", 2)),
                "max": int(players.get("max", 2)),
                "group": group_of(doc),
                "group_title": GROUPS[group_of(doc)],
            }
        )
    return tuple(sorted(rows, key=lambda r: (group_order(r["group"]), r["name"])))


def file_name(raw: Any, kind: str) -> str:
    """The name pasted text is reported under: an uploaded file's plain base name, or a default."""
    if isinstance(raw, str):
        base = raw.replace("\\", "/").rsplit("/", 1)[-1]
        if _FILE_NAME.match(base):
            return base
    return "pasted.yaml" if kind == "yaml" else "pasted.rules"


def text_source(payload: dict[str, Any]) -> Source:
    """The pasted rules of a request: text, kind ('rules' or 'yaml') and the name to report."""
    text = payload.get("text")
    if not isinstance(text, str):
        raise LobbyError("rule text: expected the text of a rule file")
    if len(text.encode("utf-8", "replace")) > MAX_TEXT_BYTES:
        raise LobbyError(f"rule text is over the limit of {MAX_TEXT_BYTES} bytes")
    kind = payload.get("kind", "rules")
    if kind not in ("rules", "yaml"):
        raise LobbyError("kind: expected 'rules' or 'yaml'")
    return Source("", text, kind, file_name(payload.get("file"), kind))


def check_text(source: Source) -> tuple[Variant | None, list[Problem]]:
    """Load pasted rules untrusted: the variant (or None) and every problem, warnings too."""
    assert source.text is not None
    try:
        variant = load_text(source.text, source.file, source.kind, trusted=False)
    except RuleFileError as exc:
        return None, exc.problems
    except RulespecError as exc:  # anything else the loader refuses, said plainly
        return None, [Problem(str(exc).splitlines()[0], source.file)]
    return variant, []


def source_of(payload: Any) -> tuple[Source, Variant]:
    """The rules a request names: `{"variant": NAME}` or `{"text", "kind", "file"}`."""
    if not isinstance(payload, dict):
        raise LobbyError("expected a JSON object")
    name = payload.get("variant")
    if payload.get("text") is None:
        if not isinstance(name, str) or name not in bundled_names():
            shown = name if isinstance(name, str) and len(name) <= 40 else "that"
            raise LobbyError(f"{shown!r} is not a bundled variant: choose one from the list")
        return Source(name), load_variant(name)
    source = text_source(payload)
    variant, problems = check_text(source)
    if variant is None:
        count = sum(p.is_error for p in problems)
        raise LobbyError(f"the rules have {count} problem{'s' * (count != 1)}", problems)
    return Source(variant.name, source.text, source.kind, source.file), variant


def explain_of(variant: Variant) -> str:
    """The rules in plain English (what `rulespec explain` prints)."""
    return explain_document(dict(variant.document))


def seat_kinds(payload: dict[str, Any], variant: Variant) -> list[str]:
    """The seats a request asks for: a list of 'human' or a bot name, one per player."""
    kinds = payload.get("seats")
    if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
        raise LobbyError("seats: expected a list such as ['human', 'random']")
    low, high = variant.min_players, variant.max_players
    if not low <= len(kinds) <= high:
        span = str(low) if low == high else f"{low} to {high}"
        raise LobbyError(f"players: {variant.name} is for {span} players, not {len(kinds)}")
    for k in kinds:
        if k != HUMAN and k not in BOT_NAMES:
            shown = k if len(k) <= 20 else k[:20] + "…"
            raise LobbyError(
                f"seats: {shown!r} is neither human nor a bot ({', '.join(BOT_NAMES)})"
            )
    if HUMAN not in kinds:
        raise LobbyError("seats: at least one seat must be a person")
    return list(kinds)
