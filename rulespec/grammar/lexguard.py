"""Token-stream guards of the DSL lexer: glued keywords and the token budget (stage: parse).

The contextual lexer only tries the terminals the parser can accept next, so a
misspelt keyword (`player`) would be split at the first keyword it starts with
(`play` + `er`); `GlueCheck` stops there so the whole word is reported. It also
stops a text past `MAX_TOKENS` at once, so a hostile file is refused fast.
"""

from __future__ import annotations

import re
from typing import Any

MAX_TOKENS = 6_000
"""Most tokens a `.rules` text may hold (the largest bundled file has about 600)."""


class GlueCheck:
    """Refuse a keyword glued to the word after it (`player` lexed as `play` + `er`).

    The contextual lexer only tries the terminals the parser can accept next, so
    where no name is expected a misspelt keyword would be split at the first
    keyword it starts with. A token that begins exactly where a word token ended
    is that split: stop there and report the whole word.
    """

    always_accept: tuple[str, ...] = ()

    def process(self, stream: Any) -> Any:
        previous = None
        for count, token in enumerate(stream):
            if count >= MAX_TOKENS:
                raise too_many(token)
            if (
                previous is not None
                and token.start_pos == previous.end_pos
                and WORDY.match(str(previous)[-1:])
                and WORDY.match(str(token)[:1])
            ):
                raise glued(previous)
            previous = token
            yield token


WORDY = re.compile(r"[A-Za-z0-9_]")


def glued(token: Any) -> Exception:
    """An UnexpectedInput that carries the word token a keyword was glued to."""
    from lark.exceptions import UnexpectedInput

    err = UnexpectedInput(f"unknown word at {token.line}:{token.column}")
    err.glued = token  # type: ignore[attr-defined]
    err.line, err.column, err.pos_in_stream = token.line, token.column, token.start_pos
    return err


def too_many(token: Any) -> Exception:
    """An UnexpectedInput at the first token past MAX_TOKENS (no recovery is tried after it)."""
    from lark.exceptions import UnexpectedInput

    err = UnexpectedInput(f"too many tokens at {token.line}:{token.column}")
    err.too_many = True  # type: ignore[attr-defined]
    err.line, err.column, err.pos_in_stream = token.line, token.column, token.start_pos
    return err


def glued_start(exc: Exception, text: str) -> int | None:
    """Where a misspelt keyword starts, when the error fell inside one word (`play|rs`)."""
    glued = getattr(exc, "glued", None)
    if glued is not None:
        return int(glued.start_pos or 0)
    token = getattr(exc, "token", None)
    pos = getattr(token, "start_pos", None) if token is not None else None
    if pos is None or getattr(token, "type", "") == "$END":
        pos = getattr(exc, "pos_in_stream", None)
    if not isinstance(pos, int) or not 0 < pos < len(text):
        return None
    if not (WORDY.match(text[pos - 1]) and WORDY.match(text[pos])):
        return None
    start = pos
    while start > 0 and WORDY.match(text[start - 1]):
        start -= 1
    return start
