"""The `help` of `rulespec play` (CLI layer): only the moves and short forms this variant has.

Built from the variant's draw, play, wild-card and knock rules, so Gin's help
never offers `take pile` and Michigan's never offers `knock`; the `quit` line
says what quitting does in this session (saves to FILE, or saves nothing).
"""

from __future__ import annotations

from rulespec.interpreter.handwild import per_hand
from rulespec.model.variant import Variant


def move_forms(variant: Variant) -> list[tuple[str, str | None]]:
    """(canonical form, its short form or None) for every kind of move the variant has."""
    draw, play = variant.draw, variant.play
    forms: list[tuple[str, str | None]] = []
    if draw.upcard_offer or draw.turned or variant.buy is not None:
        forms.append(("pass", None))
    if draw.turned and draw.force:
        forms.append(("force (the card you turned up, on the next player)", None))
        forms.append(("force C (discard C, forced on the next player)", None))
    if variant.buy is not None:
        forms.append(("buy", None))
    if variant.match.buy_back and variant.match.buy_back_by == "choice":
        forms.append(("rebuy | pass (put out of the match: buy back in, or stay out)", None))
    if draw.stock:
        forms.append(("draw stock", "d"))
    if draw.discard is not None or draw.upcard_offer:
        forms.append(("draw discard", "p"))
    if draw.discard_then_stock:
        forms.append(("draw discard+stock", None))
    if draw.discard_then_discard:
        forms.append(("draw discard+discard", None))
    if draw.depth is not None:
        forms.append(("take N", "t N"))
    if draw.pile:
        forms.append(("take pile", None))
    if play.melding != "never":
        wild = " (a wild card as JK:7H)" if variant.melds.wild.cards else ""
        if per_hand(variant):  # a rank wild for the hand: its cards name what they stand for
            wild = " (a wild card as JK:7H or 5C:7H)"
        forms.append((f"meld C C C ...{wild}", "m C C C"))
    if play.layoff is not None:
        forms.append(("layoff C M", "l C M"))
    if variant.melds.wild.swap is not None:
        forms.append(("swap C M", "s C M"))
    forms.append(("discard C", "C"))
    if variant.knock is not None and variant.knock.timing != "before_draw":
        forms.append(("knock C", "k C"))
        forms.append(("knock C with C C C, C C C (the sets and runs you show)", None))
    if variant.knock is not None and variant.knock.timing != "discard":
        forms.append(("knock (at the start of the turn, instead of drawing)", None))
    if play.drop != "never":
        forms.append(("drop (out of this hand)", None))
    return forms


def help_text(variant: Variant, save_path: str | None) -> str:
    """The text `help` prints in a session of ``variant`` saving to ``save_path``."""
    forms = move_forms(variant)
    shorts = [
        f"{short} = {'discard it' if short == 'C' else form}" for form, short in forms if short
    ]
    shorts = [s.replace("C = discard it", "a bare card = discard it") for s in shorts]
    quit_line = (
        f"quit (saves to {save_path} first)"
        if save_path
        else "quit (nothing is saved: no --save FILE)"
    )
    words = {w for form, _ in forms for w in form.split()}
    legend = ["C a card such as 7H"]
    legend += ["M a table meld's number"] if "M" in words else []
    legend += ["N how many pile cards"] if "N" in words else []
    return "\n".join(
        [
            f"Moves (canonical text; {', '.join(legend)}):",
            "  " + " | ".join(form for form, _ in forms),
            "Short forms: " + ", ".join(shorts),
            "Commands: help, moves (legal moves now), hint (what the smart bot would do),",
            f"  rules (the rules explained), save [FILE], {quit_line}",
        ]
    )
