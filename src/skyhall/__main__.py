"""``python -m skyhall``: the ``skyhall`` command, for when its script is not on the path."""

from skyhall.cli import main

main()
