// Shared helpers for the match page and the per-game renderers (docs/web.md).
import { h } from "preact";
import { useState } from "preact/hooks";
import htm from "htm";

/** htm bound to Preact: html`<svg>…</svg>` builds Preact elements without a build step. */
export const html = htm.bind(h);

/** Props for an SVG element that can be clicked as `name` when the match page says it is next.
 * `next` holds the names clickable now (a Map to the words of what clicking does, read out as the
 * element's name): such an element is also a button for the keyboard (Tab, then Enter or Space). */
export function clickable(name, next, onTarget, picked = false) {
  const live = picked || (next && next.has(name));
  if (!live) return { "data-target": name, class: "target" };
  const act = (e) => { e.stopPropagation(); onTarget(name, picked); };
  return {
    "data-target": name,
    class: picked ? "target picked" : "target next",
    tabindex: 0,
    role: "button",
    "aria-label": picked ? `${name.replaceAll(":", " ")}, picked: press to take it back` : (next.get && next.get(name)) || name,
    "aria-pressed": picked ? "true" : "false",
    onClick: act,
    onKeyDown: (e) => {
      // a real <button> already clicks itself on Enter and Space
      if ((e.key === "Enter" || e.key === " ") && e.currentTarget.tagName !== "BUTTON") {
        e.preventDefault();
        act(e);
      }
    },
  };
}

/** What each target clickable after `path` does, for `clickable`: the labels of the choices it leads
 * to (the first three, then how many more). */
export function targetWords(choices, path) {
  const found = new Map();
  for (const choice of choices) {
    for (const name of nextClicks(choice, path)) {
      if (!found.has(name)) found.set(name, []);
      found.get(name).push(named(choice.label));
    }
  }
  const words = new Map();
  for (const [name, labels] of found) {
    const more = labels.length > 3 ? `; or ${labels.length - 3} more` : "";
    words.set(name, labels.length === 1 ? labels[0] : `${labels.slice(0, 3).join("; or ")}${more}`);
  }
  return words;
}

// Seat names. Views and the log call seats "Player N"; the match page knows the names players
// chose (public, like the seat bar) and sets them here before drawing, so that every renderer and
// line of text calls a seat by its name.

let seatNames = [];

/** The match page's seat names, in seat order (none on a page that is not a match's). */
export function setSeatNames(names) {
  seatNames = names || [];
}

/** What the table calls seat `seat` (0-based): its player's name, else "Player N". */
export function seatLabel(seat) {
  return seatNames[seat] || `Player ${seat + 1}`;
}

/** `text` with every "Player N" in it (how the log names seats) replaced by that seat's name. */
export function named(text) {
  return text.replace(/\bPlayer (\d+)\b/g, (said, n) => seatNames[Number(n) - 1] || said);
}

// Click paths (docs/web.md): a choice is made by clicking its `target` names, the first
// `unordered` of them in any order.

/** The clicks of the first `choice.unordered` of its target (those may come in any order) that `path`
 * has not made yet; `null` when `path` strays from the choice. The rest of a target is clicked in order. */
function headLeft(choice, path) {
  const head = choice.unordered || 0;
  const left = choice.target.slice(0, head);
  for (let i = 0; i < Math.min(path.length, head); i++) {
    const at = left.indexOf(path[i]);
    if (at < 0) return null;
    left.splice(at, 1);
  }
  for (let i = head; i < path.length; i++) if (choice.target[i] !== path[i]) return null;
  return left;
}

/** The click path once the click on `name` is taken back: without its last `name`, and without the
 * clicks after it too when no choice goes on from the rest (a later click may only make sense after it). */
export function unclick(choices, path, name) {
  const at = path.lastIndexOf(name);
  if (at < 0) return path;
  const rest = [...path.slice(0, at), ...path.slice(at + 1)];
  return choices.some((c) => follows(c, rest)) ? rest : path.slice(0, at);
}

/** Whether `path` is the start of `choice`'s clicks (or all of them). */
export function follows(choice, path) {
  return path.length <= choice.target.length && headLeft(choice, path) !== null;
}

/** The target names that can be clicked after `path` on the way to `choice`. */
export function nextClicks(choice, path) {
  const left = headLeft(choice, path);
  if (left === null || path.length >= choice.target.length) return [];
  return path.length < (choice.unordered || 0) ? left : [choice.target[path.length]];
}

/** A JSON API call (as the seat of `token`, if given); rejects with an Error carrying the server's
 * message, `.code` and `.status`. */
export async function api(method, path, body, token) {
  const init = { method, headers: {} };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.message || `${response.status} ${response.statusText}`);
    error.code = data.code;
    error.status = response.status;
    throw error;
  }
  return data;
}

// Seat tokens this browser holds, in localStorage: [{match, seat, token, game, at}], newest first.
const SEATS_KEY = "skyhall.seats";
const KEEP = 40;

/** Every seat token this browser holds. */
export function heldSeats() {
  try {
    const seats = JSON.parse(localStorage.getItem(SEATS_KEY) || "[]");
    return Array.isArray(seats) ? seats.filter((s) => s && typeof s.token === "string") : [];
  } catch {
    return [];
  }
}

/** Remember a seat's token, in place of any other this browser held for that seat (the newest KEEP
 * are kept). */
export function holdSeat(entry) {
  const rest = heldSeats().filter((s) => s.token !== entry.token && !(s.match === entry.match && s.seat === entry.seat));
  localStorage.setItem(SEATS_KEY, JSON.stringify([{ ...entry, at: Date.now() }, ...rest].slice(0, KEEP)));
}

/** Forget a seat's token (the seat moved to another device). */
export function forgetSeat(token) {
  localStorage.setItem(SEATS_KEY, JSON.stringify(heldSeats().filter((s) => s.token !== token)));
}

// Invites being opened, with the token this browser made for each: {invite: token}. Kept before the
// server is asked, so that an answer lost on the way is asked for again with the same token.
const OPENING_KEY = "skyhall.opening";

function opening() {
  try {
    const found = JSON.parse(localStorage.getItem(OPENING_KEY) || "{}");
    return found && typeof found === "object" && !Array.isArray(found) ? found : {};
  } catch {
    return {};
  }
}

/** A new random token: 24 random bytes in URL-safe base64 (32 characters). */
function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}

/** Take a seat with a token this browser makes for itself: `ask(device)` asks the server to let
 * `device` hold the seat and resolves to {match, game, seat, token}. The token is kept under `key`
 * before asking, so that an answer lost on the way is asked for again with the same token (which the
 * server then answers as the seat's), and forgotten once the seat is held or the server said no. */
async function takeSeat(key, ask) {
  const tries = opening();
  const device = tries[key] || newToken();
  localStorage.setItem(OPENING_KEY, JSON.stringify({ ...tries, [key]: device }));
  const forget = () => {
    const { [key]: _, ...rest } = opening();
    localStorage.setItem(OPENING_KEY, JSON.stringify(rest));
  };
  let taken;
  try {
    taken = await ask(device);
  } catch (e) {
    // The server said no: nothing to ask again. A lost answer has no status, and a 5xx (a proxy's 502,
    // the database busy) may come after the seat was stored: the token is kept for asking again.
    if (e.status && e.status < 500) forget();
    throw e;
  }
  holdSeat({ match: taken.match, seat: taken.seat, token: taken.token, game: taken.game });
  forget();
  return taken;
}

/** Open a seat's invite link: the server spends it, and this browser holds the seat from now on by a
 * token it made (docs/server.md, "Seat links"). Resolves to {match, game, seat, token}. */
export function claimSeat(match, invite) {
  return takeSeat(invite, (device) =>
    api("POST", `/api/matches/${encodeURIComponent(match)}/claim`, { token: invite, device }));
}

/** Take this browser's seat in the rematch of the finished `match` (docs/server.md, "Rematch"), asked
 * with `token`, the seat it holds there: the server makes the rematch if nobody has yet, and the seat
 * of the same number is held from then on by a token this browser made. Resolves to
 * {match, game, seat, token}. */
export function rematchSeat(match, token) {
  return takeSeat(`rematch:${match}:${token}`, (device) =>
    api("POST", `/api/matches/${encodeURIComponent(match)}/rematch`, { device }, token));
}

/** The rematch of the finished `match` as its host (`host`: the host's token there): the server makes
 * it if nobody has yet, and answers its host token, kept here (a new one at each asking: the one
 * before stops). Resolves to {match, host}. */
export async function rematchHost(match, host) {
  const answer = await api("POST", `/api/matches/${encodeURIComponent(match)}/rematch`, {}, host);
  holdHost(answer.match, answer.host);
  return answer;
}

// The host's token of each match this browser created: [{match, token, at}], newest first.
const HOSTS_KEY = "skyhall.hosts";

function heldHosts() {
  try {
    const hosts = JSON.parse(localStorage.getItem(HOSTS_KEY) || "[]");
    return Array.isArray(hosts) ? hosts.filter((h) => h && typeof h.token === "string") : [];
  } catch {
    return [];
  }
}

/** Remember that this browser created `match` (its host's token makes seats new links). */
export function holdHost(match, token) {
  const rest = heldHosts().filter((h) => h.match !== match);
  localStorage.setItem(HOSTS_KEY, JSON.stringify([{ match, token, at: Date.now() }, ...rest].slice(0, KEEP)));
}

/** Forget the host's token of `match` (the server no longer knows it: a new one was made elsewhere). */
export function forgetHost(match) {
  localStorage.setItem(HOSTS_KEY, JSON.stringify(heldHosts().filter((h) => h.match !== match)));
}

/** Forget every held host token the server did not list as a host's among `matches` (the answer of
 * `/api/my-matches` for them all); how many were forgotten. */
export function forgetDeadHosts(matches) {
  const live = new Set(matches.filter((m) => m.host).map((m) => m.match));
  const dead = heldHosts().filter((h) => !live.has(h.match));
  for (const h of dead) forgetHost(h.match);
  return dead.length;
}

/** The host's tokens this browser holds (the matches it created). */
export function hostTokens() {
  return heldHosts().map((h) => h.token);
}

/** The host's token of `match`, if this browser created it. */
export function hostToken(match) {
  const found = heldHosts().find((h) => h.match === match);
  return found ? found.token : null;
}

/** The bot level offered first: the second easiest ("normal"), a fair game for most people. */
export function defaultLevel(levels) {
  return levels[Math.min(1, levels.length - 1)] || "";
}

/** The host link of `match`: opened in another browser, it holds the host's token there too. */
export function hostLink(match, token) {
  return `${location.origin}/match/${encodeURIComponent(match)}#host=${encodeURIComponent(token)}`;
}

/** Hold the host's token of a host link once the server says it is `match`'s; resolves to whether it
 * was (a refusal or a lost answer rejects, as `api` does). */
export async function adoptHost(match, token) {
  const { matches } = await api("POST", "/api/my-matches", { tokens: [], hosts: [token] });
  const found = matches.some((m) => m.match === match && m.host);
  if (found) holdHost(match, token);
  return found;
}

/** The page of a seat this browser holds (its token stays out of the address). */
export function seatLink(match, seat) {
  return `/match/${encodeURIComponent(match)}#seat=${seat}`;
}

/** The invite link of a seat token, absolute. */
export function inviteLink(match, token) {
  return `${location.origin}/match/${encodeURIComponent(match)}#token=${encodeURIComponent(token)}`;
}

/** The value of `name` in the address (`#token=…`: an invite link; `#host=…`: a host link), if any. */
export function inAddress(name) {
  const found = new URLSearchParams(location.hash.slice(1)).get(name);
  return found || null;
}

/** Copy text to the clipboard; resolves to true when it worked. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A Copy button for `text`, saying "Copied" for a moment once it worked. */
export function CopyButton({ text, label }) {
  const [done, setDone] = useState(false);
  return html`<button type="button" aria-label=${label}
    onClick=${async () => { setDone(await copyText(text)); setTimeout(() => setDone(false), 1500); }}>
    ${done ? "Copied" : "Copy"}</button>`;
}

/** A link to copy: a read-only field (selected when focused) and its Copy button. */
export function LinkField({ link, label }) {
  return html`
    <input readonly value=${link} aria-label=${label} onFocus=${(e) => e.currentTarget.select()} />
    <${CopyButton} text=${link} label=${`Copy the ${label.charAt(0).toLowerCase()}${label.slice(1)}`} />`;
}

/** A game's turn summary (the server's `summary` paragraphs, the first one its line of introduction)
 * folded away under "How to play"; numbered paragraphs ("1. …") make an ordered list. */
export function HowToPlay({ summary, open = false }) {
  const blocks = [];
  for (const text of summary.slice(1)) {
    const item = /^\d+\.\s+(.*)$/.exec(text);
    const last = blocks[blocks.length - 1];
    if (item && last && Array.isArray(last)) last.push(item[1]);
    else blocks.push(item ? [item[1]] : text);
  }
  return html`
    <details class="how-to-play" open=${open}>
      <summary>How to play</summary>
      ${blocks.map((b) => (Array.isArray(b)
        ? html`<ol>${b.map((t) => html`<li>${t}</li>`)}</ol>`
        : html`<p>${b}</p>`))}
    </details>`;
}

/** 1st, 2nd, 3rd, 4th… (a place in a ranking). */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th"}`;
}
