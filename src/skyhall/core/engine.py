"""The one checked entry point for untrusted actions."""

from __future__ import annotations

import difflib
from typing import Any

from skyhall.core.actions import normalise
from skyhall.core.errors import IllegalAction, MalformedAction
from skyhall.core.registry import get
from skyhall.core.state import GameState


def play(state: GameState, action: Any, seat: int | None = None) -> Any:
    """Apply ``action`` (an action value or its notation) to ``state`` if it is legal.

    ``seat``, when given, must be the seat whose decision it is. On any refusal
    :class:`IllegalAction` (or its subclass ``MalformedAction``) is raised and
    ``state`` is left exactly as it was. Returns the action applied.
    """
    legal = state.legal_actions()
    if isinstance(action, str):
        try:
            action = get(state.game_id).codec.parse(action)
        except MalformedAction as exc:
            # Another seat's choices can name its hidden cards: list them only to the seat to act,
            # and suggest only among them.
            shown = [str(a) for a in legal] if seat is None or seat == state.to_act else []
            near = difflib.get_close_matches(normalise(exc.tried), shown, n=3, cutoff=0.6)
            hint = f" (did you mean {', '.join(near)}?)" if near else ""
            raise MalformedAction(exc.tried, f"not an action of this game{hint}", shown) from None
    if state.is_over:
        raise IllegalAction(str(action), "the game is over", [])
    if seat is not None and seat != state.to_act:
        raise IllegalAction(
            str(action), f"it is not seat {seat}'s decision (seat {state.to_act} must act)", []
        )
    if action not in legal:
        raise IllegalAction(str(action), state.why_illegal(action), [str(a) for a in legal])
    state.apply(action)
    return action
