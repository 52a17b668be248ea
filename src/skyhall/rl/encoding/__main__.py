"""Print every game's observation layout and action codec as Markdown: ``python -m skyhall.rl.encoding``.

``docs/rl.md`` holds this output between its ``layout`` markers; a test checks it is current.
"""

import sys
from typing import Any

from skyhall.core import registry
from skyhall.core.actions import Codec
from skyhall.rl.encoding import encoder


def tables() -> str:
    """Every game's layout table then its action codec's blocks, one section per game."""
    return "\n\n".join(
        f"### {g.spec.title}\n\n{encoder(gid).layout.table()}\n\n{actions(g.codec)}"
        for gid, g in registry.available().items()
    )


def actions(codec: Codec[Any]) -> str:
    """The codec's blocks as a Markdown table: each kind's indices and its first action's notation."""
    rows = [
        f"| `{kind}` | {block.start}..{block.stop - 1} | {len(block)} | `{codec.decode(block.start)}` |"
        for kind, block in codec.blocks()
    ]
    head = "| action kind | indices | count | first |\n| --- | --- | --- | --- |"
    return f"Actions, {len(codec)} indices (`env.action_name(i)` names any):\n\n{head}\n" + "\n".join(rows)


if __name__ == "__main__":
    sys.stdout.write(tables() + "\n")
