"""The line over the table: the deciding seat reads its prompt; the others read who decides what."""

from __future__ import annotations

import pytest

from skyhall.core.registry import available
from skyhall.core.rng import Rng
from skyhall.core.text import text_module
from skyhall.server.messages import prompt_for

NAMES = [{"name": name} for name in ("Alice", "Bob", "Carol", "Dan")]


@pytest.mark.parametrize("game_id", sorted(available()))
def test_only_the_deciding_seat_is_addressed_and_the_others_read_the_same_public_line(game_id: str) -> None:
    game = available()[game_id]
    text = text_module(game)
    state = game.new_game(3, 8, {})
    rng = Rng(8)
    steps: set[str] = set()
    while not state.is_over:
        actor = state.to_act
        mine = prompt_for(text, state.view(actor), NAMES)
        assert mine == text.prompt(state.view(actor)) and not mine.startswith(NAMES[actor]["name"])
        others = {prompt_for(text, state.view(seat), NAMES) for seat in (None, *range(3)) if seat != actor}
        # the same words from every other chair: built from what all of them see, nothing hidden
        assert others == {f"{NAMES[actor]['name']} is {text.waiting(state.view(None))}."}
        steps.add(state.view(None).to_dict()["decision"])
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert prompt_for(text, state.view(0), NAMES) == ""
    assert len(steps) >= 3
