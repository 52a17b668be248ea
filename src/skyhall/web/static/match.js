// The shared match page (docs/web.md): seats, prompt, the game's table, click paths, choices, log,
// score sheet; and the replay viewer of a finished match (/match/<id>/replay).
import { render } from "preact";
import { useEffect, useErrorBoundary, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import {
  adoptHost, api, claimSeat, defaultLevel, follows, forgetHost, forgetSeat, heldSeats, holdHost, holdSeat, hostLink, hostToken, HowToPlay, html,
  inAddress, LinkField, named, ordinal, rematchHost, rematchSeat, seatLink, setSeatNames, targetWords, unclick,
} from "./lib.js";

const PARTS = location.pathname.split("/").filter(Boolean); // ["match", id] or ["match", id, "replay"]
const MATCH = decodeURIComponent(PARTS[1] || "");
const REPLAY = PARTS[2] === "replay";
const NO_TARGETS = new Map();

/** The seat this browser holds here that the address's `#seat=N` names, else its one seat here;
 * none for `#watch` (a spectator's address). */
function heldSeat() {
  if (location.hash === "#watch") return null;
  const held = heldSeats().filter((s) => s.match === MATCH);
  const seat = new URLSearchParams(location.hash.slice(1)).get("seat");
  if (seat !== null) return held.find((s) => String(s.seat) === seat) || null;
  return held.length === 1 ? held[0] : null;
}

/** Put `hash` in the address (and its history entry) in place of what it held: `#seat=N` (a held
 * seat, its token out of sight) or `#watch`. */
function showInAddress(hash) {
  history.replaceState(null, "", `${location.pathname}${location.search}${hash}`);
}

const HOST_REPLACED = "This browser's host link no longer works: a new one was made on another device. Open that one here to manage the match again.";
const HELD_REFUSED = "The seat this browser kept for this match no longer opens it: the seat is played from another device now, or the match's host made it a new link. Ask the host for a new link, or watch.";
const HOST_REFUSED = "This host link does not work for this match: ask whoever created the match to copy it again.";

/** The token this page plays by: `{token}` (null: a spectator; undefined until known), `failure` (why
 * an invite link could not be opened) and `ask` (set while asking whether to open it here).
 *
 * An invite link in the address (`#token=…`) is opened: the server spends it, this browser holds the
 * seat from then on, and the address keeps the seat's number only (docs/server.md, "Seat links"). A
 * browser that created the match or holds one of its seats is asked first: the link may be a
 * friend's, which would then work nowhere else. A link already spent opens the seat this browser
 * holds here, if any. A host link (`#host=…`) is checked with the server and kept: this browser then
 * makes seats new links too, and watches unless it holds a seat here. */
function useSeatToken() {
  const invite = useMemo(() => inAddress("token"), []);
  const hosting = useMemo(() => (invite ? null : inAddress("host")), []);
  const mine = useMemo(() => hostToken(MATCH) !== null || heldSeats().some((s) => s.match === MATCH), []);
  const [token, setToken] = useState(() => (invite || hosting ? undefined : (heldSeat() || {}).token || null));
  const [failure, setFailure] = useState(null);
  const [asking, setAsking] = useState(Boolean(invite && mine));
  const open = () => {
    setAsking(false);
    claimSeat(MATCH, invite).then(
      (opened) => { showInAddress(`#seat=${opened.seat}`); setToken(opened.token); },
      (e) => {
        // no answer: the server may have opened the seat for this browser, which asks again on reload
        const held = e.status ? heldSeat() : null;
        if (held) {
          showInAddress(`#seat=${held.seat}`);
          setToken(held.token);
        } else {
          setFailure(e.status ? e.message
            : "The server could not be reached to open this link. Reload the page to try again: the link still works for you.");
        }
      },
    );
  };
  useEffect(() => { if (invite && !mine) open(); }, []);
  useEffect(() => {
    if (!hosting) return;
    const refused = () => {
      showInAddress(""); // the token out of sight, and "Watch as a spectator" (#watch) a new address
      setFailure(HOST_REFUSED);
    };
    adoptHost(MATCH, hosting).then(
      (found) => {
        if (!found) return refused();
        const held = heldSeat();
        showInAddress(held ? `#seat=${held.seat}` : "#watch"); // the host's token out of sight
        return setToken(held ? held.token : null);
      },
      (e) => (e.status ? refused() // a link the server refused outright (not a token at all, say)
        : setFailure("The server could not be reached to check this host link. Reload the page to try again.")),
    );
  }, []);
  const ask = asking && {
    open,
    mine: heldSeat(),
    watch: () => { showInAddress("#watch"); setAsking(false); setToken(null); },
  };
  // an address naming a seat this browser does not hold (it moved, or was opened elsewhere): say so
  const seatNamed = inAddress("seat");
  const missing = !invite && token === null && seatNamed !== null ? Number(seatNamed) : null;
  return { token, failure, ask, missing };
}

/** The games as the server describes them (title, summary, bot levels…), by id; loaded once. */
function useGames() {
  const [games, setGames] = useState({});
  useEffect(() => {
    api("GET", "/api/games")
      .then((r) => setGames(Object.fromEntries(r.games.map((g) => [g.id, g]))))
      .catch(() => {});
  }, []);
  return games;
}

/** A game's title for headings (its id until the games are loaded). */
function titleOf(games, id) {
  return games[id] ? games[id].title : id;
}

/** The game's renderer module (`/static/games/<game>.js`), or the generic view when it has none. */
function useBoard(game) {
  const [found, setFound] = useState(null);
  useEffect(() => {
    if (!game) return undefined;
    let current = true;
    import(`/static/games/${game}.js`)
      .then((module) => current && setFound({ Board: module.Board || GenericBoard, missing: !module.Board }))
      .catch((err) => {
        console.warn(`no renderer for ${game}:`, err);
        if (current) setFound({ Board: GenericBoard, missing: true });
      });
    return () => { current = false; };
  }, [game]);
  return found;
}

/** Shown when a game has no renderer yet (or it failed): the choices stay in the side list. */
function GenericBoard({ view }) {
  return html`
    <div class="generic-board">
      <p>This game has no table drawing yet: make your choices in the list.</p>
      <details><summary>What you can see (raw)</summary><pre>${JSON.stringify(view, null, 1)}</pre></details>
    </div>`;
}

/** The renderer, guarded: if it throws, the generic view takes its place. */
function Table({ found, props }) {
  const [failure] = useErrorBoundary((err) => console.error("the table drawing failed:", err));
  if (!found) return html`<p class="loading">Loading the table…</p>`;
  if (failure) return html`<p class="error">The table drawing failed; the choices still work.</p><${GenericBoard} ...${props} />`;
  const Board = found.Board;
  return html`<${Board} ...${props} />`;
}

/** The match socket: joins with `token` (once it is known), keeps the latest state, reconnects with
 * backoff after a drop; a seat that moved to another device is forgotten here. */
function useMatchSocket(token) {
  const [message, setMessage] = useState(null);
  const [link, setLink] = useState("connecting");
  const [notice, setNotice] = useState(null);
  const socket = useRef(null);
  useEffect(() => {
    if (token === undefined) return undefined;
    let stopped = false;
    let delay = 500;
    let timer = null;
    const connect = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const ws = new WebSocket(`${scheme}://${location.host}/ws/matches/${encodeURIComponent(MATCH)}`);
      socket.current = ws;
      setLink("connecting");
      ws.onopen = () => {
        delay = 500;
        setLink("open");
        ws.send(JSON.stringify({ type: "join", token }));
      };
      ws.onmessage = (event) => {
        const data = JSON.parse(event.data);
        if (data.type === "state") {
          setMessage(data);
          // joined again: nothing is lost now, and a refused connection is past
          setNotice((n) => (n && (n.code === "offline" || n.code === "too_many") ? null : n));
        }
        else if (data.type === "error") {
          if ((data.code === "moved" || data.code === "forbidden") && token) {
            forgetSeat(token); // the seat is played elsewhere now (or the link was never this browser's)
            setMessage(null); // and what this seat saw is shown no more
          }
          setNotice({ ...data, at: Date.now() });
        }
      };
      ws.onclose = (event) => {
        if (stopped) return;
        if (event.code === 4403 || event.code === 4404) {
          setLink("refused");
          return;
        }
        setLink("retrying");
        timer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 15000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (socket.current) socket.current.close();
    };
  }, [token]);
  const send = (data) => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(data));
    return true;
  };
  return { message, link, notice, setNotice, send };
}

/** The seat bar; `live`: a match being played, where each seat shows whether its player is connected. */
function Seats({ seats, toAct, you, live = true }) {
  return html`
    <ul class="seats-bar" aria-label="Seats">
      ${seats.map((s, i) => html`
        <li class=${`seat${i === toAct ? " to-act" : ""}${i === you ? " you" : ""}`}
          aria-current=${i === toAct ? "step" : undefined}>
          ${live && html`<span class=${`dot ${s.connected ? "on" : "off"}`} role="img"
            aria-label=${s.connected ? "connected" : "not connected"}></span>`}
          <span class="seat-name">${s.name}</span>
          ${i === you && html`<span class="badge you">you</span>`}
          ${live && s.kind === "bot" && html`<span class="badge">bot · ${s.level}</span>`}
          ${i === toAct && html`<span class="badge turn">deciding</span>`}
        </li>`)}
    </ul>`;
}

/** The table in words (the terminal's sections), folded away under the drawing: a replay frame's
 * `words`, or for a live match `load()`, called while it is open (again after each move: `load`
 * changes with the move), since the server does not render them into every push. */
function TableWords({ words, load }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState([]);
  useEffect(() => {
    if (open && load) load().then((r) => setLoaded(r.words)).catch(() => {});
  }, [open, load]);
  const shown = words || loaded;
  return html`
    <details class="words" onToggle=${(e) => setOpen(e.currentTarget.open)}>
      <summary>The table in words</summary>
      ${shown.map((w) => html`<section><h3>${named(w.title)}</h3><pre>${named(w.body)}</pre></section>`)}
    </details>`;
}

function Log({ lines }) {
  const box = useRef(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines.length]);
  return html`
    <section class="log-box" aria-labelledby="log-title">
      <h2 id="log-title">Log</h2>
      <div role="log" aria-labelledby="log-title">
        <ol class="log" ref=${box}>${lines.map((line) => html`<li>${named(line)}</li>`)}</ol>
      </div>
    </section>`;
}

function ScoreSheet({ result, seats }) {
  const order = seats.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b] || a - b);
  const winners = result.winners.map((i) => seats[i].name).join(" and ");
  const categories = [...new Set(result.breakdown.flat().map((line) => line.category))];
  return html`
    <section class="score-sheet" aria-labelledby="score-title">
      <h2 id="score-title" tabindex="-1">Final scores</h2>
      <p class="winners">${winners} ${result.winners.length > 1 ? "win" : "wins"}.</p>
      ${(result.ties || []).map((t) => html`<p class="ties">${t}</p>`)}
      <div class="sheets">
        ${order.map((seat) => html`
          <table class="sheet" data-seat=${seat}>
            <caption>${result.ranks[seat]}. ${seats[seat].name}: ${result.scores[seat]} points</caption>
            <thead><tr><th scope="col">Category</th><th scope="col">Line</th><th scope="col">Points</th></tr></thead>
            <tbody>
              ${byCategory(result.breakdown[seat], categories).map(([category, lines]) => lines.map((line, k) => html`
                <tr>${k === 0 ? html`<th scope="rowgroup" rowspan=${lines.length} class="category">${category}</th>` : null}
                  <td>${named(line.label)}</td><td class="num">${line.points}</td></tr>`))}
            </tbody>
            <tfoot><tr><th scope="row" colspan="2">Total</th><td class="num">${result.scores[seat]}</td></tr></tfoot>
          </table>`)}
      </div>
    </section>`;
}

/** A seat's score lines under their categories, in the order of `categories` (every seat's sheet
 * alike, so that sheets side by side line up), each category named with its total:
 * [["Lanes · 23", [line, …]], …]. */
function byCategory(lines, categories) {
  const groups = new Map(categories.map((category) => [category, []]));
  for (const line of lines) {
    if (!groups.has(line.category)) groups.set(line.category, []);
    groups.get(line.category).push(line);
  }
  return [...groups].filter(([, group]) => group.length > 0).map(([category, group]) => {
    const total = group.reduce((sum, line) => sum + line.points, 0);
    return [`${category.charAt(0).toUpperCase()}${category.slice(1)} · ${total}`, group];
  });
}

/** The choices by label, under their group headings; those on the current click path are marked. */
function Choices({ choices, path, disabled, onChoose, onHint }) {
  const groups = [];
  const byName = new Map();
  for (const choice of choices) {
    const name = choice.group || "";
    if (!byName.has(name)) {
      byName.set(name, []);
      groups.push(name);
    }
    byName.get(name).push(choice);
  }
  const onPath = (c) => path.length > 0 && follows(c, path);
  return html`
    <div class="choices" role="group" aria-labelledby="choices-title">
      <h2 id="choices-title" class="sr-only">Your choices</h2>
      ${groups.map((name) => html`
        <div class="choice-group">
          ${name && html`<h3>${name}</h3>`}
          ${byName.get(name).map((c) => html`
            <button type="button" key=${c.notation} class=${`choice${onPath(c) ? " on-path" : ""}`} aria-disabled=${disabled ? "true" : "false"}
              data-notation=${c.notation} onClick=${() => { if (!disabled) onChoose(c); }}
              onMouseEnter=${() => onHint(c)} onMouseLeave=${() => onHint(null)} onFocus=${() => onHint(c)}
              onBlur=${() => onHint(null)}>${named(c.label)}</button>`)}
        </div>`)}
    </div>`;
}

/** Where focus goes when the page re-draws under it: `element` if it can still hold it, else the first
 * thing clickable on the table now, else the prompt. Run after the re-draw (a target clicked a moment
 * ago may no longer be clickable). */
function refocus(element) {
  setTimeout(() => {
    const at = document.activeElement;
    if (at && at !== document.body && at.isConnected) return; // the focus is somewhere already
    const keeps = element && element.isConnected && element.tabIndex >= 0;
    const landing = keeps ? element : document.querySelector("section.table .target.next") || document.querySelector(".prompt");
    if (landing) landing.focus({ preventScroll: true }); // a pointer's click stays where it was
  }, 0);
}

function Confirm({ choice, opener, onYes, onNo, safe = false }) {
  const box = useRef(null);
  const yes = useRef(null);
  const no = useRef(null);
  useEffect(() => {
    const dialog = box.current;
    if (dialog && !dialog.open) dialog.showModal();
    const first = safe ? no.current : yes.current; // safe: a hasty Enter keeps things as they are
    if (first) first.focus();
    return () => {
      if (dialog && dialog.open) dialog.close();
      refocus(opener);
    };
  }, [choice]);
  return html`
    <dialog class="dialog" ref=${box} role="alertdialog" aria-labelledby="confirm-q" aria-describedby="confirm-c"
      onCancel=${(e) => { e.preventDefault(); onNo(); }}>
      <p id="confirm-q"><strong>${choice.confirm}</strong></p>
      <p id="confirm-c">${named(choice.label)}</p>
      <div class="row">
        <button type="button" class="primary" ref=${yes} onClick=${onYes}>Yes</button>
        <button type="button" ref=${no} onClick=${onNo}>No, go back</button>
      </div>
    </dialog>`;
}

function Menu({ choices, onChoose, onClose }) {
  const box = useRef(null);
  useEffect(() => {
    const first = box.current && box.current.querySelector("button");
    if (first) first.focus();
  }, [choices]);
  return html`
    <div class="menu" role="group" aria-labelledby="menu-q" ref=${box}>
      <p id="menu-q">Which one?</p>
      ${choices.map((c) => html`<button type="button" onClick=${() => onChoose(c)}>${named(c.label)}</button>`)}
      <button type="button" class="quiet" onClick=${onClose}>Cancel</button>
    </div>`;
}

/** A refusal in a player's words: the server's message, or what to do about the usual ones. */
const NOTICE_WORDS = {
  stale: "The table changed before your choice arrived. Look again and choose.",
  not_your_turn: "It is not your turn now.",
  too_many: "Too much at once from your network: the page tries again in a moment.",
};

/** The end of the match in words: who won with how many points, the others' scores, and your place. */
function endWords(message) {
  const result = message.result;
  if (!result) return "The match is over.";
  const seats = message.seats;
  const names = result.winners.map((i) => seats[i].name);
  const best = result.scores[result.winners[0]];
  const won = `${names.join(" and ")} ${names.length > 1 ? "share the win" : "wins"} with ${best} points`;
  const others = seats.map((_, i) => i).filter((i) => !result.winners.includes(i))
    .sort((a, b) => result.ranks[a] - result.ranks[b] || a - b)
    .map((i) => `${seats[i].name} ${result.scores[i]}`);
  const you = message.seat;
  const place = you === null || you === undefined ? ""
    : !result.winners.includes(you) ? ` You are ${ordinal(result.ranks[you])}.`
    : names.length > 1 ? " You share the win!" : " You win!";
  const ties = (result.ties || []).map((t) => ` ${t}`).join("");
  return `The match is over: ${won}${others.length ? ` (${others.join(", ")})` : ""}.${ties}${place}`;
}

/** Why the match waits, when the seat to act is a person nobody has taken their seat for yet (by
 * opening their invite link, or, in a rematch, from the finished match's page): the match cannot go
 * on until they do. What the host, who can make the seat a new link, may do. */
function unopened(message, host) {
  const deciding = message.view.to_act;
  const seat = deciding === null || deciding === undefined ? null : message.seats[deciding];
  if (!seat || seat.kind !== "human" || seat.opened || deciding === message.seat) return null;
  const waiting = `Waiting for ${seat.name} to take their seat.`;
  return host ? `${waiting} If their link went astray, make them a new one under Seat links.` : waiting;
}

/** Scroll to the score sheet and put the focus on its heading. */
function toScores() {
  const heading = document.getElementById("score-title");
  if (heading) {
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
  }
}

/** The table again, once the match is over (docs/server.md, "Rematch"): a seat's player (or the host)
 * asks for the rematch, made by whoever asks first, and is taken to their seat of it ("Rematch", then
 * "Join the rematch" once it exists); a browser holding its seat of it already goes there; anyone
 * else may watch it. A browser that holds the host's token also asks for the rematch's, so that it
 * can make seat links there (for a player who left). Refusals are shown with `onRefused`. */
function Rematch({ message, token, onRefused }) {
  const [busy, setBusy] = useState(false);
  const next = message.rematch;
  const host = hostToken(MATCH);
  const seated = message.seat !== null && Boolean(token);
  // this page's seat of the rematch, held here already (a spectator's page: any seat held there); a
  // browser may hold two seats, and seat 1's page must not lead to seat 0 of the rematch
  const held = next && heldSeats().find((s) => s.match === next && (!seated || s.seat === message.seat));
  // the host's part still to ask for: the rematch's host token, if its answer was lost (the seat's came)
  const hosting = host && !(next && hostToken(next));
  const ask = async () => {
    if (busy) return;
    setBusy(true);
    onRefused(null);
    try {
      let target = held ? seatLink(next, held.seat) : null;
      let made = next;
      if (seated && !held) {
        const taken = await rematchSeat(MATCH, token);
        made = taken.match;
        target = seatLink(taken.match, taken.seat);
      }
      if (host && !(made && hostToken(made))) {
        try {
          made = (await rematchHost(MATCH, host)).match;
        } catch (e) {
          if (e.code === "forbidden") forgetHost(MATCH); // a host link made new elsewhere: not this browser's
          if (!target) throw e; // the seat is taken all the same: the host's part can be asked again here
        }
      }
      location.assign(target || `/match/${encodeURIComponent(made)}#watch`);
    } catch (e) {
      setBusy(false);
      onRefused(e.status ? { code: e.code, message: e.message }
        : { code: "offline", message: "The server could not be reached to make the rematch. Try again: your seat of it is kept for you." });
    }
  };
  if (held && !hosting) return html`<a class="button primary" href=${seatLink(next, held.seat)}>Go to the rematch</a>`;
  if (seated || host) {
    return html`<button type="button" class="primary" aria-disabled=${busy ? "true" : "false"} onClick=${ask}>
      ${next ? "Join the rematch" : "Rematch"}</button>`;
  }
  if (next) return html`<a class="button" href=${`/match/${encodeURIComponent(next)}#watch`}>Watch the rematch</a>`;
  return null;
}

function SeatControl({ message, token, levels }) {
  const me = message.seats[message.seat];
  const [level, setLevel] = useState(defaultLevel(levels));
  const [error, setError] = useState(null);
  const [asking, setAsking] = useState(false);
  const opener = useRef(null);
  const question = useMemo(() => ({
    confirm: "Let a bot play your seat?",
    label: `A bot (${level}) makes your choices from now on, at once if it is your turn. You can take your seat back at any time.`,
  }), [level]);
  const hand = async (kind) => {
    setAsking(false);
    setError(null);
    try {
      await api("POST", `/api/matches/${encodeURIComponent(MATCH)}/seats/${message.seat}/control`,
        { token, kind, level: kind === "bot" ? level : null });
    } catch (e) {
      setError(e.message);
    }
  };
  return html`
    <div class="seat-control">
      ${me.kind === "bot"
        ? html`<p>A bot (${me.level}) plays your seat.</p>
            <button type="button" onClick=${() => hand("human")}>Take my seat back</button>`
        : html`<label>Bot level
              <select value=${level} onChange=${(e) => setLevel(e.currentTarget.value)}>
                ${levels.map((l) => html`<option value=${l}>${l}</option>`)}
              </select></label>
            <button type="button" ref=${opener} onClick=${() => setAsking(true)}>Let a bot play my seat</button>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${asking && html`<${Confirm} choice=${question} opener=${opener.current} safe=${true} onYes=${() => hand("bot")}
        onNo=${() => setAsking(false)} />`}
    </div>`;
}

/** Seat links (docs/server.md): a seat's player moves it to another device; the match's host (the
 * browser that created it) makes any other seat a new link, for a link gone astray or a lost device,
 * and lets a bot play a seat whose player left (they take it back from their own page). */
function SeatLinks({ message, token, levels }) {
  const [host, setHost] = useState(() => hostToken(MATCH));
  const [replaced, setReplaced] = useState(false); // this browser's host link was made new elsewhere
  useEffect(() => {
    // another tab of this browser may make a new host link: this one follows it
    const follow = () => setHost(hostToken(MATCH));
    addEventListener("storage", follow);
    return () => removeEventListener("storage", follow);
  }, []);
  useEffect(() => {
    // a host link made new on another device: say so at once, rather than at the first refusal
    if (!host) return undefined;
    let live = true;
    api("POST", "/api/my-matches", { tokens: [], hosts: [host] }).then(({ matches }) => {
      if (live && hostToken(MATCH) === host && !matches.some((m) => m.match === MATCH && m.host)) {
        forgetHost(MATCH);
        setHost(null);
        setReplaced(true);
      }
    }, () => {}); // unreachable: the host's buttons say so when used
    return () => { live = false; };
  }, [host]);
  const [made, setMade] = useState(null); // the new link: {seat, link}; {seat: "host"} for the host link
  const [rehosting, setRehosting] = useState(false); // the host is asked to confirm a new host link
  const [asking, setAsking] = useState(null); // the seat the host is asked to confirm a new link for
  const [handing, setHanding] = useState(null); // the seat the host is asked to confirm a bot for
  const [error, setError] = useState(null);
  const opener = useRef(null);
  const level = defaultLevel(levels || []);
  // the questions are made once per asking: a new object each render would re-open the dialog (and
  // move its focus) at every move of the match
  const confirm = useMemo(() => asking && {
    confirm: `Make ${asking.name} a new link?`,
    label: asking.kind === "bot"
      ? `The link sent for ${asking.name} before stops working. Opening the new link takes the seat over from the bot: send it to the person who is to play it.`
      : asking.opened
        ? `The device playing ${asking.name} now, and every link sent for the seat before, stop working at once. Send the new link to its player.`
        : `The link sent for ${asking.name} before stops working. Send the new link to its player.`,
  }, [asking]);
  const botQuestion = useMemo(() => handing && {
    confirm: `Let a bot play ${handing.name}?`,
    label: `A bot${level ? ` (${level})` : ""} makes ${handing.name}'s choices from now on, so the match goes on without them. Their player can take the seat back from their own page.`,
  }, [handing, level]);
  const hostQuestion = useMemo(() => rehosting && {
    confirm: "Make a new host link?",
    label: "The host link stops working at once, on every device it was opened on but this one, and wherever it was sent. Open the new one on your other devices.",
  }, [rehosting]);
  const own = message.seat;
  const others = host ? message.seats.map((s, i) => ({ ...s, seat: i })).filter((s) => s.seat !== own) : [];
  const gone = replaced && html`<p class="error" role="status">${HOST_REPLACED}</p>`;
  if (own === null && others.length === 0) return gone || null;
  // the host's token refused: another device made a new host link, which this browser does not hold
  const failed = (e, by) => setError(by === host && e.code === "forbidden" ? HOST_REPLACED : e.message);
  const toBot = async (seat) => {
    setHanding(null);
    setError(null);
    try {
      await api("POST", `/api/matches/${encodeURIComponent(MATCH)}/seats/${seat}/control`, { token: host, kind: "bot", level });
      // the button goes once a bot plays the seat: the focus goes on to the seat's "New link"
      const next = document.querySelector(`.seat-links li[data-seat="${seat}"] button`);
      if (next) next.focus();
    } catch (e) {
      failed(e, host);
    }
  };
  const rehost = async () => {
    setRehosting(false);
    setError(null);
    try {
      const answer = await api("POST", `/api/matches/${encodeURIComponent(MATCH)}/host`, { token: host });
      holdHost(MATCH, answer.host);
      setHost(answer.host);
      setMade({ seat: "host" });
    } catch (e) {
      failed(e, host);
    }
  };
  const make = async (seat, by) => {
    setAsking(null);
    setError(null);
    try {
      const answer = await api("POST", `/api/matches/${encodeURIComponent(MATCH)}/seats/${seat}/invite`, { token: by });
      setMade({ seat, link: `${location.origin}${answer.invite}` });
    } catch (e) {
      failed(e, by);
    }
  };
  return html`
    <details class="seat-links">
      <summary>Seat links</summary>
      ${gone}
      ${own !== null && html`
        <button type="button" onClick=${() => make(own, token)}>Play my seat on another device</button>
        ${made && made.seat === own && html`
          <p role="status">Open this link on the other device: it plays your seat from then on, and this page stops.
            Until then your seat stays here. Asking again makes a new link, and this one stops working.</p>
          <${LinkField} link=${made.link} label="Link to your seat" />`}`}
      ${others.length > 0 && html`
        <p>You created this match: if a seat's link went astray, or its player lost their device, make it a new link.
          If a player left, let a bot play their seat.</p>
        <p>To do this from another device too, open the host link there. Anyone holding it can make seats new
          links: keep it to yourself.</p>
        <${LinkField} link=${hostLink(MATCH, host)} label="Host link" />
        <button type="button" onClick=${(e) => { opener.current = e.currentTarget; setRehosting(true); }}>New host link</button>
        ${made && made.seat === "host" && html`<p role="status">This is a new host link: the one before works nowhere any more.</p>`}
        <ul class="links">${others.map((s) => html`<li data-seat=${s.seat}>
          <strong>${s.name}</strong> <span class="quiet">${s.opened ? "opened on a device" : "link not opened yet"}</span>
          <button type="button" aria-label=${`New link for ${s.name}`}
            onClick=${(e) => { opener.current = e.currentTarget; setAsking(s); }}>New link</button>
          ${s.kind === "human" && html`<button type="button" aria-label=${`Let a bot play ${s.name}`}
            onClick=${(e) => { opener.current = e.currentTarget; setHanding(s); }}>Let a bot play</button>`}
          ${made && made.seat === s.seat && html`<${LinkField} link=${made.link} label=${`New invite link for ${s.name}`} />`}
        </li>`)}</ul>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${confirm && html`<${Confirm} choice=${confirm} opener=${opener.current} safe=${true}
        onYes=${() => make(asking.seat, host)} onNo=${() => setAsking(null)} />`}
      ${botQuestion && html`<${Confirm} choice=${botQuestion} opener=${opener.current} safe=${true}
        onYes=${() => toBot(handing.seat)} onNo=${() => setHanding(null)} />`}
      ${hostQuestion && html`<${Confirm} choice=${hostQuestion} opener=${opener.current} safe=${true}
        onYes=${rehost} onNo=${() => setRehosting(false)} />`}
    </details>`;
}

const LINK_WORDS = {
  connecting: "Connecting…",
  open: "Connected",
  retrying: "Connection lost: reconnecting…",
  refused: "Not connected",
};

function Live() {
  const { token, failure, ask, missing } = useSeatToken();
  const games = useGames();
  const { message, link, notice, setNotice, send } = useMatchSocket(token);
  const found = useBoard(message && message.game);
  const [path, setPath] = useState([]);
  const [menu, setMenu] = useState(null);
  const [asking, setAsking] = useState(null);
  const [waiting, setWaiting] = useState(false);
  const [hint, setHint] = useState(null); // the choice in the list under the pointer or the focus

  const seq = message ? message.seq : -1;
  useEffect(() => {
    setPath([]);
    setMenu(null);
    setAsking(null);
    setWaiting(false);
    setHint(null);
  }, [seq, message && message.choices.length]);
  useEffect(() => { setWaiting(false); }, [notice]);
  useEffect(() => {
    if (message && message.seat !== null && token) holdSeat({ match: MATCH, seat: message.seat, token, game: message.game });
  }, [message && message.seat]);
  useEffect(() => {
    const onKey = (e) => {
      if (e.key === "Escape") { clicked.current = true; setPath([]); setMenu(null); setAsking(null); }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
  const yourTurn = message && message.seat !== null && message.view.to_act === message.seat;
  useEffect(() => {
    if (message) document.title = `${yourTurn ? "Your turn · " : ""}${titleOf(games, message.game)} · Skyhall`;
  }, [message && message.game, games, yourTurn]);

  const choices = message ? message.choices : [];
  const loadWords = useMemo(() => () => api("GET", `/api/matches/${encodeURIComponent(MATCH)}/words`, undefined, token), [seq, token]);
  const next = useMemo(() => targetWords(choices, path), [choices, path]);
  const prompt = useRef(null);
  const opener = useRef(null);
  const focused = useRef(false);
  useEffect(() => {
    const seen = () => { focused.current = true; };
    addEventListener("focusin", seen);
    return () => removeEventListener("focusin", seen);
  }, []);
  useLayoutEffect(() => {
    // A move re-draws the choices and the table: focus that was on them (a button may now be another
    // choice) goes to the prompt, as does focus the re-draw lost (before the paint, so that the scroll
    // to the prompt moves nothing a pointer is about to click). Not before the reader has focused
    // anything: the first Tab then reaches "Skip to the choices", never a choice unawares.
    const at = document.activeElement;
    const onTable = at && at.closest && at.closest(".choices, section.table, .menu");
    const lost = (!at || at === document.body) && focused.current;
    if (prompt.current && (lost || onTable)) prompt.current.focus();
  }, [seq]);
  const table = useRef(null);
  useLayoutEffect(() => {
    // The table's elements the hinted choice is clicked on are drawn `hinted` (style.css, and a game's
    // own look for them), so a label such as "bid short 14 on C1" is found on the drawing; after every
    // draw, as a re-drawn element may have lost the class.
    if (!table.current) return;
    for (const el of table.current.querySelectorAll(".hinted")) el.classList.remove("hinted");
    for (const name of hint ? hint.target : []) {
      for (const el of table.current.querySelectorAll(`[data-target="${CSS.escape(name)}"]`)) el.classList.add("hinted");
    }
  });
  const clicked = useRef(false);
  useEffect(() => {
    // A click on the table (or Escape) that starts or clears a path un-marks the element clicked: the
    // focus moves on to what can be clicked next (not when a new position clears the path: the focus
    // stays where the reader is). The element just clicked stays focusable, drawn picked (a click takes
    // it back), so it lets the focus go first.
    if (clicked.current) {
      const at = document.activeElement;
      if (at && at.matches && at.matches(".target.picked")) at.blur();
      refocus(null);
    }
    clicked.current = false;
  }, [path]);

  const commit = (choice) => {
    setAsking(null);
    setMenu(null);
    setPath([]);
    if (send({ type: "act", seq: message.seq, action: choice.notation })) {
      setWaiting(true);
      setNotice(null);
    } else {
      setNotice({ code: "offline", message: "Not connected: your choice was not sent. Try again in a moment." });
    }
  };
  const choose = (choice) => {
    if (!choice.confirm) return commit(choice);
    opener.current = document.activeElement;
    setAsking(choice);
  };
  const onTarget = (name, picked = false) => {
    clicked.current = true;
    const p = picked ? unclick(choices, path, name) : [...path, name];
    const full = choices.filter((c) => c.target.length === p.length && follows(c, p));
    const longer = choices.filter((c) => c.target.length > p.length && follows(c, p));
    if (full.length === 0 && longer.length === 0) {
      setPath([]);
      return;
    }
    setPath(p);
    if (picked) setMenu(full.length > 0 && p.length > 0 ? full : null);
    else if (full.length === 1 && longer.length === 0) choose(full[0]);
    else setMenu(full.length > 0 ? full : null);
  };
  const clearOnBackground = (e) => {
    if (!e.target.closest || !e.target.closest("[data-target]")) { clicked.current = true; setPath([]); setMenu(null); }
  };

  const watch = html`<p><a href=${`/match/${encodeURIComponent(MATCH)}#watch`}>Watch as a spectator</a></p>`;
  if (ask) {
    return html`
      <header class="top"><a href="/" class="home">Skyhall</a></header>
      <main class="narrow">
        <h1>Open this seat here?</h1>
        <p>This is a seat's invite link, for a match this browser already ${hostToken(MATCH) ? "created" : "plays"}.
          Opening it here makes this browser hold that seat, and the link then works nowhere else: if it is a
          friend's, send it to them unopened.</p>
        <p class="row">
          <button type="button" class="primary" onClick=${ask.open}>Open the seat here</button>
          ${ask.mine && html`<a class="button" href=${seatLink(MATCH, ask.mine.seat)}>Go to my seat</a>`}
          <button type="button" onClick=${ask.watch}>Watch instead</button>
        </p>
      </main>`;
  }
  if (!message) {
    return html`
      <header class="top"><a href="/" class="home">Skyhall</a></header>
      <main class="narrow">
        ${!failure && html`<p role="status">${LINK_WORDS[link]}</p>`}
        ${failure && html`<p class="error" role="alert">${failure}</p>`}
        ${notice && html`<p class="error" role="alert">${notice.code === "forbidden" ? HELD_REFUSED
          : NOTICE_WORDS[notice.code] || notice.message}</p>`}
        ${(failure || (notice && (notice.code === "forbidden" || notice.code === "moved"))) && watch}
        <p><a href="/">Back to the lobby</a></p>
      </main>`;
  }
  const view = message.view;
  const over = message.status === "over";
  const about = games[message.game];
  setSeatNames(message.seats.map((s) => s.name));
  const boardProps = { view, seat: message.seat, choices, path, next, onTarget };
  const absent = unopened(message, hostToken(MATCH));
  return html`
    <header class="top match-top">
      <button type="button" class="skip" onClick=${() => prompt.current && prompt.current.focus()}>Skip to the choices</button>
      <a href="/" class="home">Skyhall</a>
      <h1>${titleOf(games, message.game)}</h1>
      <span class=${`link ${link}`} role="status">${LINK_WORDS[link]}</span>
      <${Seats} seats=${message.seats} toAct=${view.to_act} you=${message.seat} />
    </header>
    <main class="match">
      <section class="table" aria-label="The table" onClick=${clearOnBackground} ref=${table}>
        <${Table} found=${found} props=${boardProps} />
        <${TableWords} load=${loadWords} />
      </section>
      <aside class="side">
        <p class="prompt" tabindex="-1" ref=${prompt}>${over ? endWords(message) : named(message.prompt)}</p>
        <p class="sr-only" role="status">${over ? endWords(message) : yourTurn ? `Your turn: ${named(message.prompt)}` : ""}</p>
        ${!over && absent && html`<p class="waiting" role="status">${absent}</p>`}
        ${notice && html`<div class="notice"><p class="error" role="alert">${NOTICE_WORDS[notice.code] || notice.message}</p>
          <button type="button" class="quiet" aria-label="Dismiss the message" onClick=${() => setNotice(null)}>×</button></div>`}
        ${waiting && html`<p class="waiting" role="status">Sending…</p>`}
        ${menu && html`<${Menu} choices=${menu} onChoose=${choose} onClose=${() => { setMenu(null); setPath([]); }} />`}
        ${choices.length > 0 && html`<${Choices} choices=${choices} path=${path} disabled=${waiting} onChoose=${choose} onHint=${setHint} />`}
        ${message.seat === null && !over && html`<p class="quiet">You are watching.${missing !== null
          ? ` This browser holds no seat ${missing + 1} of this match: it was moved to another device, or its link was opened elsewhere.`
          : ""}</p>`}
        ${message.seat !== null && !over && about && html`<${SeatControl} message=${message} token=${token} levels=${about.levels} />`}
        ${!over && link !== "refused" && html`<${SeatLinks} message=${message} token=${token} levels=${about && about.levels} />`}
        ${about && html`<${HowToPlay} summary=${about.summary} />`}
        ${over && message.rematch && html`<p role="status">The table plays again: a rematch is ready.</p>`}
        ${over && html`<p class="after">
          <${Rematch} message=${message} token=${token} onRefused=${(n) => setNotice(n && { ...n, at: Date.now() })} />
          ${message.result && html`<button type="button" class="primary" onClick=${toScores}>See the score sheet</button>`}
          <a class="button" href=${`/match/${MATCH}/replay`}>Replay</a>
          <a class="button" href=${`/api/matches/${MATCH}/record`} download>Download the record</a></p>`}
      </aside>
      ${message.result && html`<${ScoreSheet} result=${message.result} seats=${message.seats} />`}
      <${Log} lines=${message.log} />
    </main>
    ${asking && html`<${Confirm} choice=${asking} opener=${opener.current} safe=${true} onYes=${() => commit(asking)}
      onNo=${() => { setAsking(null); setPath([]); }} />`}`;
}

function Replay() {
  const games = useGames();
  const [step, setStep] = useState(0);
  const [seat, setSeat] = useState("");
  const [frame, setFrame] = useState(null);
  const [error, setError] = useState(null);
  const found = useBoard(frame && frame.game);
  useEffect(() => {
    const query = seat === "" ? "" : `?seat=${seat}`;
    api("GET", `/api/matches/${encodeURIComponent(MATCH)}/replay/${step}${query}`)
      .then((f) => { setFrame(f); setError(null); })
      .catch((e) => setError(e));
  }, [step, seat]);
  const last = frame ? frame.steps : 0;
  const go = (k) => setStep(Math.max(0, Math.min(last, k)));
  useEffect(() => {
    if (frame) document.title = `Replay · ${titleOf(games, frame.game)} · Skyhall`;
  }, [frame && frame.game, games]);
  useEffect(() => {
    const onKey = (e) => {
      if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
      if (e.key === "ArrowLeft") go(e.shiftKey && frame ? frame.turn_back : step - 1);
      if (e.key === "ArrowRight") go(e.shiftKey && frame ? frame.turn_next : step + 1);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [step, last, frame]);
  if (!frame) {
    return html`
      <header class="top"><a href="/" class="home">Skyhall</a></header>
      <main class="narrow">
        ${error ? html`<p class="error" role="alert">${error.message}</p>
            ${error.code === "live" && html`<p><a href=${`/match/${MATCH}`}>Watch the match</a></p>`}`
          : html`<p role="status">Loading the replay…</p>`}
      </main>`;
  }
  const props = { view: frame.view, seat: frame.seat, choices: [], path: [], next: NO_TARGETS, onTarget: () => {} };
  setSeatNames(frame.seats.map((s) => s.name));
  return html`
    <header class="top match-top">
      <a href="/" class="home">Skyhall</a>
      <h1>Replay: ${titleOf(games, frame.game)}</h1>
      <${Seats} seats=${frame.seats} toAct=${frame.view.to_act} you=${frame.seat} live=${false} />
    </header>
    <main class="match">
      <section class="table" aria-label="The table">
        <${Table} found=${found} props=${props} />
        <${TableWords} words=${frame.words} />
      </section>
      <aside class="side replay-controls">
        <p class="prompt" aria-live="polite">Move ${frame.step} of ${frame.steps}${frame.last ? `: ${named(frame.last)}` : ": the start"}</p>
        <div class="row" role="group" aria-label="Step through the match">
          <button type="button" aria-label="First move" onClick=${() => go(0)} disabled=${step === 0}>|◀ First</button>
          <button type="button" aria-label="Previous turn" onClick=${() => go(frame.turn_back)} disabled=${step === 0}>◀◀ Turn</button>
          <button type="button" aria-label="Step back" onClick=${() => go(step - 1)} disabled=${step === 0}>◀ Back</button>
          <button type="button" aria-label="Step forward" onClick=${() => go(step + 1)} disabled=${step === last}>Next ▶</button>
          <button type="button" aria-label="Next turn" onClick=${() => go(frame.turn_next)} disabled=${step === last}>Turn ▶▶</button>
          <button type="button" aria-label="Last move" onClick=${() => go(last)} disabled=${step === last}>Last ▶|</button>
        </div>
        <label>Move <input type="range" min="0" max=${last} value=${step} aria-label="Move"
          onInput=${(e) => go(Number(e.currentTarget.value))} /></label>
        <label>Jump to move <input type="number" min="0" max=${last} value=${step}
          onChange=${(e) => go(Number(e.currentTarget.value))} /></label>
        <label>Drawn as yours
          <select value=${seat} onChange=${(e) => setSeat(e.currentTarget.value)}>
            <option value="">no seat (every hand is shown all the same)</option>
            ${frame.seats.map((s, i) => html`<option value=${i}>${s.name}</option>`)}
          </select></label>
        ${error && html`<p class="error" role="alert">${error.message}</p>`}
        <p><a href=${`/api/matches/${MATCH}/record`} download>Download the record</a></p>
      </aside>
      ${frame.result && html`<${ScoreSheet} result=${frame.result} seats=${frame.seats} />`}
      <${Log} lines=${frame.log} />
    </main>`;
}

const root = document.getElementById("app");
root.replaceChildren();
// A link into this match's own tab (an invite pasted, "Go to my seat", "Watch") changes only the
// address's hash: the page starts afresh from it.
if (!REPLAY) addEventListener("hashchange", () => location.reload());
render(REPLAY ? html`<${Replay} />` : html`<${Live} />`, root);
