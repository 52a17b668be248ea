"""One authority per match: the true state, who may act, and everyone watching.

The authority is the only holder of a match's state in the server. Every change
goes through :meth:`Authority.act` under the match's lock: the token names the
seat, the seat must be the one to act, ``seq`` must be the current one (so of two
racing choices for one decision exactly one wins), the action is checked by
:func:`skyhall.core.engine.play` on a copy, the move row is committed (through the
:class:`~skyhall.server.journal.Journal`, with other matches' moves), and only then
does the copy become the state and every socket receive its own new view.

Each seat's message is built and serialized once per change, however many sockets
that seat (or the spectators) has open, and answered from that cache until the next
change.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import math
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError

from skyhall.core.engine import play
from skyhall.core.errors import IllegalAction, MalformedAction, RecordError
from skyhall.core.record import GameRecord
from skyhall.core.registry import get
from skyhall.core.text import text_module
from skyhall.server.journal import Journal
from skyhall.server.messages import error, replay_frame, state_message, table_words, to_json
from skyhall.server.storage import BROKEN, LIVE, OVER, Move, SeatInfo, Store, StoredMatch, token_hash

log = logging.getLogger(__name__)

HTTP_STATUS = {
    "bad_request": 400,
    "unauthorized": 401,
    "forbidden": 403,
    "moved": 403,
    "not_found": 404,
    "not_allowed": 405,
    "not_your_turn": 409,
    "stale": 409,
    "over": 409,
    "live": 409,
    "broken": 409,
    "too_large": 413,
    "too_many": 429,
    "illegal": 422,
    "invalid": 422,
    "internal": 500,
    "busy": 503,
}
"""The HTTP status of each error code (websocket errors carry the code only)."""


class Refused(Exception):
    """A request the server turns down; nothing was changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def status(self) -> int:
        return HTTP_STATUS[self.code]


Send = Callable[[str], None]
"""How the authority pushes a message (JSON text) to one socket: queued at once, never awaited, so a
slow or stuck socket cannot hold the match's lock (the socket's own writer sends it, and drops the
socket if it falls behind: :class:`skyhall.server.app.MatchSocket`)."""


@dataclass
class Seat:
    name: str
    kind: str
    level: str | None
    token_hash: str | None
    """The secret of the device that holds the seat (its hash; ``None`` until an invite is opened)."""
    invite_hash: str | None = None
    """The seat's pending invite link (its hash; ``None`` once opened)."""
    sockets: int = 0

    def public(self) -> dict[str, Any]:
        """What every watcher may know about the seat."""
        return {
            "name": self.name,
            "kind": self.kind,
            "level": self.level if self.kind == "bot" else None,
            "connected": self.kind == "bot" or self.sockets > 0,
            "opened": self.token_hash is not None,
        }

    def holds(self, hashed: str | None) -> bool:
        """Whether a token of hash ``hashed`` is the seat's device's (an invite is not: it is only
        opened, :meth:`Authority.claim`)."""
        return _same(hashed, self.token_hash)

    def invited(self, hashed: str | None) -> bool:
        """Whether a token of hash ``hashed`` is the seat's pending invite."""
        return _same(hashed, self.invite_hash)


def _same(hashed: str | None, stored: str | None) -> bool:
    """Whether two hashes are both there and equal (compared in constant time)."""
    return hashed is not None and stored is not None and hmac.compare_digest(hashed, stored)


@dataclass(frozen=True)
class Holder:
    """A seat's socket: the hash of the token it joined with, and how to close it (when that token
    stops opening the seat, the socket is told why and closed)."""

    token_hash: str
    close: Callable[[int], None]


@dataclass(frozen=True)
class BotTurn:
    """A bot's pending decision: what the worker is given (the bot seat's view only)."""

    seat: int
    level: str
    seq: int
    view: Any
    legal: tuple[Any, ...]


RECENT = 120.0
"""Seconds after a person's choice during which their match counts as watched (see ``watched``)."""
UNREADABLE = "its stored data is damaged (the server's log says how)"
"""Why a match whose rows cannot be read, or do not fit together, is broken."""
NOT_A_SEAT = (
    "This link does not open a seat of this match. An invite link works until it is opened, and a "
    "seat's link stops working when the seat moves to another device: ask the match's host for a new link"
)
"""Why a token opens no seat: forged, an invite already opened, or a device's since replaced (alike,
so that a refusal tells nothing of which)."""
NOT_A_SEAT_OVER = (
    "This link does not open a seat of this match. An invite link works until it is opened, and this "
    "match is over: watch its replay"
)
"""What a spent or forged link is told once the match is over (no new link would help then)."""


def unopened(match_id: str) -> str:
    """Why an invite is refused where a seat's token is needed (said only to whoever holds the invite)."""
    return (
        f"This is a seat's invite link, not yet opened: open it first (POST /api/matches/{match_id}/claim), "
        "then use the token that answers"
    )


MOVED = (
    "This seat is now played from another device (its invite link was opened there, or the match's "
    "host made it a new link): this page no longer plays it"
)
"""Why a socket or a choice of a seat's earlier device is refused."""
DEVICE_TOKEN = 22
"""The fewest characters of a token a device makes for itself (:meth:`Authority.claim`): 128 bits of
URL-safe base64."""
DEVICE_SHORT = f"device: a device's token has at least {DEVICE_TOKEN} random characters"
DEVICE_OWN = "device: a device's token must be its own, not a link's"
DEVICE_TAKEN = "device: this token holds another seat; make a new one"
REMATCH_SEAT_HELD = (
    "This seat of the rematch is held by another device already: play it there, or ask the match's "
    "host for a new link"
)
"""Why a seat of a finished match is refused its seat of the rematch (see ``take_rematch_seat``)."""


def replay_failure(exc: RecordError) -> str:
    """Why a match whose record does not replay is broken, in words every watcher may read: a move
    that no longer plays is named by its number only, since its notation or the reason it is refused
    may hold a seat's secret (kept objectives); the server's log has the whole error."""
    move = re.fullmatch(r"actions\[(\d+)\]", exc.field)
    if move is None:
        return f"its stored moves no longer replay: {exc}"
    number = int(move.group(1)) + 1
    return f"its stored moves no longer replay: move {number} cannot be played (the server's log says why)"


class Authority:
    """A live, finished or broken match in memory."""

    def __init__(
        self,
        match_id: str,
        record: GameRecord,
        state: Any,
        seats: list[Seat],
        reason: str | None = None,
        host_hash: str | None = None,
        rematch: str | None = None,
    ) -> None:
        self.id = match_id
        self.record = record
        self.state = state
        """``None`` when the stored log does not replay (``reason`` says why)."""
        self.seats = seats
        self.reason = reason
        self.game = get(record.game)
        self.text = text_module(self.game)
        self.lock = asyncio.Lock()
        self.listeners: dict[Send, int | None] = {}
        self.holders: dict[Send, Holder] = {}
        """The seats' sockets (of ``listeners``) by the token they joined with."""
        self.host_hash = host_hash
        """The hash of the creator's token, which can make any seat a new link (none for old matches)."""
        self.rematch = rematch
        """The id of the match this one's table plays next, once a rematch was asked for (public)."""
        self.thinking = False
        """A bot decision is being computed."""
        self.acted_at = -math.inf
        """When a person last made a choice here (``time.monotonic()``)."""
        self._frames: list[Any] | None = None
        self._turns: list[int] = []
        """The replay steps at which another seat comes to decide (a turn, or a rival's answer within
        one): where the replay's "previous turn" and "next turn" go. Found with the frames."""
        self._said: dict[int | None, str] = {}
        """Each seat's (``None``: spectators') message as JSON text, built since the last change."""

    @classmethod
    def rebuild(cls, stored: StoredMatch) -> Authority:
        """The match as stored, its state rebuilt by replaying every move; broken if they do not replay."""
        record = GameRecord(
            stored.game, stored.rules_version, stored.players, stored.seed, stored.options, list(stored.moves)
        )
        seats = [Seat(s.name, s.kind, s.level, s.token_hash, s.invite_hash) for s in stored.seats]
        reason = stored.reason if stored.status == BROKEN else None
        state = None
        if reason is None and len(seats) != stored.players:
            log.error("match %s: %d seats stored for %d players", stored.id, len(seats), stored.players)
            reason = UNREADABLE
        if reason is None:
            try:
                state = record.replay(source=f"match {stored.id}")
            except RecordError as exc:
                log.warning("match %s no longer replays: %s", stored.id, exc)
                reason = replay_failure(exc)
            except Exception:  # any failure to rebuild marks this match broken, never the server
                log.exception("match %s no longer replays", stored.id)
                reason = UNREADABLE
        return cls(stored.id, record, state, seats, reason, stored.host_hash, stored.rematch)

    @property
    def seq(self) -> int:
        """How many actions have been applied."""
        return len(self.record.actions)

    @property
    def status(self) -> str:
        if self.state is None:
            return BROKEN
        return OVER if self.state.is_over else LIVE

    def watched(self) -> bool:
        """Whether a person is at the table: a human seat with a socket open, or a person's choice made
        in the last :data:`RECENT` seconds (a client of the HTTP API has no socket). Its bots think
        before those of matches nobody watches (see :class:`~skyhall.server.bots.BotPool`), which
        anyone can start by the dozen, one human seat left empty in each."""
        if time.monotonic() - self.acted_at < RECENT:
            return True
        return any(seat.kind == "human" and seat.sockets > 0 for seat in self.seats)

    def public_seats(self) -> list[dict[str, Any]]:
        return [seat.public() for seat in self.seats]

    def seat_for(self, token: str | None) -> int:
        """The seat ``token`` belongs to; ``unauthorized`` without one, ``forbidden`` for a wrong one."""
        return self.holder(token)[0]

    def hosted_by(self, token: str | None) -> bool:
        """Whether ``token`` is the match's host token."""
        return token is not None and _same(token_hash(token), self.host_hash)

    def is_link(self, hashed: str) -> bool:
        """Whether a token of hash ``hashed`` is one of the match's pending invites or its host's: no
        token a device may hold a seat by (whoever saw that link would hold the seat too)."""
        return any(s.invited(hashed) for s in self.seats) or _same(hashed, self.host_hash)

    def holder(self, token: str | None) -> tuple[int, str]:
        """:meth:`seat_for`, and the token's hash (what a socket or a choice is checked by later)."""
        if not token:
            raise Refused("unauthorized", "this needs a seat's token (from its invite link)")
        hashed = token_hash(token)
        for i, seat in enumerate(self.seats):
            if seat.holds(hashed):
                return i, hashed
        if any(s.invited(hashed) for s in self.seats):
            raise Refused("forbidden", unopened(self.id))
        raise Refused("forbidden", NOT_A_SEAT)

    # Seat links (docs/server.md): an invite is spent when it is opened, a device's secret taking its
    # place; the seat itself, or the host, can make the seat a new link.

    async def claim(self, store: Store, invite: str | None, device: str | None = None) -> tuple[int, str]:
        """Open an invite link: its seat, and the token this device holds the seat by from now on.

        The invite is spent: the link (and whoever else has seen it) opens the seat no more, nor does
        the device that held the seat before. The device's token is ``device``, made by the device
        (at least :data:`DEVICE_TOKEN` random characters, and no invite's or the host's: such a token
        would be known to whoever saw that link), or else one made here. A device that made its own
        can ask again with it, if the answer was lost: a ``device`` that already holds a seat is
        answered as it is. ``forbidden`` for any other invite. Opening a bot seat's invite while the
        match goes on takes the seat over from the bot: its device is a person's, who sees the seat's
        hidden cards, so the seat is theirs to play (and every watcher sees it change hands).
        """
        if not invite:
            raise Refused("unauthorized", "this needs a seat's invite link")
        if device is not None and len(device) < DEVICE_TOKEN:
            raise Refused("invalid", DEVICE_SHORT)
        hashed = token_hash(invite)
        async with self.lock:
            if device is not None:
                made = token_hash(device)
                for i, s in enumerate(self.seats):
                    if s.holds(made):
                        return i, device  # asked again: the answer was lost
                if self.is_link(made):
                    raise Refused("invalid", DEVICE_OWN)
            seat = next((i for i, s in enumerate(self.seats) if s.invited(hashed)), None)
            if seat is None:
                over = self.state is not None and self.state.is_over
                raise Refused("forbidden", NOT_A_SEAT_OVER if over else NOT_A_SEAT)
            secret = device or secrets.token_urlsafe(24)
            playing = self.state is not None and not self.state.is_over
            try:
                await self._relink(
                    store, seat, token_hash(secret), None, human=playing and self.seats[seat].kind == "bot"
                )
            except IntegrityError:  # a device that gave a token another seat holds: nothing changed
                raise Refused("invalid", DEVICE_TAKEN) from None
            return seat, secret

    async def invite(self, store: Store, seat: int, token: str | None) -> str:
        """A new invite link's token for ``seat``, asked with the seat's own token or the host's.

        The seat's own: it moves to the device that opens the link, and until then stays where it is.
        The host's: the seat's device and any earlier link stop opening it at once (a lost device, a
        link seen by the wrong person). Either way an earlier pending invite is spent.
        """
        if not 0 <= seat < len(self.seats):
            raise Refused("not_found", f"there is no seat {seat}")
        if not token:
            raise Refused("unauthorized", "this needs the seat's token or the match host's")
        hashed = token_hash(token)
        async with self.lock:
            held = self.seats[seat]
            if held.holds(hashed):
                device = held.token_hash
            elif _same(hashed, self.host_hash):
                device = None
            else:
                raise Refused(
                    "forbidden", "only the seat's own token or the match host's can make it a new link"
                )
            link = secrets.token_urlsafe(24)
            await self._relink(store, seat, device, token_hash(link))
            return link

    async def rehost(self, store: Store, token: str | None) -> str:
        """A new host token, asked with the host's own: every copy of the one before (a host link
        shown to the wrong person, a lost device) stops being the host's at once."""
        if not token:
            raise Refused("unauthorized", "this needs the match host's token")
        async with self.lock:
            if not self.hosted_by(token):
                raise Refused("forbidden", "only the match host's token can make the match a new host link")
            return await self._new_host(store)

    async def host_for_rematch(self, store: Store) -> str:
        """A new host token for this match, a rematch whose finished match's host asks for it (the
        hall checked their token there): as :meth:`rehost`, the one before stops being the host's."""
        async with self.lock:
            return await self._new_host(store)

    async def _new_host(self, store: Store) -> str:
        made = secrets.token_urlsafe(24)
        await asyncio.to_thread(store.set_host, self.id, token_hash(made))
        self.host_hash = token_hash(made)
        return made

    async def take_rematch_seat(self, store: Store, seat: int, device: str | None) -> str:
        """Seat ``seat`` of this match, a rematch, for the device that held it in the finished match
        (the hall checked its token there): held by ``device`` (else a token made here) from now on.

        Asked again with the device that holds it (an answer lost on the way), the same answer;
        ``forbidden`` if another device holds it already (the player plays it there, or the host makes
        the seat a new link). A pending invite the host made for the seat stays pending: opening it
        moves the seat, as ever. The seat stays what it is (a bot seat stays a bot's: its holder takes
        it back as in any match).
        """
        async with self.lock:
            held = self.seats[seat]
            if device is not None:
                made = token_hash(device)
                if held.holds(made):
                    return device  # asked again: the answer was lost
                if self.is_link(made):
                    raise Refused("invalid", DEVICE_OWN)
            if held.token_hash is not None:
                raise Refused("forbidden", REMATCH_SEAT_HELD)
            secret = device or secrets.token_urlsafe(24)
            try:
                await self._relink(store, seat, token_hash(secret), held.invite_hash)
            except IntegrityError:  # a token that holds a seat already (of this match or another)
                raise Refused("invalid", DEVICE_TAKEN) from None
            return secret

    async def _relink(
        self, store: Store, seat: int, device: str | None, invite: str | None, human: bool = False
    ) -> None:
        """Store and apply a seat's new links (the lock held), and with ``human`` its being a person's
        from now on (one transaction: stored whole or not at all); its sockets whose token no longer
        opens it are told why and closed, the others hear whether the seat is opened."""
        await asyncio.to_thread(store.set_links, self.id, seat, device, invite, human)
        held = self.seats[seat]
        opened = held.token_hash is not None
        held.token_hash, held.invite_hash = device, invite
        if human:
            held.kind, held.level = "human", None
        moved = to_json(error("moved", MOVED))
        for send, holder in list(self.holders.items()):
            if self.listeners.get(send) == seat and not held.holds(holder.token_hash):
                send(moved)
                holder.close(4403)
                self._forget(send)
        if opened != (device is not None) or human:
            self._broadcast()

    def message(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) sees now, built from ``view(seat)`` alone."""
        if self.state is None:
            return error("broken", f"This match cannot be played: {self.reason}")
        state = self.state
        view = state.view(seat)
        legal = state.legal_actions() if seat is not None and seat == state.to_act else ()
        return state_message(
            self.id,
            self.seq,
            self.status,
            seat,
            self.public_seats(),
            self.text,
            self.game.codec,
            view,
            legal,
            state.result() if state.is_over else None,
            self.rematch,
        )

    def words(self, seat: int | None) -> dict[str, Any]:
        """The table in words as ``seat`` (``None``: a spectator) sees it now, from ``view(seat)``."""
        self.check_readable()
        return {"seq": self.seq, "words": table_words(self.text, self.state.view(seat))}

    def check_readable(self) -> None:
        """``broken`` for a match whose state could not be rebuilt (an HTTP answer is then an error,
        not a 200 carrying one)."""
        if self.state is None:
            raise Refused("broken", f"this match cannot be played: {self.reason}")

    def message_json(self, seat: int | None) -> str:
        """:meth:`message` as JSON text, built once per change and seat."""
        text = self._said.get(seat)
        if text is None:
            text = self._said[seat] = to_json(self.message(seat))
        return text

    def _playable(self) -> Any:
        self.check_readable()
        if self.state.is_over:
            raise Refused("over", "the match is over")
        return self.state

    async def act(
        self,
        journal: Journal,
        seat: int,
        seq: int,
        notation: str,
        bot: bool = False,
        by: str | None = None,
    ) -> None:
        """Apply ``seat``'s choice made on state ``seq``, commit it, then push every watcher's new view.

        ``bot`` marks a bot's choice: refused (stale) if the seat was handed back meanwhile. ``by``, the
        hash of the token a person chose with, must still open the seat (it may have moved to another
        device while the choice was on its way). The act
        runs as its own task: cancelling the caller (a dropped request) cannot stop it between the
        commit and the new state, so memory and database always agree.
        """
        if not bot:
            self.acted_at = time.monotonic()
        await asyncio.shield(self._act(journal, seat, seq, notation, bot, by))

    async def _act(
        self, journal: Journal, seat: int, seq: int, notation: str, bot: bool, by: str | None
    ) -> None:
        async with self.lock:
            if by is not None and not self.seats[seat].holds(by):
                raise Refused("moved", MOVED)
            state = self._playable()
            if seq != self.seq:
                raise Refused(
                    "stale", f"that choice was made on move {seq}, but the match is at move {self.seq}"
                )
            if seat != state.to_act:
                who = self.seats[state.to_act].name
                raise Refused("not_your_turn", f"it is not your decision ({who} must decide)")
            if (self.seats[seat].kind == "bot") != bot:
                raise Refused(
                    "not_your_turn" if not bot else "stale",
                    "a bot plays this seat; take the seat back first"
                    if not bot
                    else "the seat was taken back",
                )
            after = state.clone()
            try:
                action = play(after, notation, seat=seat)
            except MalformedAction as exc:
                raise Refused("illegal", f"{exc.tried!r} is not a choice in this game") from None
            except IllegalAction as exc:
                raise Refused("illegal", f"{exc.tried!r} is not possible now: {exc.reason}") from None
            done = str(action)
            await journal.append(Move(self.id, self.seq, done, seat, OVER if after.is_over else LIVE))
            self.state = after
            self.record.actions.append(done)
            self._broadcast()

    async def set_control(self, store: Store, seat: int, kind: str, level: str | None, by: str) -> None:
        """Hand ``seat`` to a bot at ``level`` or back to its human, asked with the token of hash ``by``:
        one that must still hold the seat (as for a choice), or for a bot the host's."""
        async with self.lock:
            if not self.seats[seat].holds(by) and not (kind == "bot" and _same(by, self.host_hash)):
                raise Refused("moved", MOVED)
            self._playable()
            await asyncio.to_thread(store.set_seat, self.id, seat, kind, level)
            self.seats[seat].kind = kind
            self.seats[seat].level = level
            self._broadcast()

    def set_rematch(self, match_id: str) -> None:
        """Name the match's rematch (stored already; the lock held): every watcher hears of it."""
        self.rematch = match_id
        self._broadcast()

    def bot_turn(self) -> BotTurn | None:
        """The pending decision if a bot must make it and none is thinking yet."""
        state = self.state
        if state is None or state.is_over or self.thinking:
            return None
        seat = self.seats[state.to_act]
        if seat.kind != "bot" or seat.level is None:
            return None
        view = state.view(state.to_act, log=False)
        return BotTurn(state.to_act, seat.level, self.seq, view, tuple(state.legal_actions()))

    async def attach(self, send: Send, seat: int | None, holder: Holder | None = None) -> None:
        """Start pushing to a socket (a seat's joined with ``holder``'s token, checked again here: the
        seat may have moved since). It gets the current message; the others get theirs only when the
        seat's ``connected`` changes (a spectator joining, or a seat's second tab, changes nothing)."""
        async with self.lock:
            if seat is not None and holder is not None:
                if not self.seats[seat].holds(holder.token_hash):
                    raise Refused("moved", MOVED)
                self.holders[send] = holder
            self.listeners[send] = seat
            if seat is None:
                send(self.message_json(None))
                return
            self.seats[seat].sockets += 1
            if self.seats[seat].sockets == 1:
                self._broadcast()
            else:
                send(self.message_json(seat))

    async def detach(self, send: Send) -> None:
        """Stop pushing to a socket (again: nothing); the others hear if its seat is now unwatched."""
        async with self.lock:
            if send in self.listeners:
                self._forget(send)

    def _forget(self, send: Send) -> None:
        """Stop pushing to a socket (the lock held); the others hear if its seat is now unwatched."""
        self.holders.pop(send, None)
        seat = self.listeners.pop(send)
        if seat is not None:
            self.seats[seat].sockets -= 1
            if self.seats[seat].sockets == 0:
                self._broadcast()

    async def tell_all(self, message: dict[str, Any]) -> None:
        text = to_json(message)
        async with self.lock:
            for send in list(self.listeners):
                send(text)

    def _broadcast(self) -> None:
        """After a change: every watcher's new message (called with the lock held, so pushes keep their
        order; queuing them never waits)."""
        self._said.clear()
        for send, seat in list(self.listeners.items()):
            send(self.message_json(seat))

    # Finished matches: the record and the replay.

    def record_json(self) -> str:
        """The record of a finished match; refused while live, and for a broken match, which may have
        been broken before its end (the record holds the seed, so every hidden card)."""
        if self.status == BROKEN:
            raise Refused("broken", f"this match cannot be played, so its record stays closed: {self.reason}")
        if self.status == LIVE:
            raise Refused("live", "the record opens when the match is over (it holds the hidden cards)")
        return self.record.to_json()

    def frame(self, step: int, seat: int | None) -> dict[str, Any]:
        """Step ``step`` of a finished match, drawn from ``seat``'s chair (``None``: the spectator's).

        The match is over, so every view is revealed: each hand, deck and secret shows as the end
        of the game shows it, whichever chair it is drawn from.
        """
        if self.status == BROKEN:
            raise Refused("broken", f"this match cannot be played, so its replay stays closed: {self.reason}")
        if self.status != OVER:
            raise Refused("live", "the replay opens when the match is over")
        if seat is not None and not 0 <= seat < len(self.seats):
            raise Refused("invalid", f"seat must be between 0 and {len(self.seats) - 1}")
        if not 0 <= step <= self.seq:
            raise Refused("not_found", f"step must be between 0 and {self.seq}")
        if self._frames is None:
            state = self.record.replay(upto=0)
            frames = [state]
            for notation in self.record.actions:
                state = state.clone()
                state.apply(self.game.codec.parse(notation))
                frames.append(state)
            self._frames = frames
            self._turns = [k for k in range(1, len(frames)) if frames[k].to_act != frames[k - 1].to_act]
        state = self._frames[step]
        view = state.view(seat, reveal=True)
        last = None
        if step:
            before = self._frames[step - 1]
            earlier = before.view(seat, reveal=True)
            said = view.log[len(earlier.log) :]  # what the log says of this step, as a third party reads it
            if said:
                last = " ".join(said)
            else:
                action = self.game.codec.parse(self.record.actions[step - 1])
                last = f"{self.seats[before.to_act].name} chose: {self.text.label(earlier, action)}"
        result = state.result() if state.is_over else None
        back = max((t for t in self._turns if t < step), default=0)
        ahead = min((t for t in self._turns if t > step), default=self.seq)
        return replay_frame(
            self.id, step, self.seq, self.public_seats(), self.text, view, last, result, (back, ahead)
        )


def new_seats(names: list[str], kinds: list[tuple[str, str | None]], invites: list[str]) -> list[Seat]:
    """New seats, each with its invite link's token and no device yet."""
    return [
        Seat(name, kind, level, None, token_hash(invite))
        for name, (kind, level), invite in zip(names, kinds, invites, strict=True)
    ]


def seat_infos(seats: list[Seat]) -> list[SeatInfo]:
    return [SeatInfo(s.name, s.kind, s.level, s.token_hash, s.invite_hash) for s in seats]
