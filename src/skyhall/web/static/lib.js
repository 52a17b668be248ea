// Shared helpers for the match page and the per-game renderers (docs/web.md).
import { h } from "preact";
import htm from "htm";

/** htm bound to Preact: html`<svg>…</svg>` builds Preact elements without a build step. */
export const html = htm.bind(h);

/** Props for an SVG element that can be clicked as `name` when the match page says it is next. */
export function clickable(name, next, onTarget) {
  const live = next && next.has(name);
  return {
    "data-target": name,
    class: live ? "target next" : "target",
    onClick: live ? (e) => { e.stopPropagation(); onTarget(name); } : undefined,
  };
}

/** A JSON API call; rejects with an Error carrying the server's message, `.code` and `.status`. */
export async function api(method, path, body) {
  const init = { method, headers: {} };
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

/** Remember a seat's token (the newest KEEP are kept). */
export function holdSeat(entry) {
  const rest = heldSeats().filter((s) => s.token !== entry.token);
  localStorage.setItem(SEATS_KEY, JSON.stringify([{ ...entry, at: Date.now() }, ...rest].slice(0, KEEP)));
}

/** The invite link of a seat token, absolute. */
export function inviteLink(match, token) {
  return `${location.origin}/match/${encodeURIComponent(match)}#token=${encodeURIComponent(token)}`;
}

/** The token in the address (`#token=…`), if any. */
export function tokenInAddress() {
  const found = new URLSearchParams(location.hash.slice(1)).get("token");
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
