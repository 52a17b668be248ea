"""Encoding from several threads at once, for the encoders' cache tests."""

from __future__ import annotations

import sys
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np


def wrong_in_threads(
    encoder: Any, views: Sequence[Any], expected: Sequence[bytes], threads: int = 4
) -> list[int]:
    """The views that some thread got another vector for than ``expected``, when ``threads`` threads each
    encode every view, in orders of their own, with the interpreter switching threads as often as it can."""
    wrong: list[int] = []

    def work(offset: int) -> None:
        out = np.zeros(encoder.size, np.float32)
        for k in range(len(views)):
            j = (k * 7 + offset) % len(views)
            if encoder.encode(views[j], out).tobytes() != expected[j]:
                wrong.append(j)

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        running = [threading.Thread(target=work, args=(offset,)) for offset in range(threads)]
        for thread in running:
            thread.start()
        for thread in running:
            thread.join()
    finally:
        sys.setswitchinterval(switch)
    return wrong
