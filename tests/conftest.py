"""Shared test configuration."""

from hypothesis import settings

settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True)
settings.register_profile("dev", deadline=None, max_examples=30)
settings.load_profile("ci")
