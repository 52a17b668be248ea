"""What one visitor may hold and do at once: rates as token buckets, and per-address limits.

A visitor is a client address as the server sees it: behind a reverse proxy on the same
machine, uvicorn takes it from ``X-Forwarded-For`` (its ``--forwarded-allow-ips`` names
the proxies it trusts, 127.0.0.1 by default). One address may keep :attr:`Limits.sockets`
match sockets open, open new ones at :attr:`Limits.socket_rate` a second (a page that
reconnects in a loop pushes a full state to every other seat each time it joins), and
create matches at :attr:`Limits.create_rate` a second; each rate allows a burst. Players
behind one home or office router share an address, so the limits are far above what a
table of friends needs (docs/server.md, "Limits").
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from skyhall.server.authority import Refused


class Bucket:
    """A token bucket: at most ``burst`` at once, refilled at ``rate`` a second."""

    __slots__ = ("burst", "checked", "level", "rate")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = float(burst)
        self.checked = now

    def take(self, now: float) -> bool:
        """Take one, if there is one at ``now`` (seconds on a clock that only goes forward)."""
        self.level = min(self.burst, self.level + (now - self.checked) * self.rate)
        self.checked = now
        if self.level < 1:
            return False
        self.level -= 1
        return True

    def full(self, now: float) -> bool:
        """Whether it would be full at ``now``: then it is no different from a new one."""
        return self.level + (now - self.checked) * self.rate >= self.burst


@dataclass(frozen=True)
class Limits:
    """Per client address."""

    sockets: int = 100
    """Match sockets open at once."""
    socket_rate: float = 2.0
    """New match sockets a second, sustained ..."""
    socket_burst: int = 30
    """... and at once."""
    create_rate: float = 0.1
    """Matches created a second, sustained (6 a minute) ..."""
    create_burst: int = 20
    """... and at once."""


LIMITS = Limits()
"""The server's limits unless told otherwise."""

KEEP = 10_000
"""Addresses whose buckets are kept: beyond, the full ones (no different from new) are dropped, then the
oldest down to half as many (an address dropped starts afresh)."""


def visitor(address: str) -> str:
    """Who an address is: itself, or for IPv6 its /64 network (which one host commonly has whole)."""
    if ":" not in address:
        return address
    try:
        return ipaddress.ip_network(f"{address}/64", strict=False).with_prefixlen
    except ValueError:
        return address


class Visitors:
    """Each client address's open sockets and buckets; refuses (``too_many``) what goes beyond
    :class:`Limits` (``None``: nothing, for a load test whose one client stands for many). Runs on the
    event loop only."""

    def __init__(self, limits: Limits | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.open: Counter[str] = Counter()
        self.opening: dict[str, Bucket] = {}
        self.creating: dict[str, Bucket] = {}

    def join(self, address: str) -> None:
        """Count a new match socket from ``address``, or refuse it (a refused one counts as opened: a
        page retrying in a loop is held back by the rate)."""
        limits = self.limits
        if limits is None:
            return
        self._take(self.opening, address, limits.socket_rate, limits.socket_burst, "match sockets opened")
        if self.open[address] >= limits.sockets:
            raise Refused("too_many", f"at most {limits.sockets} match sockets may be open from one address")
        self.open[address] += 1

    def leave(self, address: str) -> None:
        """A socket counted by :meth:`join` closed."""
        if self.limits is None:
            return
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def create(self, address: str) -> None:
        """Count a match created by ``address``, or refuse it."""
        limits = self.limits
        if limits is None:
            return
        self._take(self.creating, address, limits.create_rate, limits.create_burst, "matches created")

    def _take(self, buckets: dict[str, Bucket], address: str, rate: float, burst: int, what: str) -> None:
        now = self.clock()
        bucket = buckets.get(address)
        if bucket is None:
            if len(buckets) >= KEEP:
                for other in [a for a, b in buckets.items() if b.full(now)]:
                    del buckets[other]
                for other in list(buckets)[: max(0, len(buckets) - KEEP // 2)]:
                    del buckets[other]
            bucket = buckets[address] = Bucket(rate, burst, now)
        if not bucket.take(now):
            per_minute = rate * 60
            raise Refused(
                "too_many",
                f"too many {what} from one address (at most {burst} at once, then {per_minute:g} a "
                "minute): wait a little and try again",
            )
