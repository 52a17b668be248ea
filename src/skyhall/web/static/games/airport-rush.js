// Airport Rush's table for the match page (docs/web.md): the carousel of load spaces, the card
// Supplies, your Airport (Departure planes, Airport dice, Waiting queue, hand, objectives) and
// everyone else's Airport as far as you may see it. Every die says its colour with a letter
// (Y, B, R) as well as its paint; every airline with its initial on the tail fin.
//
// Target names come from skyhall.games.airport_rush.text.target (see the table there):
// die:S:F take:S pending:F discard airport:F airport plane:P plane:P:F waiting:W hand:X
// supply:plane:K deck:plane objective:O locate:ID adjust:up flip reroll paint:C use drop pass.
import { useRef } from "preact/hooks";
import { html, clickable, seatLabel, unclick } from "/static/lib.js";

const DICE = {
  y: { fill: "#f4c430", pip: "#3b2f00", letter: "Y", word: "yellow" },
  b: { fill: "#2f6fd6", pip: "#ffffff", letter: "B", word: "blue" },
  r: { fill: "#d7372f", pip: "#ffffff", letter: "R", word: "red" },
};
const BY_WORD = { yellow: "y", blue: "b", red: "r" };
const AIRLINES = {
  blue: "#2f6fd6", red: "#d7372f", yellow: "#e0b000", green: "#2e9e55", purple: "#8e4fd1",
};
/** Airline colours light enough that their initial is written in dark ink (WCAG contrast over 4.5). */
const LIGHT_AIRLINES = new Set(["yellow", "green"]);
const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};
const CARD_W = 170;
const CARD_H = 118;

/** "r5" or "r5(y)" (a yellow die painted red) → {face: "r5", colour: "r", value: 5, painted: "y"|null}. */
export function parseDie(name) {
  const m = /^([ybr])(\d)(?:\(([ybr])\))?$/.exec(name);
  return { face: `${m[1]}${m[2]}`, colour: m[1], value: Number(m[2]), painted: m[3] || null };
}

function faceOrder(a, b) {
  const rank = (n) => "ybr".indexOf(n[0]) * 10 + Number(n[1]);
  return rank(a) - rank(b);
}

const title = (text) => html`<title>${text}</title>`;

/** Props for a clickable element; `chosen` marks it as part of the clicks made so far. `key` tells
 * apart elements of one name (identical dice): the click is remembered as that element's. */
function hit(name, ctx, chosen = false, key = null) {
  const act = (clicked, picked) => {
    remember(ctx, clicked, picked, key);
    ctx.onTarget(clicked, picked);
  };
  const props = clickable(name, ctx.next, act, chosen);
  if (chosen) props.class += " ar-chosen";
  return props;
}

/** Which element was clicked for each click of the path: `picks.keys[i]` for `picks.path[i]` (null:
 * not known). Kept from one drawing to the next while the path is the one the clicks led to; any other
 * path (cleared, a choice made, a new position) starts it afresh. */
function picksFor(ref, path) {
  const kept = ref.current;
  if (kept.path.length !== path.length || kept.path.some((n, i) => n !== path[i])) {
    ref.current = { path, keys: path.map(() => null) };
  }
  return ref.current;
}

/** Note the click (or, `picked`, the click taken back) on the element `key`, as the path will be. */
function remember(ctx, name, picked, key) {
  const { picks, path, choices } = ctx;
  if (!picked) {
    picks.path = [...path, name];
    picks.keys = [...picks.keys, key];
    return;
  }
  const rest = unclick(choices, path, name);
  let at = key === null ? -1 : picks.keys.lastIndexOf(key);
  if (at < 0) at = path.lastIndexOf(name);
  picks.keys = rest.length === path.length - 1 ? picks.keys.filter((_, i) => i !== at) : picks.keys.slice(0, at);
  picks.path = rest;
}

/** Whether the element `key` of name `name` is one of the clicks made: by the element clicked when
 * every click of that name is known, else the first of that name (`counter`). */
function chosenOf(ctx, counter, name, key) {
  const { path, keys } = ctx.picks;
  const known = path.every((n, i) => n !== name || keys[i] !== null);
  return known ? path.some((n, i) => n === name && keys[i] === key) : counter(name);
}

/** Counts how often each name occurs in the path, so identical dice light up one by one. */
function pathCounter(path) {
  const left = new Map();
  for (const name of path || []) left.set(name, (left.get(name) || 0) + 1);
  return (name) => {
    const n = left.get(name) || 0;
    if (n > 0) left.set(name, n - 1);
    return n > 0;
  };
}

// -- dice and slots --------------------------------------------------------------------

function Pips({ value, size, colour }) {
  return PIPS[value].map(
    ([px, py]) => html`<circle cx=${px * size} cy=${py * size} r=${size * 0.095} fill=${colour} />`,
  );
}

/** A die at (x, y): paint, pips, and its colour letter on a tag at the top-right corner. */
function Die({ name, x, y, size = 28, target = null, ctx = null, chosen = false, pick = null }) {
  const d = parseDie(name);
  const look = DICE[d.colour];
  const words = `${look.word} ${d.value}` + (d.painted ? ` (a ${DICE[d.painted].word} die, painted)` : "");
  const props = target && ctx ? hit(target, ctx, chosen, pick) : { class: "ar-die" };
  const tag = size * 0.23;
  return html`<g transform=${`translate(${x},${y})`} ...${props}>
    ${title(words)}
    <rect class="ar-halo" x=${-3} y=${-3} width=${size + 6} height=${size + 6} rx=${size * 0.26} />
    <rect width=${size} height=${size} rx=${size * 0.2} fill=${look.fill}
      stroke=${d.painted ? DICE[d.painted].fill : "#1d1d1d"} stroke-width=${d.painted ? 3 : 1.2}
      stroke-dasharray=${d.painted ? "4 2" : null} />
    <${Pips} value=${d.value} size=${size} colour=${look.pip} />
    <circle cx=${size - 1} cy=${1} r=${tag} fill="#fff" stroke="#1d1d1d" stroke-width="0.8" />
    <text x=${size - 1} y=${1 + tag * 0.42} class="ar-tag" font-size=${tag * 1.3}>${look.letter}</text>
  </g>`;
}

/** An empty plane slot: a colour slot shows the colour and its letter, a value slot grey pips. */
function Slot({ slot, x, y, size }) {
  const colour = BY_WORD[slot];
  if (colour) {
    const look = DICE[colour];
    return html`<g transform=${`translate(${x},${y})`}>
      ${title(`any ${look.word} die`)}
      <rect width=${size} height=${size} rx=${size * 0.2} fill=${look.fill} fill-opacity="0.22"
        stroke=${look.fill} stroke-width="1.6" stroke-dasharray="3 2" />
      <text x=${size / 2} y=${size * 0.68} class="ar-slot-letter" fill=${look.fill === DICE.y.fill ? "#8a6d00" : look.fill}
        font-size=${size * 0.5}>${look.letter}</text>
    </g>`;
  }
  return html`<g transform=${`translate(${x},${y})`}>
    ${title(`any die showing ${slot}`)}
    <rect width=${size} height=${size} rx=${size * 0.2} fill="#f4f4f4" stroke="#777" stroke-width="1.4"
      stroke-dasharray="3 2" />
    <${Pips} value=${Number(slot)} size=${size} colour="#8d8d8d" />
  </g>`;
}

// -- cards -----------------------------------------------------------------------------

/** Splits `text` into lines of at most `width` characters. */
function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A tail fin in the airline's colour with its initial (green G, purple P…). */
function Fin({ airline, x, y }) {
  return html`<g transform=${`translate(${x},${y})`}>
    ${title(`${airline} airline`)}
    <path d="M0 22 L6 0 L16 0 L22 22 Z" fill=${AIRLINES[airline] || "#777"} stroke="#222" stroke-width="0.8" />
    <text x="11" y="17" class="ar-fin" fill=${LIGHT_AIRLINES.has(airline) ? "#111" : "#fff"}>${airline[0].toUpperCase()}</text>
  </g>`;
}

function CardFrame({ props, children, width = CARD_W, height = CARD_H, fill = "#fffdf6", ready = false }) {
  return html`<svg class="ar-card" viewBox=${`-4 -4 ${width + 8} ${height + 8}`} width=${width + 8}
      height=${height + 8}>
    <g ...${props}>
      <rect class="ar-halo" x="-3" y="-3" width=${width + 6} height=${height + 6} rx="11" />
      <rect width=${width} height=${height} rx="8" fill=${fill} stroke=${ready ? "#1f9d4c" : "#6b6b6b"}
        stroke-width=${ready ? 3 : 1.2} />
      ${children}
    </g>
  </svg>`;
}

/** A plane card: country, airline fin, the exact total (its points), its slots and the dice seated on them. */
function PlaneCard({ id, view, docked = null, target = null, ctx, chosen = false, dieTarget = null, tag = null }) {
  const info = view.cards[id];
  const props = target ? hit(target, ctx, chosen) : {};
  const n = info.slots.length;
  const size = n > 4 ? 26 : 30;
  const gap = 5;
  const left = (CARD_W - n * size - (n - 1) * gap) / 2;
  const seated = docked ? docked.seated : [];
  const dice = docked ? docked.dice.map((d) => parseDie(d).value) : [];
  const total = dice.reduce((a, b) => a + b, 0);
  const counter = pathCounter(ctx.path);
  const slotTitle = info.slots.join(" · ");
  return html`<${CardFrame} props=${props} ready=${docked && docked.ready}>
    ${title(`${id}: ${info.country}, ${info.airline} airline; slots ${slotTitle}; total ${info.value}`)}
    <${Fin} airline=${info.airline} x="8" y="8" />
    <text x="36" y="19" class="ar-country" textLength=${info.country.length > 12 ? 92 : null}
      lengthAdjust="spacingAndGlyphs">${info.country}</text>
    <text x="36" y="31" class="ar-small">${id} · ${info.airline} airline</text>
    <circle cx=${CARD_W - 20} cy="20" r="15" fill="#20262e" />
    <text x=${CARD_W - 20} y="26" class="ar-value">${info.value}</text>
    ${info.slots.map((slot, k) => {
      const x = left + k * (size + gap);
      const name = seated[k];
      if (!name) return html`<${Slot} slot=${slot} x=${x} y=${44} size=${size} />`;
      const face = parseDie(name).face;
      const t = dieTarget ? `${dieTarget}:${face}` : null;
      return html`<${Die} name=${name} x=${x} y=${44} size=${size} target=${t} ctx=${ctx}
        chosen=${t ? chosenOf(ctx, counter, t, `${t}#${k}`) : false} pick=${`${t}#${k}`} />`;
    })}
    ${docked
      ? html`<text x="10" y=${CARD_H - 12} class=${total > info.value ? "ar-small ar-over" : "ar-small"}>dice ${total} of ${
          info.value}</text>
          ${total > info.value /* on a line of its own: beside the total it ran into the space's tag */
            ? html`<text x="10" y=${CARD_H - 26} class="ar-small ar-over">over by ${total - info.value}</text>`
            : null}
          ${docked.ready
            ? html`<g transform=${`translate(${CARD_W / 2 - 29},${CARD_H - 38})`}>
                <rect width="58" height="18" rx="9" fill="#1f9d4c" />
                <text x="29" y="13" class="ar-badge">READY</text></g>`
            : null}`
      : html`<text x="10" y=${CARD_H - 12} class="ar-small">total exactly ${info.value}</text>`}
    ${tag ? html`<text x=${CARD_W - 10} y=${CARD_H - 12} class="ar-small ar-right">${tag}</text>` : null}
  <//>`;
}

/** An action or Event card: its title and text. */
function TextCard({ id, view, target = null, ctx, chosen = false }) {
  const info = view.cards[id];
  const props = target ? hit(target, ctx, chosen) : {};
  const event = info.type === "event";
  return html`<${CardFrame} props=${props} fill=${event ? "#fff1ee" : "#f1f6ff"}>
    ${title(`${info.title}: ${info.text}`)}
    <rect width=${CARD_W} height="28" rx="8" fill=${event ? "#b23a2a" : "#28508f"} />
    <text x="10" y="19" class="ar-card-title">${event ? "EVENT · " : ""}${info.title}</text>
    ${wrap(info.text, 30).slice(0, 6).map(
      (line, k) => html`<text x="10" y=${45 + k * 13} class="ar-text">${line}</text>`,
    )}
  <//>`;
}

function CardOf({ id, view, target, ctx, chosen, tag }) {
  return view.cards[id].type === "plane"
    ? html`<${PlaneCard} id=${id} view=${view} target=${target} ctx=${ctx} chosen=${chosen} tag=${tag} />`
    : html`<${TextCard} id=${id} view=${view} target=${target} ctx=${ctx} chosen=${chosen} />`;
}

/** The back of a card nobody may see (a rival's hand, a deck), with a caption. */
function CardBack({ kind, caption = "", target = null, ctx, sub = "" }) {
  const props = target ? hit(target, ctx) : {};
  const plane = kind === "plane";
  return html`<${CardFrame} props=${props} fill=${plane ? "#dfe8f3" : "#e9e2f4"}>
    <rect x="8" y="8" width=${CARD_W - 16} height=${CARD_H - 16} rx="6" fill="none" stroke="#9aa6b8"
      stroke-dasharray="5 3" />
    ${plane
      ? html`<path d="M85 30 l6 18 l26 10 l0 6 l-26 -5 l-2 16 l8 6 l0 5 l-12 -3 l-12 3 l0 -5 l8 -6 l-2 -16 l-26 5 l0 -6 l26 -10 Z"
          fill="#5b7aa6" />`
      : html`<g fill="#7c5fb0"><rect x="70" y="30" width="30" height="40" rx="4" /><text x="85" y="58"
          class="ar-back-mark">!</text></g>`}
    <text x=${CARD_W / 2} y="95" class="ar-back-caption">${caption}</text>
    ${sub ? html`<text x=${CARD_W / 2} y="108" class="ar-small ar-mid">${sub}</text>` : null}
  <//>`;
}

/** An objective: its countries, points and airline bonus; `met` (when known) says how it stands. */
function ObjectiveCard({ id, view, target = null, ctx, chosen = false, met = null }) {
  const info = view.objective_cards[id];
  const props = target ? hit(target, ctx, chosen) : {};
  const ok = met && met.planes;
  const status = met ? (ok ? ` · MET ${met.points}` : " · not met") : "";
  return html`<${CardFrame} props=${props} fill="#fbf6e8" ready=${!!ok}>
    ${title(`${id}: ${info.countries.join(" + ")}, ${info.base} points, +${info.bonus} per ${info.airline} airline plane`)}
    <rect width=${CARD_W} height="28" rx="8" fill=${ok ? "#1f7a40" : "#6b5a2e"} />
    <text x="10" y="19" class="ar-card-title">${met ? id : `OBJECTIVE ${id}`}${status}</text>
    <circle cx=${CARD_W - 20} cy="20" r="15" fill="#20262e" />
    <text x=${CARD_W - 20} y="26" class="ar-value">${info.base}</text>
    ${info.countries.map((c, k) => {
      const planeId = ok ? met.planes[k] : null;
      return html`<text x="12" y=${45 + k * 13} class="ar-text">${planeId ? "✓ " : "○ "}${c}${planeId ? ` (${planeId})` : ""}</text>`;
    })}
    <${Fin} airline=${info.airline} x="10" y=${CARD_H - 28} />
    <text x="38" y=${CARD_H - 11} class="ar-small">+${info.bonus} per ${info.airline} plane</text>
  <//>`;
}

// -- the carousel of load spaces -------------------------------------------------------

const STORM_CLOUD =
  "M-26 6 a12 12 0 0 1 4 -22 a16 16 0 0 1 30 -4 a12 12 0 0 1 18 14 a10 10 0 0 1 -4 12 Z";

function Carousel({ view, ctx }) {
  const taking = view.decision === "take dice" && view.to_act === view.seat && view.seat !== null;
  const counter = pathCounter(ctx.path);
  const n = view.load.length;
  const centre = 190;
  return html`<svg class="ar-carousel" viewBox="0 0 380 380">
    <circle cx=${centre} cy=${centre} r="184" fill="#29415e" />
    <circle cx=${centre} cy=${centre} r="176" fill="none" stroke="#9fb5cf" stroke-width="2" stroke-dasharray="6 6" />
    <circle cx=${centre} cy=${centre} r="62" fill="#1b2d44" stroke="#9fb5cf" />
    <text x=${centre} y=${centre - 34} class="ar-bag-title">BAG</text>
    ${["yellow", "blue", "red"].map(
      (word, k) => html`<g>
        <${Die} name=${`${BY_WORD[word]}6`} x=${centre - 46 + k * 34} y=${centre - 22} size="24" />
        <text x=${centre - 34 + k * 34} y=${centre + 20} class="ar-bag-count">${view.bag[word]}</text>
      </g>`,
    )}
    ${view.storm !== null
      ? html`<g transform=${`translate(${centre},${centre + 44})`}>
          ${title("STORM: no plane may take off")}
          <path d=${STORM_CLOUD} fill="#cfd8e3" stroke="#111" transform="scale(0.6)" />
          <path d="M-2 2 L-8 14 L-1 12 L-5 24 L6 8 L-1 10 L3 2 Z" fill="#ffd400" stroke="#111" stroke-width="0.6" />
        </g>`
      : null}
    ${view.load.map((dice, s) => {
      const angle = (Math.PI * 2 * s) / n - Math.PI / 2;
      const cx = centre + Math.cos(angle) * 120;
      const cy = centre + Math.sin(angle) * 120;
      const sorted = [...dice].sort((a, b) => faceOrder(parseDie(a).face, parseDie(b).face));
      const size = 25;
      const gap = 9; // room for each die's colour tag beside the next die's highlight
      const width = sorted.length * size + (sorted.length - 1) * gap;
      return html`<g class="ar-space">
        <circle cx=${cx} cy=${cy} r="54" fill="#f3efe2" stroke="#c9bd98" stroke-width="3" />
        <text x=${cx - 34} y=${cy - 28} class="ar-space-no">${s + 1}</text>
        ${sorted.length === 0 ? html`<text x=${cx} y=${cy + 4} class="ar-small ar-mid">empty</text>` : null}
        ${sorted.map((d, k) => {
          const t = `die:${s + 1}:${parseDie(d).face}`;
          return html`<${Die} name=${d} x=${cx - width / 2 + k * (size + gap)} y=${cy - 17} size=${size}
            target=${t} ctx=${ctx} chosen=${chosenOf(ctx, counter, t, `${t}#${k}`)} pick=${`${t}#${k}`} />`;
        })}
        ${taking
          ? html`<g ...${hit(`take:${s + 1}`, ctx)} transform=${`translate(${cx - 26},${cy + 17})`}>
              ${title(`take the chosen dice from space ${s + 1}`)}
              <rect class="ar-halo" x="-3" y="-3" width="58" height="26" rx="12" />
              <rect class="ar-take" width="52" height="20" rx="10" fill="#20262e" />
              <text x="26" y="14" class="ar-btn-text">TAKE</text>
            </g>`
          : null}
      </g>`;
    })}
  </svg>`;
}

// -- the Supplies and decks ----------------------------------------------------------

function Market({ view, ctx }) {
  const row = (deck, k) => {
    const info = view.decks[k];
    const depths = info.events_at.map((i) => info.size - i).sort((a, b) => a - b);
    const sub = depths.length ? `Event ${depths.map((d) => `#${d}`).join(", ")} from top` : "no Event left";
    return html`<div class="ar-row">
      <div class="ar-label">${deck === "plane" ? "Plane" : "Action"} Supply</div>
      <div class="ar-cards">
        ${view.supply[k].map((id, slot) =>
          id
            ? html`<${CardOf} id=${id} view=${view} target=${`supply:${deck}:${slot + 1}`} ctx=${ctx} />`
            : html`<div class="ar-gap">empty</div>`,
        )}
        <${CardBack} kind=${deck} caption=${`${deck.toUpperCase()} DECK · ${info.size}`} sub=${sub}
          target=${`deck:${deck}`} ctx=${ctx} />
      </div>
    </div>`;
  };
  return html`<div class="ar-market">${row("plane", 0)}${row("action", 1)}</div>`;
}

// -- the decision tray: dice to place, the card in play, LOCATE, pass -------------------

const EFFECT_BUTTONS = {
  adjust: [["adjust:up", "+1"], ["adjust:down", "−1"]],
  flip: [["flip", "Flip (7 − value)"]],
  reroll: [["reroll", "Reroll"]],
  paint: [["paint:yellow", "Paint Y"], ["paint:blue", "Paint B"], ["paint:red", "Paint R"]],
  overload: [["use", "Use OVERLOAD"]],
  "bag-draw": [["use", "Use BAG DRAW"]],
  locate: [["use", "Use LOCATE"]],
};

function Button({ name, text, ctx, kind = "" }) {
  const props = hit(name, ctx);
  const live = props.class.split(" ").includes("next"); // not clickable now: shown, but greyed out
  return html`<button type="button" ...${props} disabled=${!live} class=${`${props.class} ar-button ${kind}`}>${text}</button>`;
}

function Tray({ view, ctx, choices }) {
  const mine = view.seat !== null && view.to_act === view.seat;
  const counter = pathCounter(ctx.path);
  const pass = (choices || []).find((c) => c.target && c.target.length === 1 && c.target[0] === "pass");
  const card = view.card ? view.cards[view.card] : null;
  const event = view.event ? view.cards[view.event] : null;
  const parts = [];
  if (view.pending.length) {
    const size = 30;
    parts.push(html`<div class="ar-tray-part">
      <div class="ar-label">Dice to place${mine ? ` · swaps left ${view.swaps_left}` : ""}</div>
      <svg viewBox=${`-6 -6 ${view.pending.length * (size + 8) + 8} ${size + 12}`}
          width=${view.pending.length * (size + 8) + 8} height=${size + 12}>
        ${view.pending.map((d, k) => {
          const t = `pending:${parseDie(d).face}`;
          return html`<${Die} name=${d} x=${k * (size + 8)} y="0" size=${size} target=${mine ? t : null}
            ctx=${ctx} chosen=${chosenOf(ctx, counter, t, `${t}#${k}`)} pick=${`${t}#${k}`} />`;
        })}
      </svg>
      ${mine ? html`<${Button} name="discard" text="Discard die" ctx=${ctx} />` : null}
    </div>`);
  }
  if (card) {
    parts.push(html`<div class="ar-tray-part">
      <div class="ar-label">Card in play</div>
      <${TextCard} id=${view.card} view=${view} ctx=${ctx} />
      ${mine
        ? html`<div class="ar-buttons">${(EFFECT_BUTTONS[card.kind] || []).map(
            ([name, text]) => html`<${Button} name=${name} text=${text} ctx=${ctx} />`,
          )}</div>`
        : null}
    </div>`);
  }
  if (view.locate.size) {
    parts.push(html`<div class="ar-tray-part">
      <div class="ar-label">LOCATE shows ${view.locate.size} plane${view.locate.size === 1 ? "" : "s"}</div>
      <div class="ar-cards">${view.locate.planes.map(
        (id) => html`<${PlaneCard} id=${id} view=${view} target=${`locate:${id}`} ctx=${ctx} />`,
      )}</div>
    </div>`);
  }
  if (event) {
    parts.push(html`<div class="ar-tray-part">
      <div class="ar-label">Event</div>
      <${TextCard} id=${view.event} view=${view} ctx=${ctx} />
      ${mine && event.kind === "fog"
        ? html`<div class="ar-buttons"><${Button} name="drop" text="Discard it (FOG)" ctx=${ctx} /></div>`
        : null}
    </div>`);
  }
  if (mine && pass) {
    parts.push(html`<div class="ar-tray-part ar-pass">
      <${Button} name="pass" text=${pass.label} ctx=${ctx} kind="ar-pass-button" />
    </div>`);
  }
  return parts.length ? html`<div class="ar-tray">${parts}</div>` : null;
}

// -- Airports ----------------------------------------------------------------------------

function AirportDice({ view, seat, ctx, own }) {
  const dice = view.airport[seat];
  const spaces = 4;
  const size = 30;
  const counter = pathCounter(ctx.path);
  const props = own ? hit("airport", ctx) : {};
  const width = spaces * (size + 10) + 10;
  return html`<svg class="ar-airport" viewBox=${`-4 -4 ${width + 8} ${size + 30}`} width=${width + 8}
      height=${size + 30}>
    <g ...${props}>
      ${title(`Airport dice spaces: ${dice.length} of ${spaces} used`)}
      <rect class="ar-halo" x="-3" y="-3" width=${width + 6} height=${size + 28} rx="10" />
      <rect width=${width} height=${size + 22} rx="8" fill="#e7ecf2" stroke="#7d8ea3" />
      <text x="8" y=${size + 18} class="ar-small">AIRPORT · ${spaces - dice.length} free</text>
      ${Array.from({ length: spaces }, (_, k) => {
        const x = 10 + k * (size + 10);
        const d = dice[k];
        if (!d) {
          return html`<rect x=${x} y="4" width=${size} height=${size} rx="6" fill="#fff" stroke="#9aa9bb"
            stroke-dasharray="3 2" />`;
        }
        const t = own ? `airport:${parseDie(d).face}` : null;
        return html`<${Die} name=${d} x=${x} y="4" size=${size} target=${t} ctx=${ctx}
          chosen=${t ? chosenOf(ctx, counter, t, `${t}#${k}`) : false} pick=${`${t}#${k}`} />`;
      })}
    </g>
  </svg>`;
}

function Departure({ view, seat, ctx, own }) {
  const path = ctx.path || [];
  return html`<div class="ar-cards">
    ${view.departure[seat].map((docked, p) =>
      docked
        ? html`<${PlaneCard} id=${docked.plane} view=${view} docked=${docked} ctx=${ctx}
            target=${own ? `plane:${p + 1}` : null} chosen=${own && path[0] === `plane:${p + 1}`}
            dieTarget=${own ? `plane:${p + 1}` : null} tag=${p >= 3 ? "extra space" : `space ${p + 1}`} />`
        : html`<div class="ar-gap">Departure ${p + 1} empty</div>`,
    )}
  </div>`;
}

function Taken({ view, seat }) {
  const taken = view.taken[seat];
  return html`<div class="ar-taken" title="planes taken off">
    <svg viewBox="0 0 40 24" width="40" height="24">
      <path d="M2 16 L30 6 L38 6 L34 10 L10 20 Z M14 11 L8 4 L12 4 L20 9 Z" fill="#3b5f8f" />
      <line x1="2" y1="22" x2="38" y2="22" stroke="#3b5f8f" stroke-width="2" stroke-dasharray="4 3" />
    </svg>
    <b>${taken.count}</b> taken off${taken.planes.length ? `: ${taken.planes.join(", ")}` : ""}
  </div>`;
}

function MyAirport({ view, ctx }) {
  const seat = view.seat;
  const path = ctx.path || [];
  const waiting = view.waiting[seat].planes;
  const hand = view.hands[seat].cards;
  const kept = view.objectives[seat];
  const objectives = kept.length ? kept : view.dealt[seat];
  const met = view.objectives_met[seat];
  const metOf = (id) => (met ? met.find((m) => m.objective === id) : null);
  return html`<section class="ar-seat ar-mine">
    <header><b>Your Airport</b> · ${seatLabel(seat)}<${Taken} view=${view} seat=${seat} /></header>
    <div class="ar-row"><div class="ar-label">Departure</div><${Departure} view=${view} seat=${seat} ctx=${ctx} own=${true} /></div>
    <div class="ar-row"><${AirportDice} view=${view} seat=${seat} ctx=${ctx} own=${true} /></div>
    <div class="ar-row"><div class="ar-label">Waiting (front first)</div>
      <div class="ar-cards">${waiting.length
        ? waiting.map(
            (id, k) => html`<${PlaneCard} id=${id} view=${view} target=${`waiting:${k + 1}`} ctx=${ctx}
              chosen=${path.includes(`waiting:${k + 1}`)} tag=${`#${k + 1} in queue`} />`,
          )
        : html`<div class="ar-gap">no plane waiting</div>`}</div></div>
    <div class="ar-row"><div class="ar-label">Your hand</div>
      <div class="ar-cards">${hand.length
        ? hand.map((id) => {
            const info = view.cards[id];
            const t = `hand:${info.type === "plane" ? id : info.kind}`;
            return html`<${CardOf} id=${id} view=${view} target=${t} ctx=${ctx} />`;
          })
        : html`<div class="ar-gap">empty</div>`}</div></div>
    <div class="ar-row"><div class="ar-label">${kept.length ? "Your objectives" : "Objectives dealt: keep 2"}</div>
      <div class="ar-cards">${objectives.map(
        (id) => html`<${ObjectiveCard} id=${id} view=${view} target=${`objective:${id}`} ctx=${ctx}
          chosen=${path.includes(`objective:${id}`)} met=${metOf(id)} />`,
      )}</div></div>
  </section>`;
}

function RivalAirport({ view, seat, ctx }) {
  const hand = view.hands[seat];
  const waiting = view.waiting[seat];
  const kept = view.objectives[seat];
  const met = view.objectives_met[seat];
  const acting = view.to_act === seat;
  const planes = hand.hidden_planes + hand.cards.filter((id) => view.cards[id].type === "plane").length;
  return html`<section class=${`ar-seat ar-rival${acting ? " ar-acting" : ""}`}>
    <header><b>${seatLabel(seat)}</b>${acting ? " · deciding" : ""}<${Taken} view=${view} seat=${seat} /></header>
    <div class="ar-facts">
      Hand: ${planes} plane, ${hand.size - planes} action · Waiting: ${waiting.size} plane${waiting.size === 1 ? "" : "s"}
      · Objectives: ${kept.length ? (kept.every((o) => o === null) ? `${kept.length} hidden` : "shown") : "choosing"}
    </div>
    <div class="ar-row"><${Departure} view=${view} seat=${seat} ctx=${ctx} own=${false} /></div>
    <div class="ar-row"><${AirportDice} view=${view} seat=${seat} ctx=${ctx} own=${false} /></div>
    ${hand.cards.length
      ? html`<div class="ar-row"><div class="ar-label">${hand.cards.length === hand.size ? "In hand" : "In hand, taken openly"}</div>
          <div class="ar-cards">${hand.cards.map((id) => html`<${CardOf} id=${id} view=${view} ctx=${ctx} />`)}</div></div>`
      : null}
    ${waiting.planes.length
      ? html`<div class="ar-row"><div class="ar-label">Waiting</div>
          <div class="ar-cards">${waiting.planes.map((id) => html`<${PlaneCard} id=${id} view=${view} ctx=${ctx} />`)}</div></div>`
      : null}
    ${met
      ? html`<div class="ar-row"><div class="ar-label">Objectives</div><div class="ar-cards">${kept.map(
          (id) => html`<${ObjectiveCard} id=${id} view=${view} ctx=${ctx} met=${met.find((m) => m.objective === id)} />`,
        )}</div></div>`
      : null}
  </section>`;
}

function Status({ view }) {
  const round = Math.floor(view.turn / view.players) + 1;
  const bits = [
    view.decision === "game over" ? "Game over"
      : view.decision === "keep two objectives" ? `Setup · ${seatLabel(view.to_act)} keeps 2 objectives`
        : `Round ${round} · ${seatLabel(view.current)}'s turn`,
  ];
  if (view.decision === "take off") bits.push(`take-offs ${view.takeoffs} of ${view.takeoff_limit}`);
  if (view.last_turn !== null && view.decision !== "game over") bits.push("the end is triggered: last round");
  return html`<div class="ar-status">
    <span>${bits.join(" · ")}</span>
    ${view.storm !== null
      ? html`<span class="ar-storm">⚡ STORM (revealed by ${seatLabel(view.storm)}): no plane may take off</span>`
      : null}
  </div>`;
}

const STYLE = `
.ar { font-family: system-ui, sans-serif; color: #1d232b; display: flex; flex-direction: column; gap: 10px; }
.ar svg { max-width: 100%; height: auto; overflow: visible; }
.ar .ar-top { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.ar .ar-carousel { width: 340px; max-width: 100%; flex: 0 1 340px; }
.ar .ar-market { flex: 1 1 360px; display: flex; flex-direction: column; gap: 6px; }
.ar .ar-row { display: flex; flex-direction: column; gap: 2px; }
.ar .ar-label { font-size: 12px; font-weight: 600; color: #4b5868; text-transform: uppercase; letter-spacing: .04em; }
.ar .ar-cards { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; }
.ar .ar-card { width: 148px; }
.ar .ar-rival .ar-card { width: 120px; }
.ar .ar-gap { width: 120px; min-height: 60px; border: 2px dashed #b9c2cc; border-radius: 8px; color: #7b8794;
  font-size: 12px; display: flex; align-items: center; justify-content: center; text-align: center; }
.ar .ar-seat { border: 1px solid #c8d0da; border-radius: 10px; padding: 8px; background: #f8fafc;
  display: flex; flex-direction: column; gap: 6px; }
.ar .ar-mine { background: #f3f8ff; border-color: #7ea5d8; }
.ar .ar-acting { border-color: #e39a1b; box-shadow: 0 0 0 2px #f6c66b; }
.ar .ar-seat header { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; font-size: 15px; }
.ar .ar-taken { display: inline-flex; gap: 4px; align-items: center; font-size: 13px; margin-left: auto; }
.ar .ar-facts { font-size: 13px; color: #36414d; }
.ar .ar-status { display: flex; flex-wrap: wrap; gap: 10px; font-size: 14px; font-weight: 600; }
.ar .ar-storm { background: #2b2f3a; color: #ffd400; padding: 2px 8px; border-radius: 6px; }
.ar .ar-tray { display: flex; flex-wrap: wrap; gap: 14px; padding: 8px; border-radius: 10px; background: #fff7e6;
  border: 1px solid #f0c36b; align-items: flex-start; }
.ar .ar-tray-part { display: flex; flex-direction: column; gap: 4px; }
.ar .ar-buttons { display: flex; flex-wrap: wrap; gap: 6px; }
.ar .ar-button { font: inherit; font-size: 14px; padding: 6px 12px; border-radius: 8px; border: 1px solid #8792a0;
  background: #eef1f5; color: #1d232b; cursor: default; }
.ar .ar-button:disabled { opacity: 0.55; }
.ar .ar-button.next { background: #ffe6a8; border-color: #e08a00; cursor: pointer; box-shadow: 0 0 0 2px #f6b73c; }
.ar .ar-pass { align-self: center; }
.ar .ar-pass-button { max-width: 280px; text-align: left; }
.ar .ar-halo { fill: none; stroke: none; }
.ar .target.next { cursor: pointer; stroke: none; } /* the halo marks it: pips and tags keep their own lines */
.ar .target:not(.next) > .ar-take { opacity: .3; }
.ar .target.next > .ar-halo { stroke: #f39c12; stroke-width: 3.5; animation: ar-pulse 1.2s ease-in-out infinite; }
.ar .target.hinted > .ar-halo { stroke: var(--focus, #1d4ed8); stroke-width: 4; stroke-dasharray: 2 3; animation: none; }
.ar .target.ar-chosen > .ar-halo { stroke: #1565c0; stroke-width: 4; animation: none; }
@keyframes ar-pulse { 50% { stroke-opacity: .35; } }
.ar text { font-family: system-ui, sans-serif; }
.ar .ar-tag { text-anchor: middle; font-weight: 800; fill: #1d1d1d; }
.ar .ar-slot-letter { text-anchor: middle; font-weight: 800; }
.ar .ar-fin { text-anchor: middle; font-weight: 800; font-size: 11px; }
.ar .ar-country { font-size: 12.5px; font-weight: 700; fill: #1d232b; }
.ar .ar-small { font-size: 10.5px; fill: #4b5868; }
.ar .ar-over { fill: #b3261e; font-weight: 700; }
.ar .ar-right { text-anchor: end; }
.ar .ar-mid { text-anchor: middle; }
.ar .ar-value { font-size: 15px; font-weight: 800; fill: #fff; text-anchor: middle; }
.ar .ar-badge { font-size: 11px; font-weight: 800; fill: #fff; text-anchor: middle; }
.ar .ar-card-title { font-size: 12px; font-weight: 800; fill: #fff; letter-spacing: .03em; }
.ar .ar-text { font-size: 10.5px; fill: #26303b; }
.ar .ar-back-caption { font-size: 11px; font-weight: 800; fill: #33435a; text-anchor: middle; }
.ar .ar-back-mark { font-size: 28px; font-weight: 900; fill: #fff; text-anchor: middle; }
.ar .ar-bag-title { font-size: 12px; font-weight: 800; fill: #cfe0f5; text-anchor: middle; letter-spacing: .1em; }
.ar .ar-bag-count { font-size: 13px; font-weight: 700; fill: #fff; text-anchor: middle; }
.ar .ar-space-no { font-size: 15px; font-weight: 800; fill: #7a6a3a; text-anchor: middle; }
.ar .ar-btn-text { font-size: 11px; font-weight: 800; fill: #fff; text-anchor: middle; letter-spacing: .08em; }
@media (max-width: 600px) {
  .ar .ar-card { width: calc(50% - 6px); max-width: ${CARD_W + 8}px; height: auto; } /* two a row: words stay legible */
  .ar .ar-carousel { flex-basis: 100%; width: 100%; }
}
`;

/** The whole table: status, carousel and Supplies, the decision tray, your Airport, the others'. */
export function Board({ view, seat, choices, path, next, onTarget }) {
  const picked = useRef({ path: [], keys: [] });
  const clicks = path || [];
  const ctx = { next: next || new Set(), onTarget, path: clicks, choices: choices || [], picks: picksFor(picked, clicks) };
  const own = view.seat;
  const others = Array.from({ length: view.players }, (_, k) => k).filter((k) => k !== own);
  return html`<div class="ar" data-seat=${seat}>
    <style>${STYLE}</style>
    <${Status} view=${view} />
    <div class="ar-top">
      <div class="ar-carousel"><${Carousel} view=${view} ctx=${ctx} /></div>
      <${Market} view=${view} ctx=${ctx} />
    </div>
    <${Tray} view=${view} ctx=${ctx} choices=${choices} />
    ${own !== null ? html`<${MyAirport} view=${view} ctx=${ctx} />` : null}
    <div class="ar-rivals">${others.map((k) => html`<${RivalAirport} view=${view} seat=${k} ctx=${ctx} />`)}</div>
  </div>`;
}

export default Board;
