"""The shared helpers of the games' words (:mod:`skyhall.core.text`)."""

from __future__ import annotations

from skyhall.core.text import paragraphs


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
