"""The shared helpers of the games' words (:mod:`skyhall.core.text`)."""

from __future__ import annotations

from skyhall.core.result import Result
from skyhall.core.text import listed, ordinal, paragraphs, tie_words


def test_paragraphs_undo_line_breaks_and_keep_numbered_items_apart() -> None:
    summary = "\n".join(
        [
            "A game: its one line.",
            "",
            "Your turn:",
            "  1. Do this,",
            "     then that.",
            "  2. Done.",
            "",
            "The end: when it",
            "ends.",
        ]
    )
    assert paragraphs(summary) == [
        "A game: its one line.",
        "Your turn:",
        "1. Do this, then that.",
        "2. Done.",
        "The end: when it ends.",
    ]


def outcome(scores: tuple[int, ...], ranks: tuple[int, ...], tiebreak: tuple[tuple[int, ...], ...]) -> Result:
    return Result(scores, ranks, tuple(() for _ in scores), tiebreak)


NAMES = ("Ann", "Bob", "Cy", "Di")
BREAKS = ("lanes", "Player Movement")


def test_tie_words_say_which_tie_break_settled_seats_tied_on_points() -> None:
    assert tie_words(outcome((40, 33, 20), (1, 2, 3), ((1, 1), (2, 2), (3, 3))), NAMES, BREAKS) == []
    won_on_lanes = outcome((33, 33, 20), (2, 1, 3), ((10, 50), (12, 40), (1, 1)))
    assert tie_words(won_on_lanes, NAMES, BREAKS) == [
        "Bob and Ann tie on 33 points; Bob goes ahead of Ann on lanes, 12 to 10."
    ]
    on_movement = outcome((20, 33, 33), (3, 2, 1), ((1, 1), (12, 42), (12, 43)))
    assert tie_words(on_movement, NAMES, BREAKS) == [
        "Cy and Bob tie on 33 points; Cy goes ahead of Bob on Player Movement, 43 to 42 (lanes tied at 12)."
    ]


def test_tie_words_say_a_shared_place_and_every_tied_group() -> None:
    shared = outcome((30, 30, 30, 12), (1, 1, 3, 4), ((10, 5), (10, 5), (10, 4), (0, 0)))
    assert tie_words(shared, NAMES, BREAKS) == [
        "Ann, Bob and Cy tie on 30 points; "
        "Ann and Bob tie on lanes and Player Movement too, and share 1st place; "
        "Bob goes ahead of Cy on Player Movement, 5 to 4 (lanes tied at 10)."
    ]
    two_ties = outcome((30, 30, 9, 9), (1, 2, 3, 3), ((2,), (1,), (0,), (0,)))
    assert tie_words(two_ties, NAMES, ("tall Buildings",)) == [
        "Ann and Bob tie on 30 points; Ann goes ahead of Bob on tall Buildings, 2 to 1.",
        "Cy and Di tie on 9 points; Cy and Di tie on tall Buildings too, and share 3rd place.",
    ]


def test_ordinals_and_lists_in_words() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]
    assert [listed(w) for w in (["a"], ["a", "b"], ["a", "b", "c"])] == ["a", "a and b", "a, b and c"]
