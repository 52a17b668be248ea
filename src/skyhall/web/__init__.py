"""The browser UI: static ES modules (Preact + htm vendored, SVG boards) served by ``skyhall.server``.

No build step: ``static/`` is served as is. The wire format and the renderer
contract are in ``docs/web.md``.
"""

from pathlib import Path

STATIC = Path(__file__).parent / "static"
"""The folder the server mounts at ``/static``."""
