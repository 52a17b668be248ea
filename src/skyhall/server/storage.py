"""Matches on disk: a ``match`` row, one ``seat`` row per seat and an append-only ``move`` log.

A match is stored as its record (game, rules version, players, seed, options) plus the
moves in order; replaying them rebuilds every state, so nothing else is saved. Seat
tokens are never stored, only their SHA-256 (:func:`token_hash`): a copy of the
database lets nobody act for a seat. A seat has two: the secret of the device that
holds it, and a pending invite link, spent when it is opened (docs/server.md, "Seat
links"); the match has its host's, and once over the id of its rematch, if one was
asked for. ``move`` has ``(match_id, seq)`` unique, so two writers can never both
store move ``seq`` of one match.

The schema is created and upgraded by the Alembic migrations next to this module
(:func:`migrate`, run on every start). SQLite (the default, a file in the user's
data directory, in WAL mode) and PostgreSQL (``postgresql+psycopg://…``) share the
code. Calls are synchronous; the server runs them off the event loop, and appends
the moves of many matches in one transaction (:meth:`Store.add_moves`, fed by
:class:`skyhall.server.journal.Journal`).

SQLite runs with ``synchronous=NORMAL``: in WAL mode a commit is then written to the
log but not flushed to the disk at once (checkpoints flush it). A committed move
survives the server crashing or being killed; a power cut or an operating-system
crash may lose the last moves (the match then replays to an earlier, consistent
point). ``FULL`` would wait for the disk on every commit (~7 ms here), which capped
the whole server near 100 moves a second (``bench/server.py``, docs/server.md).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

try:
    import fcntl
except ImportError:  # Windows: SQLite files are not claimed there
    fcntl = None  # type: ignore[assignment]

LIVE = "live"
OVER = "over"
BROKEN = "broken"
"""Match statuses: being played, finished, or a stored log that no longer replays."""


def token_hash(token: str) -> str:
    """What is stored of a seat token (hex SHA-256)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "match"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rules_version: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    reason: Mapped[str | None] = mapped_column(Text, default=None)
    """Why a match is broken (``None`` otherwise)."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    host_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    """The creator's token, which can make any seat a new link (``None``: matches made before)."""
    rematch_id: Mapped[str | None] = mapped_column(String(32), default=None)
    """The match this one's table plays next (``None`` until a rematch is asked for)."""


class SeatRow(Base):
    __tablename__ = "seat"
    __table_args__ = (UniqueConstraint("invite_hash", name="uq_seat_invite_hash"),)

    match_id: Mapped[str] = mapped_column(ForeignKey("match.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(8))
    """``human`` or ``bot``."""
    level: Mapped[str | None] = mapped_column(String(40), default=None)
    """The bot's level (an agent name) while ``kind`` is ``bot``."""
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    """The secret of the device that holds the seat (``None`` until its invite link is opened)."""
    invite_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    """The seat's pending invite link (``None`` once opened)."""


class MoveRow(Base):
    __tablename__ = "move"
    __table_args__ = (UniqueConstraint("match_id", "seq", name="uq_move_match_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("match.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    """0 for the first move: the number of moves before this one."""
    notation: Mapped[str] = mapped_column(String(200))
    seat: Mapped[int] = mapped_column(Integer)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class SeatInfo:
    name: str
    kind: str
    level: str | None
    token_hash: str | None
    invite_hash: str | None = None


@dataclass(frozen=True)
class Move:
    """A move to append: move ``seq`` of ``match_id``, and the match's status after it."""

    match_id: str
    seq: int
    notation: str
    seat: int
    status: str


@dataclass(frozen=True)
class StoredMatch:
    """One match as stored: enough to rebuild it by replay."""

    id: str
    game: str
    rules_version: int
    players: int
    seed: int
    options: dict[str, Any]
    status: str
    reason: str | None
    seats: tuple[SeatInfo, ...]
    moves: tuple[str, ...]
    """Notations in order."""
    created: datetime
    updated: datetime
    host_hash: str | None = None
    rematch: str | None = None
    """The id of the match's rematch, if one was made."""


class RematchMade(Exception):
    """The match already has a rematch (another request made it first): nothing was stored."""

    def __init__(self, rematch: str | None) -> None:
        super().__init__(f"the match's rematch is {rematch}")
        self.rematch = rematch


def default_url() -> str:
    """A SQLite file in the user's data directory (created if missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("skyhall"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'skyhall.db'}"


def connect(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL (``synchronous=NORMAL``), foreign keys and a busy timeout."""
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (``alembic upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class InUse(RuntimeError):
    """Another server holds the database (see :meth:`Store.claim`)."""


ADVISORY_KEY = 0x5348_5950
"""The PostgreSQL advisory lock a server holds on its database (any number will do, the same for all)."""


class Store:
    """Reads and writes matches; every method is one transaction, committed before it returns."""

    def __init__(self, url: str, claim: bool = False) -> None:
        """The store of ``url``, its schema migrated; with ``claim``, first made this process's alone
        (:meth:`claim`: a server's; nothing is migrated under another server)."""
        self.engine = connect(url)
        self._claim: Any = None
        """The lock file (SQLite) or the connection holding the advisory lock (PostgreSQL), if claimed."""
        if claim:
            try:
                self.claim()
            except InUse:
                self.engine.dispose()
                raise
        migrate(self.engine)
        self.session = sessionmaker(self.engine, expire_on_commit=False)

    def claim(self) -> None:
        """Make this process the database's one server, or raise :class:`InUse`.

        Each server keeps its matches in memory and writes their moves, so a second server on one
        database would serve matches that fall behind and refuse every move on them. SQLite: an
        exclusive lock on the file ``<database>.lock`` beside it; PostgreSQL: an advisory lock held by
        one connection. Either goes with the process, however it ends.
        """
        url = self.engine.url
        where = url.render_as_string(hide_password=True)
        busy = InUse(
            f"another Skyhall server is using this database ({where}): one server per database; "
            "stop the other one, or give this one another --db"
        )
        if (
            self.engine.dialect.name == "sqlite"
            and fcntl is not None
            and url.database not in (None, "", ":memory:")
        ):
            handle = open(f"{url.database}.lock", "a")  # noqa: SIM115 (kept open while the server runs)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                raise busy from None
            self._claim = handle
        elif self.engine.dialect.name == "postgresql":
            connection = self.engine.connect()
            if not connection.execute(
                text("select pg_try_advisory_lock(:key)"), {"key": ADVISORY_KEY}
            ).scalar():
                connection.close()
                raise busy
            self._claim = connection

    def close(self) -> None:
        claim, self._claim = self._claim, None
        if isinstance(claim, Connection):
            with suppress(Exception):
                claim.execute(text("select pg_advisory_unlock(:key)"), {"key": ADVISORY_KEY})
            claim.close()
        elif claim is not None:
            claim.close()  # closing the file lets the lock go
        self.engine.dispose()

    def create(
        self,
        match_id: str,
        game: str,
        rules_version: int,
        seed: int,
        options: dict[str, Any],
        seats: Sequence[SeatInfo],
        host_hash: str | None = None,
        rematch_of: str | None = None,
    ) -> None:
        """Store a new match and its seats; with ``rematch_of``, as that match's rematch, in the same
        transaction (:class:`RematchMade`, and nothing stored, if it has one already)."""
        stamp = now()
        with self.session.begin() as session:
            session.add(
                MatchRow(
                    id=match_id,
                    game=game,
                    rules_version=rules_version,
                    players=len(seats),
                    seed=seed,
                    options=options,
                    status=LIVE,
                    created=stamp,
                    updated=stamp,
                    host_hash=host_hash,
                )
            )
            session.flush()
            for i, info in enumerate(seats):
                session.add(
                    SeatRow(
                        match_id=match_id,
                        seat=i,
                        name=info.name,
                        kind=info.kind,
                        level=info.level,
                        token_hash=info.token_hash,
                        invite_hash=info.invite_hash,
                    )
                )
            if rematch_of is not None:
                session.flush()
                made = session.execute(
                    update(MatchRow)
                    .where(MatchRow.id == rematch_of, MatchRow.rematch_id.is_(None))
                    .values(rematch_id=match_id, updated=stamp)
                )
                if made.rowcount != 1:  # type: ignore[attr-defined]
                    raise RematchMade(
                        session.scalar(select(MatchRow.rematch_id).where(MatchRow.id == rematch_of))
                    )

    def add_moves(self, moves: Sequence[Move]) -> None:
        """Append ``moves`` (of any matches) in one transaction: all are stored, or none.

        Raises ``sqlalchemy.exc.IntegrityError`` if a ``(match, seq)`` is already stored.
        """
        stamp = now()
        status = {move.match_id: move.status for move in moves}  # each match's status after its last move
        with self.engine.begin() as connection:
            connection.execute(
                insert(MoveRow),
                [
                    {
                        "match_id": m.match_id,
                        "seq": m.seq,
                        "notation": m.notation,
                        "seat": m.seat,
                        "time": stamp,
                    }
                    for m in moves
                ],
            )
            connection.execute(
                update(MatchRow)
                .where(MatchRow.id == bindparam("match"))
                .values(status=bindparam("after"), updated=stamp),
                [{"match": match_id, "after": after} for match_id, after in status.items()],
            )

    def set_seat(self, match_id: str, seat: int, kind: str, level: str | None) -> None:
        with self.session.begin() as session:
            row = session.get_one(SeatRow, (match_id, seat))
            row.kind = kind
            row.level = level
            session.get_one(MatchRow, match_id).updated = now()

    def set_links(
        self, match_id: str, seat: int, token_hash: str | None, invite_hash: str | None, human: bool = False
    ) -> None:
        """Store a seat's links: its device's secret and its pending invite (hashes; ``None``: none);
        with ``human``, in the same transaction, the seat is a person's from now on (taken over from
        its bot)."""
        with self.session.begin() as session:
            row = session.get_one(SeatRow, (match_id, seat))
            row.token_hash = token_hash
            row.invite_hash = invite_hash
            if human:
                row.kind, row.level = "human", None
            session.get_one(MatchRow, match_id).updated = now()

    def set_host(self, match_id: str, host_hash: str) -> None:
        """Store the match's new host token (its hash): the one before stops being the host's."""
        with self.session.begin() as session:
            row = session.get_one(MatchRow, match_id)
            row.host_hash = host_hash
            row.updated = now()

    def mark(self, match_id: str, status: str, reason: str | None = None) -> None:
        """Set the match's status (and why it is broken), without reading the row: a row whose other
        columns are damaged can still be marked."""
        with self.session.begin() as session:
            session.execute(
                update(MatchRow).where(MatchRow.id == match_id).values(status=status, reason=reason)
            )

    def seats_of_tokens(self, hashes: Sequence[str]) -> list[tuple[str, int]]:
        """``(match id, seat)`` for every stored token hash among ``hashes``."""
        with self.session() as session:
            rows = session.execute(
                select(SeatRow.match_id, SeatRow.seat).where(SeatRow.token_hash.in_(list(hashes)))
            )
            return [(match_id, seat) for match_id, seat in rows]

    def matches_of_hosts(self, hashes: Sequence[str]) -> list[str]:
        """The ids of the matches whose host token hash is among ``hashes``."""
        with self.session() as session:
            return list(session.scalars(select(MatchRow.id).where(MatchRow.host_hash.in_(list(hashes)))))

    def load(self, match_id: str) -> StoredMatch | None:
        with self.session() as session:
            row = session.get(MatchRow, match_id)
            return None if row is None else self._stored(session, row)

    def live_ids(self) -> list[str]:
        with self.session() as session:
            return list(session.scalars(select(MatchRow.id).where(MatchRow.status == LIVE)))

    @staticmethod
    def _stored(session: Session, row: MatchRow) -> StoredMatch:
        seats = session.scalars(select(SeatRow).where(SeatRow.match_id == row.id).order_by(SeatRow.seat))
        moves = session.scalars(
            select(MoveRow.notation).where(MoveRow.match_id == row.id).order_by(MoveRow.seq)
        )
        return StoredMatch(
            id=row.id,
            game=row.game,
            rules_version=row.rules_version,
            players=row.players,
            seed=row.seed,
            options=dict(row.options),
            status=row.status,
            reason=row.reason,
            seats=tuple(SeatInfo(s.name, s.kind, s.level, s.token_hash, s.invite_hash) for s in seats),
            moves=tuple(moves),
            created=row.created,
            updated=row.updated,
            host_hash=row.host_hash,
            rematch=row.rematch_id,
        )
