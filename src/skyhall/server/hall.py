"""The hall: every match's authority, match creation, seat tokens, and the bots' turns.

On start the hall rebuilds every live match from the store by replay (a match whose
log no longer replays is marked broken, with the reason, and the server serves on).
Finished matches are rebuilt on first request. After every change the hall asks the
match whether a bot must decide and, if so, has the bot pool think off the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError

from skyhall.agents import agent_names
from skyhall.core.errors import SkyhallError
from skyhall.core.record import GameRecord
from skyhall.core.registry import Game, available, get
from skyhall.core.spec import Option
from skyhall.core.text import MissingText, paragraphs, text_module
from skyhall.server.authority import (
    DEVICE_OWN,
    DEVICE_SHORT,
    DEVICE_TAKEN,
    DEVICE_TOKEN,
    NOT_A_SEAT,
    UNREADABLE,
    Authority,
    BotTurn,
    Refused,
    Seat,
    new_seats,
    seat_infos,
)
from skyhall.server.bots import BotPool, bot_seed, default_level, levels
from skyhall.server.journal import Journal
from skyhall.server.messages import CreateMatch, error
from skyhall.server.storage import BROKEN, LIVE, OVER, RematchMade, Store, token_hash

log = logging.getLogger(__name__)

MATCH_ID = re.compile(r"m_[A-Za-z0-9_-]{1,30}")
"""What a match id looks like (``m_`` and URL-safe base64); anything else is unknown without a look."""
KEEP_ENDED = 64
"""Finished and broken matches kept in memory (besides those a socket watches)."""


NOT_IN_CONTROL = (
    "this needs the seat's own token or the match host's, and this token is neither: a forged one, a "
    "seat's link since replaced, or a host link the host has since made new"
)
"""Why a token may not hand a seat over (what ``control`` says where a seat's page is told
:data:`~skyhall.server.authority.NOT_A_SEAT`)."""
NOT_IN_REMATCH = (
    "a rematch is asked for with a seat's token of the match or its host's, and this token is neither: "
    "a forged one, a seat's link since replaced, or a host link the host has since made new"
)
"""Why a token gets no rematch (said, as for ``control``, where a seat's page is told
:data:`~skyhall.server.authority.NOT_A_SEAT`)."""


@dataclass(frozen=True)
class Created:
    """A new match, the token of each seat's invite link and the host's token (shown once, never
    stored)."""

    authority: Authority
    tokens: list[str]
    host: str


def playable_games() -> dict[str, Game]:
    """The games the browser can offer: those with a text module."""
    games = {}
    for game_id, game in available().items():
        try:
            text_module(game)
        except MissingText:
            continue
        games[game_id] = game
    return games


def describe_option(name: str, option: Option) -> dict[str, Any]:
    """What the lobby needs to show one option (see :class:`skyhall.core.spec.Option`)."""
    return {
        "name": name,
        "label": option.label,
        "default_label": option.default_label,
        "seat": option.seat,
        "choices": [{"value": value, "label": label} for value, label in option.choices],
        "hint": option.hint,
    }


def describe_games() -> list[dict[str, Any]]:
    return [
        {
            "id": game.id,
            "title": game.spec.title,
            "min_players": game.spec.min_players,
            "max_players": game.spec.max_players,
            "summary": paragraphs(text_module(game).turn_summary()),
            "options": [describe_option(name, option) for name, option in game.spec.offered.items()],
            "levels": levels(),
        }
        for game in playable_games().values()
    ]


class Hall:
    def __init__(self, store: Store, bots: BotPool) -> None:
        self.store = store
        self.journal = Journal(store)
        self.bots = bots
        self.matches: dict[str, Authority] = {}
        """The matches in memory: every live one, and the finished or broken ones last asked for."""
        self._ended: OrderedDict[str, None] = OrderedDict()
        """The finished and broken matches in memory, the one asked for longest ago first."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._unreadable: set[str] = set()
        """The matches whose stored rows could not be read (marked broken), since this server started."""

    async def start(self) -> None:
        """Rebuild every live match, and let bots whose turn it is think (a match that cannot be read
        is marked broken and the others start all the same)."""
        for match_id in await asyncio.to_thread(self.store.live_ids):
            with contextlib.suppress(Refused):
                await self.get(match_id)

    async def get(self, match_id: str) -> Authority:
        """The match ``match_id`` (rebuilt from the store on first use); ``not_found`` if there is none,
        ``broken`` if its stored rows cannot even be read (it is then marked broken)."""
        found = self.matches.get(match_id)
        if found is not None:
            self._keep(found)
            return found
        if not MATCH_ID.fullmatch(match_id):
            raise Refused("not_found", f"there is no match {match_id!r}")
        if match_id in self._unreadable:
            raise Refused("broken", f"this match cannot be played: {UNREADABLE}")
        try:
            stored = await asyncio.to_thread(self.store.load, match_id)
            if stored is None:
                raise Refused("not_found", f"there is no match {match_id!r}")
            authority = self.matches.get(match_id)  # another request may have rebuilt it meanwhile
            if authority is None:
                authority = Authority.rebuild(stored)
        except (Refused, OperationalError):  # not found; the database busy (a 503, tried again)
            raise
        except Exception:  # damaged rows: this match is broken, never the server
            log.exception("match %s cannot be read from the store", match_id)
            await asyncio.to_thread(self.store.mark, match_id, BROKEN, UNREADABLE)
            self._unreadable.add(match_id)  # said once: asking again neither logs nor writes
            raise Refused("broken", f"this match cannot be played: {UNREADABLE}") from None
        if self.matches.get(match_id) is None:
            if authority.reason is not None and stored.status != BROKEN:
                log.warning("match %s is broken: %s", match_id, authority.reason)
                await asyncio.to_thread(self.store.mark, match_id, BROKEN, authority.reason)
            self.matches[match_id] = authority
            self.kick(authority)
        self._keep(authority)
        return authority

    def _keep(self, authority: Authority) -> None:
        """Remember that ``authority`` was asked for; of the ended matches no socket watches and no
        request is changing (its lock held: a claim, a new link, a rematch), only the :data:`KEEP_ENDED`
        last asked for stay in memory (a finished match keeps every state of its replay once one is
        shown; it is rebuilt from the store when asked for again). A match dropped while a request
        changed it would be rebuilt from the store without that change."""
        if authority.status == LIVE:
            return
        self._ended[authority.id] = None
        self._ended.move_to_end(authority.id)
        for match_id in list(self._ended)[: max(0, len(self._ended) - KEEP_ENDED)]:
            kept = self.matches[match_id]
            if not kept.listeners and not kept.lock.locked():
                del self._ended[match_id], self.matches[match_id]

    async def create(self, request: CreateMatch) -> Created:
        """A new match as asked; ``invalid`` naming the first problem otherwise."""
        games = playable_games()
        if request.game not in games:
            raise Refused("invalid", f"no game {request.game!r} (games: {', '.join(games)})")
        game = get(request.game)
        seats = request.seats or []
        players = request.players if request.players is not None else len(seats) or game.spec.min_players
        try:
            game.spec.check_players(players)  # first: nothing is built per seat for a wild count
        except ValueError as exc:
            raise Refused("invalid", str(exc)) from None
        if seats and len(seats) != players:
            raise Refused("invalid", f"{len(seats)} seats described for {players} players")
        kinds: list[tuple[str, str | None]] = []
        for i in range(players):
            spec = seats[i] if seats else None
            if spec is None or spec.kind == "human":
                kinds.append(("human", None))
                continue
            level = spec.level or default_level()
            check_level(level)
            kinds.append(("bot", level))
        hidden = sorted(set(request.options) & (set(game.spec.options) - set(game.spec.offered)))
        if hidden:  # card-data overlays are for designers' simulations (``skyhall sim``)
            raise Refused("invalid", f"the server does not offer the option {hidden[0]!r}")
        try:
            record, state = GameRecord.start(
                game.id, players, secrets.randbelow(2**62), dict(request.options)
            )
        except (SkyhallError, ValueError, TypeError, KeyError) as exc:
            raise Refused("invalid", str(exc).strip("'\"")) from None
        names = seat_names([seat.name for seat in seats] or [None] * players)
        tokens = [secrets.token_urlsafe(24) for _ in range(players)]
        host = secrets.token_urlsafe(24)
        authority = await self._store_new(record, state, new_seats(names, kinds, tokens), token_hash(host))
        return Created(authority, tokens, host)

    async def _store_new(
        self, record: GameRecord, state: Any, seats: list[Seat], host_hash: str, rematch_of: str | None = None
    ) -> Authority:
        """Store a new match of ``record``'s start (as ``rematch_of``'s rematch, if given; see
        :meth:`Store.create`), then keep it here and let its bots think."""
        match_id = "m_" + secrets.token_urlsafe(9)
        await asyncio.to_thread(
            self.store.create,
            match_id,
            record.game,
            record.rules_version,
            record.seed,
            record.options,
            seat_infos(seats),
            host_hash,
            rematch_of,
        )
        authority = Authority(match_id, record, state, seats, host_hash=host_hash)
        self.matches[match_id] = authority
        self.kick(authority)
        return authority

    async def rematch(
        self,
        old: Authority,
        token: str | None,
        device: str | None,
        creating: Callable[[], None] = lambda: None,
    ) -> dict[str, Any]:
        """The rematch of the finished match ``old``, asked with ``token``: one of its seats' (its
        device's) or its host's. The first such request makes it: the same game, player count,
        options, seat names, and seat kinds and bot levels as they are at the end, a new seed; it is
        stored as ``old``'s rematch, and every watcher of ``old`` hears of it. Later requests get the
        same match (``creating`` is called, and may refuse, only before one is made).

        A seat's token gets the same seat of the rematch, held at once by ``device`` (the token its
        device made, as for a claim; else one made here): ``{"match", "game", "seat", "token"}``.
        The host's token gets the rematch's host token, a new one at each request (the one before
        then stops): ``{"match", "host"}``. Refused, changing nothing: no token (``unauthorized``), one
        that is neither (``forbidden``), a match not over (``live``) or broken, a device's token that
        is too short, a link's, or one that holds a seat already (``invalid``), the seat of the rematch
        held by another device (``forbidden``).
        """
        if not token:
            raise Refused("unauthorized", "this needs a seat's token of the match or its host's")
        old.check_readable()
        async with old.lock:
            seat: int | None = None
            if not old.hosted_by(token):
                try:
                    seat, _ = old.holder(token)
                except Refused as exc:
                    if exc.message != NOT_A_SEAT:  # an invite not yet opened: open it first
                        raise
                    raise Refused("forbidden", NOT_IN_REMATCH) from None
            if old.status != OVER:
                raise Refused("live", "the match is not over yet: a rematch is made once it has ended")
            if seat is not None and device is not None:
                if len(device) < DEVICE_TOKEN:
                    raise Refused("invalid", DEVICE_SHORT)
                if old.is_link(token_hash(device)):
                    raise Refused("invalid", DEVICE_OWN)
            rematch = old.rematch
            if rematch is None:
                creating()
                secret = None if seat is None else device or secrets.token_urlsafe(24)
                held = None if secret is None else token_hash(secret)
                made, rematch = await self._make_rematch(old, seat, held)
                old.set_rematch(rematch)
                if made and seat is not None:  # its seat was stored held by the device that asked
                    return {"match": rematch, "game": old.game.id, "seat": seat, "token": secret}
                device = secret
        new = await self.get(rematch)
        new.check_readable()
        if seat is None:
            return {"match": new.id, "host": await new.host_for_rematch(self.store)}
        token = await new.take_rematch_seat(self.store, seat, device)
        return {"match": new.id, "game": new.game.id, "seat": seat, "token": token}

    async def _make_rematch(self, old: Authority, seat: int | None, held: str | None) -> tuple[bool, str]:
        """Store ``old``'s rematch (``old``'s lock held), its seat ``seat`` held by the token of hash
        ``held`` (none: nobody's yet): ``(True, its id)``; ``(False, the id)`` of a rematch another
        request (or server) stored first."""
        spec = old.record
        try:
            record, state = GameRecord.start(
                spec.game, spec.players, secrets.randbelow(2**62), dict(spec.options)
            )
        except (SkyhallError, ValueError, TypeError, KeyError) as exc:  # options a newer version refuses
            raise Refused("invalid", f"this match cannot be played again: {exc}") from None
        seats = [
            Seat(s.name, s.kind, s.level if s.kind == "bot" else None, held if i == seat else None, None)
            for i, s in enumerate(old.seats)
        ]
        try:
            new = await self._store_new(record, state, seats, token_hash(secrets.token_urlsafe(24)), old.id)
        except RematchMade as made:
            if made.rematch is None:
                raise
            return False, made.rematch
        except IntegrityError:  # the device's token holds a seat already (of another match)
            raise Refused("invalid", DEVICE_TAKEN) from None
        return True, new.id

    async def act(self, authority: Authority, seat: int, seq: int, action: str, by: str) -> None:
        """A human's choice for ``seat``, made with the token of hash ``by`` (which the caller found to
        be the seat's, and which must still be when the choice is played), then any bot's turn."""
        await authority.act(self.journal, seat, seq, action, by=by)
        self.kick(authority)

    async def control(
        self, authority: Authority, seat: int, token: str | None, kind: str, level: str | None
    ) -> int | None:
        """Hand ``seat`` to a bot or back to its human: the seat's own token may do either, and the
        match's host may hand any seat to a bot (a player who left would otherwise stall the match;
        they take the seat back with their own token). Returns whose view answers: the seat's, or
        none (a spectator's) for the host."""
        if not 0 <= seat < len(authority.seats):
            raise Refused("not_found", f"there is no seat {seat}")
        hosting = authority.hosted_by(token)
        if hosting:
            if kind != "bot":
                raise Refused(
                    "forbidden",
                    "the match's host may hand a seat to a bot; only the seat's own token takes it back",
                )
            by = token_hash(token or "")
        else:
            try:
                held, by = authority.holder(token)
            except Refused as exc:  # a host asking, with a host link made new elsewhere, is told so
                if exc.message != NOT_A_SEAT:
                    raise
                raise Refused("forbidden", NOT_IN_CONTROL) from None
            if held != seat:
                raise Refused(
                    "forbidden",
                    "only this seat's own token can hand it over (the match's host may hand it to a bot)",
                )
        if kind == "bot":
            level = level or default_level()
            check_level(level)
        else:
            level = None
        await authority.set_control(self.store, seat, kind, level, by)
        self.kick(authority)
        return None if hosting else seat

    async def mine(self, tokens: list[str], hosts: list[str] | None = None) -> list[dict[str, Any]]:
        """The matches of the seats these tokens hold, and those the ``hosts`` tokens created (with
        ``seat`` null where no token holds a seat of it)."""
        hashes = [token_hash(token) for token in tokens]
        found: list[tuple[str, int | None]] = list(
            await asyncio.to_thread(self.store.seats_of_tokens, hashes)
        )
        hosted = set(
            await asyncio.to_thread(self.store.matches_of_hosts, [token_hash(h) for h in hosts or []])
        )
        seated = {match_id for match_id, _ in found}
        found += [(match_id, None) for match_id in sorted(hosted - seated)]
        out = []
        for match_id, seat in found:
            try:
                authority = await self.get(match_id)
            except Refused as exc:  # its rows cannot be read (the log says why): listed as broken, so
                # that the browser neither loses sight of it nor takes its host link for replaced
                out.append(unreadable(match_id, seat, match_id in hosted, exc.message))
                continue
            state = authority.state
            out.append(
                {
                    "match": match_id,
                    "game": authority.game.id,
                    "title": authority.game.spec.title,
                    "seat": seat,
                    "name": None if seat is None else authority.seats[seat].name,
                    "seats": authority.public_seats(),
                    "status": authority.status,
                    "seq": authority.seq,
                    "your_turn": state is not None and not state.is_over and state.to_act == seat,
                    "rank": state.result().ranks[seat]
                    if seat is not None and state is not None and state.is_over
                    else None,
                    "host": match_id in hosted,
                    "reason": None
                    if state is not None
                    else f"this match cannot be played: {authority.reason}",
                }
            )
        return out

    def kick(self, authority: Authority) -> None:
        """If a bot must decide in this match, start it thinking."""
        turn = authority.bot_turn()
        if turn is None:
            return
        authority.thinking = True
        task = asyncio.get_running_loop().create_task(self._bot_move(authority, turn))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_move(self, authority: Authority, turn: BotTurn) -> None:
        """Think, then play through the human path; after a failure the seat waits (see ``control``)."""
        name = authority.seats[turn.seat].name
        try:
            seed = bot_seed(authority.record.seed, turn.seat, turn.seq)
            notation = await self.bots.choose(turn.level, seed, turn.view, turn.legal, authority.watched)
            await authority.act(self.journal, turn.seat, turn.seq, notation, bot=True)
        except Refused as exc:
            # ``stale``: the position moved on while it thought (its seat was taken back and played,
            # perhaps handed to a bot again): whoever decides now is kicked below.
            if exc.code != "stale":
                log.error(
                    "match %s: the bot for seat %s chose badly: %s", authority.id, turn.seat, exc.message
                )
                await authority.tell_all(error("bot", f"The bot playing {name} failed: {exc.message}."))
                return
        except Exception as exc:  # a failing bot must not stop the match or the server
            log.exception("match %s: the bot for seat %s failed", authority.id, turn.seat)
            await authority.tell_all(error("bot", f"The bot playing {name} failed ({exc})."))
            return
        finally:
            authority.thinking = False
        self.kick(authority)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.bots.close()


def check_level(level: str) -> None:
    if level not in agent_names():
        others = sorted(set(agent_names()) - set(levels()))
        raise Refused(
            "invalid",
            f"no bot level {level!r} (levels: {', '.join(levels())}; or an agent: {', '.join(others)})",
        )


DEFAULT_NAME = re.compile(r"player\s*(\d+)\b")
"""A seat's default name, as the log calls it ("Player 2"), at the start of a name in the form names
are compared in ("Player 2 (host)" would pass for seat 2 in the log's lines)."""


def seat_names(chosen: list[str | None]) -> list[str]:
    """Each seat's name: the one chosen, else "Player N" as the log calls the seat (so the page can put
    names into the log's lines). ``invalid`` for two seats of one name (letter case, spacing and
    compatibility forms such as full-width letters aside), or another seat's "Player N", either of
    which would make the log name the wrong seat. Look-alikes from other scripts (a Cyrillic "В") are
    not caught."""
    names = [name or f"Player {i + 1}" for i, name in enumerate(chosen)]
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = " ".join(unicodedata.normalize("NFKC", name).casefold().split())  # "Ｂｏｂ" is "bob"
        default = DEFAULT_NAME.match(key)
        if default and int(default.group(1)) != i + 1:
            raise Refused(
                "invalid",
                f"seat {i + 1} cannot be called {name!r}: that is how the log calls seat {default.group(1)}",
            )
        if key == "you":
            raise Refused("invalid", f"seat {i + 1} cannot be called {name!r}: the log calls its reader so")
        if key in seen:
            raise Refused("invalid", f"seats {seen[key] + 1} and {i + 1} are both called {name!r}")
        seen[key] = i
    return names


def unreadable(match_id: str, seat: int | None, host: bool, reason: str) -> dict[str, Any]:
    """A "My matches" entry for a match whose stored rows cannot be read: its id, the seat and host
    the tokens hold, and why it cannot be opened (nothing of the game itself is known)."""
    return {
        "match": match_id,
        "game": None,
        "title": "A match",
        "seat": seat,
        "name": None,
        "seats": [],
        "status": "broken",
        "seq": 0,
        "your_turn": False,
        "rank": None,
        "host": host,
        "reason": reason,
    }
