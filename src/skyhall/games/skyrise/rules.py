"""What may be done now, and what doing it changes: auctions, building, Eras, as atomic decisions.

Every public entry takes the :class:`~skyhall.games.skyrise.state.State` first.
After each action the engine carries on by itself through everything that needs no
decision (resolving an auction, collecting a disc, scoring an Era, opening the next
auction) and through decisions with exactly one legal choice (a player who cannot
outbid passes), so the seat to act always faces a real choice, or the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhall.core import log
from skyhall.core.log import seat_name
from skyhall.core.result import ScoreLine
from skyhall.core.state import EMPTY
from skyhall.core.text import listed, plural
from skyhall.games.skyrise.actions import (
    PASS,
    Action,
    Assign,
    Bid,
    Keep,
    MoveDisc,
    Pass,
    PlaceWonder,
    ScorePanorama,
    TakeDisc,
    tables,
)
from skyhall.games.skyrise.bid import (
    WONDER,
    describe,
    initiative,
    opening_districts,
    outbids,
    owner,
    remaining,
    targets,
    value,
    wonders_each,
)
from skyhall.games.skyrise.bid import (
    next_bidder as _next_bidder,
)
from skyhall.games.skyrise.cards import COLOURS, COMMISSIONS, PATRON, WILD
from skyhall.games.skyrise.scoring import (
    SPARE,
    control_lines,
    final_lines,
    on_spare,
    panorama_lines,
    spare_card,
)
from skyhall.games.skyrise.steps import ASSIGN, BID, KEEP, MOVE, OPEN, OVER, PANORAMA, TAKE, TASKS
from skyhall.games.skyrise.wonder import DECISIONS, LASTING, immediate

if TYPE_CHECKING:
    from skyhall.games.skyrise.state import State

FULL_ROW = 4
"""A district row holds four discs; more go on the illustration."""

STAGE_EFFECT = 1
"""Resolving an auction: the Wonder effect (if any) comes next."""
STAGE_FINISH = 2
"""Resolving an auction: only the end of the auction is left."""

KEY_MODES = ("lowest", "highest", "off")


def where(s: State, d: int) -> str:
    return s.cat.sites[d].id


# -- legal actions ----------------------------------------------------------------------


def legal(s: State) -> tuple[Action, ...]:
    """The legal actions of the pending decision (empty once the game is over)."""
    step = s.step
    seat = s.actor
    t = tables(s.cat)
    if step == OPEN:
        spots = opening_districts(s)
        out: list[Action] = []
        for b in s.pool[seat]:
            row = t.bids[b]
            out.extend(row[d] for d in spots)
        if not s.pool[seat] and not s.reserve[seat]:
            for c in s.wonders[seat]:
                wrow = t.wonders[c]
                out.extend(wrow[d] for d in spots)
        return tuple(out)
    if step == BID:
        spots = targets(s)
        lead = value(s.cat, s.bids[-1][1])
        buildings = s.cat.buildings
        out = []
        for b in s.pool[seat]:
            if buildings[b].value > lead:
                row = t.bids[b]
                out.extend(row[d] for d in spots)
        if s.era == 2:
            for c in s.wonders[seat]:
                if outbids(s.cat, c) and s.cat.wonders[c].points <= lead:
                    continue
                wrow = t.wonders[c]
                out.extend(wrow[d] for d in spots)
        out.append(PASS)
        return tuple(out)
    if step == ASSIGN:
        return t.assign
    if step == KEEP:
        return tuple(t.keep[c] for c in s.hands[seat])
    if step == TAKE:
        return tuple(t.take[d] for d in take_options(s))
    if step == PANORAMA:
        return tuple(t.panorama[p] for p in s.panoramas)
    if step == MOVE:
        moves: list[Action] = [
            t.move[a][b] for a in movable_rows(s, seat) for b in range(len(COLOURS)) if a != b
        ]
        return (*moves, PASS)
    return ()


def movable_rows(s: State, seat: int) -> list[int]:
    """The rows card 11 may move a disc from: the last-placed disc moves, and an assigned Wild never
    changes colour (SKR-DSC-09)."""
    rows = s.rows[seat]
    return [a for a in range(len(COLOURS)) if rows[a] and not _wild_at(s, seat, a, rows[a] - 1)]


def take_options(s: State) -> list[int]:
    """Districts whose disc the Wonder effect being resolved may take."""
    kind = s.cat.wonders[s.effect].effect
    near = s.board.adjacent[s.site]
    if kind == "take_special":
        return [x for x in near if s.occupant[x] == EMPTY and s.discs[x] in (WILD, COMMISSIONS)]
    return [x for x in near if s.occupant[x] == EMPTY and s.discs[x] != EMPTY]


# -- applying ---------------------------------------------------------------------------


def carry_out(s: State, action: Action) -> None:
    """What ``action`` does, alone: the decisions with one choice that follow are the state's
    :meth:`~skyhall.core.state.TurnState.apply` (and ``settle``)."""
    s._legal = None
    seat = s.actor
    cat = s.cat
    if isinstance(action, Bid):
        b = cat.by_value[action.value]
        s.pool[seat] = tuple(x for x in s.pool[seat] if x != b)
        _place(s, seat, b, cat.district_index[action.district])
        return
    if isinstance(action, PlaceWonder):
        card = action.card - 1
        s.wonders[seat] = tuple(c for c in s.wonders[seat] if c != card)
        _place(s, seat, WONDER + card, cat.district_index[action.district])
        return
    if isinstance(action, Pass):
        if s.step == MOVE:
            s.log = log.append(s.log, f"{seat_name(seat)} leaves their district rows as they are.")
            _proceed(s)
            return
        if legal(s) == (PASS,):  # a skipped outbid is logged with its reason (SKR-EDGE-05)
            what = "Building or Wonder" if s.era == 2 else "Building"  # Wonders come in Era 2
            why = f"cannot outbid: no higher {what} fits next to the latest bid, so passes"
            s.log = log.append(s.log, f"{seat_name(seat)} {why}.")
        else:
            s.log = log.append(s.log, f"{seat_name(seat)} passes.")
        s.passed |= 1 << seat
        following = _next_bidder(s, seat)
        if following == EMPTY:
            _end_auction(s)
        else:
            s.actor = following
        return
    if isinstance(action, Keep):
        _keep(s, seat, action.card - 1)
        return
    if isinstance(action, Assign):
        s.log = log.append(s.log, f"{seat_name(seat)} assigns the Wild disc to {COLOURS[action.colour]}.")
        _to_row(s, seat, action.colour, wild=True)
        _proceed(s)
        return
    if isinstance(action, TakeDisc):
        d = cat.district_index[action.district]
        disc = s.discs[d]
        s.discs[d] = EMPTY
        s.log = log.append(s.log, f"{seat_name(seat)}'s Wonder takes the disc from {where(s, d)}.")
        if not _collect(s, seat, disc):
            _proceed(s)
        return
    if isinstance(action, ScorePanorama):
        p = next(i for i in s.panoramas if cat.panoramas[i].id == action.panorama)
        wonder = cat.wonders[s.effect]
        lines = panorama_lines(s, seat, None, (p,))
        for line in lines:
            _gain(s, seat, f"Wonder {wonder.number} {wonder.name}: {line.label}", line.points)
        if not lines:
            s.log = log.append(s.log, f"{seat_name(seat)} scores {cat.panoramas[p].name} for nothing.")
        _proceed(s)
        return
    if isinstance(action, MoveDisc):
        rows = list(s.rows[seat])
        rows[action.source] -= 1
        s.rows[seat] = tuple(rows)
        s.log = log.append(
            s.log,
            f"{seat_name(seat)} moves a disc from the {COLOURS[action.source]} row "
            f"to the {COLOURS[action.target]} row.",
        )
        _to_row(s, seat, action.target)
        _proceed(s)
        return
    raise AssertionError(f"unhandled action {action} at step {s.step}")


def _place(s: State, seat: int, code: int, d: int) -> None:
    """A bid (Building or Wonder) goes on ``d``; then the auction ends or goes on clockwise."""
    opening = s.step == OPEN
    s.occupant[d] = code
    s.bids = (*s.bids, (d, code))
    s.bidder = seat
    verb = "opens the auction with" if opening else "bids"
    s.log = log.append(s.log, f"{seat_name(seat)} {verb} {describe(s.cat, code)} on {where(s, d)}.")
    # A Wonder ends the auction at once, opening or not, unless its card lets it be outbid (card 18:
    # "some Wonders may break this rule", SKR-AUC-17, SKR-WON-26, over SKR-EDGE-03's general case).
    if code >= WONDER and not outbids(s.cat, code - WONDER):
        _end_auction(s)
        return
    if not targets(s):
        s.log = log.append(s.log, f"No unoccupied district is next to {where(s, d)}: the auction ends.")
        _end_auction(s)
        return
    following = _next_bidder(s, seat)
    if following == EMPTY:
        _end_auction(s)
        return
    s.actor = following
    s.step = BID


def _end_auction(s: State) -> None:
    """The most recent bid wins: build it, return the others, collect the disc, then the effect."""
    d, code = s.bids[-1]
    winner = owner(s, code)
    for x, other in s.bids[:-1]:
        s.occupant[x] = EMPTY
        back = owner(s, other)
        if other < WONDER:
            s.pool[back] = tuple(sorted((*s.pool[back], other)))
        else:
            s.wonders[back] = tuple(c for c in s.chosen[back] if c in (*s.wonders[back], other - WONDER))
    returned = len(s.bids) - 1
    s.bids = ()
    s.bidder = EMPTY
    s.built[winner] = (*s.built[winner], d)
    s.winner = winner
    s.site = d
    s.effect = code - WONDER if code >= WONDER else EMPTY
    goes = "The other bid goes" if returned == 1 else f"The other {returned} bids go"
    back_note = f" {goes} back." if returned else ""
    built = f"builds {describe(s.cat, code)} on {where(s, d)}"
    s.log = log.append(s.log, f"{seat_name(winner)} wins the auction and {built}.{back_note}")
    s.stage = STAGE_EFFECT
    disc = s.discs[d]
    if disc == EMPTY:
        s.log = log.append(s.log, f"There is no disc on {where(s, d)} to collect.")
    else:
        s.discs[d] = EMPTY
        if _collect(s, winner, disc):
            return
    _proceed(s)


def _collect(s: State, seat: int, disc: int) -> bool:
    """``seat`` takes ``disc``; ``True`` when a decision (a Wild's colour) is now pending."""
    who = seat_name(seat)
    cat = s.cat
    if disc < PATRON:
        s.log = log.append(s.log, f"{who} collects a {COLOURS[disc]} District disc.")
        _to_row(s, seat, disc)
    elif disc < WILD:
        letter = disc - PATRON
        s.patrons[seat] = tuple(n + (i == letter) for i, n in enumerate(s.patrons[seat]))
        name = cat.letters[letter]
        s.peek[seat] |= 1 << letter
        s.log = log.append(
            s.log,
            f"{who} collects a Patron {name} disc.",
            seat,
            f"You collect a Patron {name} disc; the Patron {name} tile shows {s.tiles[letter]}.",
        )
    elif disc == WILD:
        s.log = log.append(s.log, f"{who} collects a Wild disc and must give it a colour.")
        s.actor = seat
        s.step = ASSIGN
        return True
    else:
        s.log = log.append(s.log, f"{who} collects a Commissions disc.")
        s.commissions[seat] += 1
    return False


def _wild_at(s: State, seat: int, colour: int, place: int) -> bool:
    return bool(s.wilds[seat] >> (colour * FULL_ROW + place) & 1)


def _to_row(s: State, seat: int, colour: int, wild: bool = False) -> None:
    """A District disc (or an assigned Wild) goes into its row, or on the illustration if full."""
    rows = s.rows[seat]
    if rows[colour] < FULL_ROW:
        if wild:
            s.wilds[seat] |= 1 << (colour * FULL_ROW + rows[colour])
        s.rows[seat] = tuple(n + (i == colour) for i, n in enumerate(rows))
    else:
        s.excess[seat] += 1
        s.log = log.append(
            s.log, f"{seat_name(seat)}'s {COLOURS[colour]} row is full: the disc goes on the illustration."
        )


def _gain(s: State, seat: int, label: str, points: int) -> None:
    """The Wonder being built scores; in a 2-player game the second Wonder's on the spare scoring disc."""
    _add(s, seat, ScoreLine("wonder", label + (SPARE if s.effect == spare_card(s, seat) else ""), points))


def _add(s: State, seat: int, line: ScoreLine) -> None:
    """A score-sheet line: its points on the Prestige track, or on the spare disc when it says so."""
    s.ledger[seat] = (*s.ledger[seat], line)
    if on_spare(line):
        s.spare[seat] += line.points
    else:
        s.prestige[seat] += line.points
    s.log = log.append(s.log, f"{seat_name(seat)} scores {line.points}: {line.label}.")


def _proceed(s: State) -> None:
    """Go on resolving the auction after a decision taken during it."""
    if s.stage == STAGE_EFFECT:
        s.stage = STAGE_FINISH
        if s.effect != EMPTY and _wonder_effect(s):
            return
    _finish_auction(s)


def _wonder_effect(s: State) -> bool:
    """Resolve the built Wonder's card; ``True`` when its owner must now decide something."""
    card = s.cat.wonders[s.effect]
    seat = s.winner
    who = seat_name(seat)
    kind = card.effect
    title = f"Wonder {card.number} {card.name}"
    if kind in LASTING:
        s.log = log.append(s.log, f"{title}: {card.text}")
        return False
    if kind == "peek_patrons":
        s.peek[seat] = (1 << len(s.cat.letters)) - 1
        shown = ", ".join(f"{name} {v}" for name, v in zip(s.cat.letters, s.tiles, strict=True))
        s.log = log.append(
            s.log,
            f"{who} may now look at every Patron tile.",
            seat,
            f"You look at every Patron tile: {shown}.",
        )
    if kind not in DECISIONS:
        points, why = immediate(s, seat, card, s.site)
        _gain(s, seat, f"{title}: {why}", points)
        if kind != "take_special":
            return False
    s.actor = seat
    if kind in ("take_adjacent_disc", "take_special"):
        if not take_options(s):
            s.log = log.append(s.log, f"{title}: no disc it could take lies next to it; nothing is taken.")
            return False
        s.step = TAKE
        return True
    if kind == "score_panorama":
        s.step = PANORAMA
        return True
    if not movable_rows(s, seat):
        s.log = log.append(s.log, f"{title}: {who} has no District disc it may move; nothing happens.")
        return False
    s.step = MOVE
    return True


def _finish_auction(s: State) -> None:
    """After the Structure and its effects: an Era ends, the game ends, or the next auction opens."""
    winner = s.winner
    s.winner = s.site = s.effect = EMPTY
    s.stage = 0
    cat = s.cat
    if s.era == 1:
        era_one = [b for b in cat.sets[winner] if cat.buildings[b].era == 1]
        if not any(b in s.pool[winner] for b in era_one):
            _end_era_one(s, winner)
            return
    left = [seat for seat in range(s.n) if remaining(s, seat)]
    if not left:
        _end_game(s)
        return
    opener = winner
    if s.era == 2 and winner not in left:
        opener = min(left, key=lambda seat: initiative(s, seat))
        s.log = log.append(
            s.log,
            f"{seat_name(winner)} has built everything; {seat_name(opener)} has the lowest initiative "
            "and opens the next auction.",
        )
    start_auction(s, opener)


def start_auction(s: State, opener: int) -> None:
    """A new auction, opened by ``opener`` or, if they cannot open, the next seat clockwise who can."""
    s.bids = ()
    s.bidder = EMPTY
    s.passed = 0
    for seat in range(s.n):
        if not remaining(s, seat):
            s.passed |= 1 << seat
    s.step = OPEN
    done: list[str] = []
    stuck: list[str] = []
    for k in range(s.n):
        seat = (opener + k) % s.n
        if s.passed & (1 << seat):
            done.append(seat_name(seat))
            continue
        s.actor = seat
        if legal(s):
            if seat != opener:
                why = [f"{listed(stuck)} cannot open an auction"] if stuck else []
                why += (
                    [f"{listed(done)} {'has' if len(done) == 1 else 'have'} nothing left to build"]
                    if done
                    else []
                )
                s.log = log.append(s.log, f"{'; '.join(why)}: {seat_name(seat)} opens instead.")
            s.opener = seat
            return
        stuck.append(seat_name(seat))
    raise AssertionError("nobody can open an auction")


def _end_era_one(s: State, trigger: int) -> None:
    """Island control, both Panoramas, City Keys, then the Era 2 setup and the Wonder card choice."""
    s.log = log.append(s.log, f"{seat_name(trigger)} has built all their Era 1 Buildings: Era 1 ends.")
    for seat, lines in enumerate(control_lines(s, 1)):
        for line in lines:
            _add(s, seat, line)
    for seat in range(s.n):
        for line in panorama_lines(s, seat, 1, s.panoramas):
            _add(s, seat, line)
    _award_keys(s)
    s.era = 2
    for seat in range(s.n):
        s.pool[seat] = tuple(sorted((*s.pool[seat], *s.reserve[seat])))
        s.reserve[seat] = ()
    each = wonders_each(s.n)
    s.log = log.append(
        s.log,
        f"Era 2: the dotted Buildings and the Wonders become available. Everyone keeps "
        f"{plural(each, 'Wonder card')}, in secret.",
    )
    s.actor = 0
    s.step = KEEP


def _award_keys(s: State) -> None:
    cat = s.cat
    if s.keys_mode == "off":
        return
    keys = [cat.large_key] + ([cat.small_key] if s.n >= cat.small_key_from else [])
    sign = 1 if s.keys_mode == "lowest" else -1
    candidates = list(range(s.n))
    for key, name in zip(keys, ("Large", "Small"), strict=False):

        def rank(seat: int) -> tuple[int, int]:
            return sign * s.prestige[seat], len(s.built[seat])

        best = min(rank(seat) for seat in candidates)
        tied = [seat for seat in candidates if rank(seat) == best]
        pick = tied[0] if len(tied) == 1 else tied[s.rng.below(len(tied))]
        drawn = " (drawn at random among the tied)" if len(tied) > 1 else ""
        candidates.remove(pick)
        s.keys[pick] = (*s.keys[pick], key)
        s.log = log.append(s.log, f"{seat_name(pick)} receives the {name} City Key ({key}){drawn}.")


def _keep(s: State, seat: int, card: int) -> None:
    s.hands[seat] = tuple(c for c in s.hands[seat] if c != card)
    s.chosen[seat] = (*s.chosen[seat], card)
    s.log = log.append(
        s.log,
        f"{seat_name(seat)} keeps a Wonder card.",
        seat,
        f"You keep {s.cat.wonders[card].describe()}.",
    )
    if len(s.chosen[seat]) < wonders_each(s.n):
        return
    if seat + 1 < s.n:
        s.actor = seat + 1
        return
    # Everyone has chosen: the kept cards are revealed, the others leave the game unseen.
    s.revealed = True
    for p in range(s.n):
        s.wonders[p] = s.chosen[p]
        s.hands[p] = ()
        cards = " and ".join(
            f"{s.cat.wonders[c].describe()} (initiative {s.cat.wonders[c].initiative})" for c in s.chosen[p]
        )
        s.log = log.append(s.log, f"{seat_name(p)} reveals {cards}.")
    opener = min(range(s.n), key=lambda p: initiative(s, p))
    s.log = log.append(s.log, f"{seat_name(opener)} has the lowest initiative and opens Era 2.")
    start_auction(s, opener)


def _end_game(s: State) -> None:
    """End of Era 2: island control, Panoramas, then the final steps; the Patron tiles are revealed."""
    cat = s.cat
    s.log = log.append(s.log, "Every Structure is built: Era 2 and the game end.")
    for seat, lines in enumerate(control_lines(s, 2)):
        for line in lines:
            _add(s, seat, line)
    for seat in range(s.n):
        for line in panorama_lines(s, seat, 2, s.panoramas):
            _add(s, seat, line)
    shown = ", ".join(f"{name} {v}" for name, v in zip(cat.letters, s.tiles, strict=True))
    s.log = log.append(s.log, f"The Patron tiles are turned face up: {shown}.")
    for seat in range(s.n):
        objective = cat.objectives[s.objectives[seat]]
        s.log = log.append(
            s.log, f"{seat_name(seat)}'s Secret Objective: {objective.id} ({COLOURS[objective.colour]})."
        )
        for line in final_lines(s, seat):
            _add(s, seat, line)
        if s.spare[seat]:
            s.prestige[seat] += s.spare[seat]
            s.log = log.append(s.log, f"{seat_name(seat)} adds {s.spare[seat]} from the spare scoring disc.")
            s.spare[seat] = 0
    s.step = OVER
    s.actor = EMPTY
    s.log = log.append(s.log, "The game is over.")


# -- explaining refusals ----------------------------------------------------------------


def why_illegal(s: State, action: object) -> str:
    """Plain words on why ``action`` is refused now (naming nothing the seat may not know)."""
    if s.step == OVER:
        return "the game is over"
    seat = s.actor
    who = seat_name(seat)
    cat = s.cat
    if isinstance(action, Bid | PlaceWonder) and s.step in (OPEN, BID):
        d = cat.district_index.get(action.district, EMPTY)
        if isinstance(action, Bid):
            b = cat.by_value.get(action.value, EMPTY)
            if b == EMPTY:
                return f"no Building has the bid value {action.value}"
            building = cat.buildings[b]
            if building.owner != seat:
                return f"Building {action.value} belongs to {seat_name(building.owner)}"
            if b in s.reserve[seat]:
                return f"Building {action.value} is dotted: it is only available in Era 2"
            if b not in s.pool[seat]:
                return f"Building {action.value} is already built or on the board"
        else:
            if s.era == 1 or not s.revealed:
                return "no Wonder can be placed during Era 1"
            if action.card - 1 not in s.wonders[seat]:
                return f"{who} has no unbuilt Wonder carrying Wonder card {action.card}"
            if s.step == OPEN and s.pool[seat]:
                return "a Wonder may open an auction only when its owner has no Buildings left"
        if d == EMPTY or not s.board.live[d]:
            return f"district {action.district} is not in play"
        if s.occupant[d] != EMPTY:
            return f"district {action.district} is occupied"
        if s.step == OPEN:
            return "an opening bid goes on the Central Island or next to a built Structure"
        last = s.bids[-1][0]
        if d not in s.board.adjacent[last]:
            return f"a bid must go next to the most recent bid, on {where(s, last)}"
        lead = value(cat, s.bids[-1][1])
        return f"a bid must be higher than the most recent one ({lead})"
    if isinstance(action, Pass) and s.step == OPEN:
        return "the opener must make an opening bid and cannot pass"
    if isinstance(action, Keep) and s.step == KEEP:
        return f"Wonder card {action.card} is not among {who}'s Wonder cards"
    return f"{who} must now {TASKS[s.step]}, and this is not one of the choices"
