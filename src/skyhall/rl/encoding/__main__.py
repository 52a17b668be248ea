"""Print every game's observation layout as Markdown: ``python -m skyhall.rl.encoding``.

``docs/rl.md`` holds this output between its ``layout`` markers; a test checks it is current.
"""

import sys

from skyhall.core import registry
from skyhall.rl.encoding import encoder


def tables() -> str:
    """Every game's layout table, one section per game."""
    return "\n\n".join(
        f"### {g.spec.title}\n\n{encoder(gid).layout.table()}" for gid, g in registry.available().items()
    )


if __name__ == "__main__":
    sys.stdout.write(tables() + "\n")
