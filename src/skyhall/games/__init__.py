"""One package per game; each registers itself with :mod:`skyhall.core.registry` on import."""
