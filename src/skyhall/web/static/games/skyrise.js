// Skyrise's table for the match page (docs/web.md): the islands as SVG, the auction, the player boards.
//
// Everything is drawn from the seat's JSON view (`view.to_dict()` of skyhall.games.skyrise.view); the
// clickable elements carry the target names of skyhall.games.skyrise.text.target:
//   district:<id>           a district of the map (open or outbid there, or take its disc)
//   bid:<value> wonder:<n>  the picker drawn over the chosen district (a bid is district, then value)
//   card:<n>                a Wonder card in your hand (keep it at the start of Era 2)
//   row:<colour>            a district row of your player board (assign a Wild, move a disc)
//   panorama:<id>           a Panorama card in play (Wonder 8)
//   pass                    the pass button
// Every colour is also told apart by a letter or a shape: district colours by their initial, discs by
// shape (circle district, hexagon Patron, star Wild, diamond Commissions), players by a mark.
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { html, clickable, seatLabel } from "/static/lib.js";

const U = 100; // one district on the map, in SVG units
const TOUCH = 46; // the least width of a district on screen, in CSS pixels
// A district's name ("C1", "Wd": every choice names its district so) across the top of its tile, big
// enough to read at the least scale the map is drawn at (see STYLE: 11 px and more at 1280 x 800); the
// Structure stands scaled down below it.
const LABEL = 24;
const PIECE_SCALE = 0.76;
const PIECE_DROP = 12.7;

const DISTRICT = {
  yellow: { tile: "#f2d675", disc: "#e2b322", ink: "#4d3b00", letter: "Y" },
  green: { tile: "#9fd08a", disc: "#3f9a4b", ink: "#ffffff", letter: "G" },
  white: { tile: "#f6f3ea", disc: "#ffffff", ink: "#333333", letter: "W" },
  brown: { tile: "#c9a27a", disc: "#7b5230", ink: "#ffffff", letter: "B" },
};
const COLOURS = ["yellow", "green", "white", "brown"];

const SEATS = [
  { colour: "#c8372d", mark: "circle", name: "red" },
  { colour: "#2f63c9", mark: "square", name: "blue" },
  { colour: "#7b3fb3", mark: "triangle", name: "purple" },
  { colour: "#2b2b2b", mark: "diamond", name: "black" },
];
const SLOT_NAMES = { N: "North", E: "East", S: "South", W: "West", C: "Central" };
const FLOORS = { short: 1, medium: 2, tall: 3 };

// Where each island's printed grid lies on the map (x, y in districts). The Central Island is 2 x 2;
// an Outer Island's 4 x 4 grid has its bridge district on its right side, so each slot turns it to face
// the centre: West as printed, North a quarter turn clockwise, East a half turn, South a quarter back.
const PLACE = {
  C: (r, c) => [6 + c, 6 + r],
  W: (r, c) => [1 + c, 6 + r],
  N: (r, c) => [4 + (3 - r), 1 + c],
  E: (r, c) => [9 + (3 - c), 4 + (3 - r)],
  S: (r, c) => [6 + r, 9 + (3 - c)],
};

const STYLE = `
.skyrise { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; justify-content: center; font: 14px/1.35 system-ui, sans-serif; color: #1d2530; }
.skyrise-map { flex: 0 1 auto; min-width: 0; width: min(100%, calc(max(35rem, 100vh - 8rem) * var(--ratio))); }
.skyrise-map .sr-scroller { overflow-x: auto; border-radius: 12px; }
.skyrise-map .sr-view { position: relative; }
.skyrise-map svg { width: 100%; height: auto; display: block; border-radius: 12px; touch-action: manipulation; }
@media (pointer: coarse), (max-width: 600px) { .skyrise-map svg.skyrise-islands { min-width: var(--touch-width); } }
.skyrise .sr-more { position: absolute; top: 0; bottom: 0; width: 26px; pointer-events: none; display: flex; align-items: center;
  justify-content: center; font-size: 22px; font-weight: 800; color: #fff; text-shadow: 0 0 3px #1d2530; }
.skyrise .sr-more-left { left: 0; border-radius: 12px 0 0 12px; background: linear-gradient(to right, #1d253066, #1d253000); }
.skyrise .sr-more-right { right: 0; border-radius: 0 12px 12px 0; background: linear-gradient(to left, #1d253066, #1d253000); }
.skyrise .sr-pan { display: flex; align-items: center; gap: 8px; margin: 0 0 4px; font-size: 13px; color: #4a5563; }
.skyrise .sr-pan span { flex: 1; text-align: center; }
.skyrise .sr-pan button { font: inherit; font-weight: 700; min-width: 44px; min-height: 36px; }
.skyrise-side { flex: 1 1 280px; min-width: min(280px, 100%); display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: 10px; align-items: start; }
.skyrise-side > .sr-status { grid-column: 1 / -1; }
.skyrise .target.next { cursor: pointer; }
.skyrise svg .target.next, .skyrise svg .target.next:hover { stroke: none; stroke-width: 0; }
.skyrise .sr-cell .sr-tile { stroke: #55606e; stroke-width: 2; }
.skyrise .sr-cell.next .sr-tile { stroke: #ff7a00; stroke-width: 9; animation: skyrise-pulse 1.2s ease-in-out infinite; }
.skyrise .sr-cell.next:hover .sr-tile { stroke: #d94f00; }
.skyrise .sr-cell.next:focus-visible { outline: none; }
.skyrise .sr-cell.next:focus-visible .sr-tile { stroke: var(--focus-table); stroke-width: 10; animation: none; }
.skyrise .sr-cell.sr-chosen .sr-tile { stroke: #0b4fa8; stroke-width: 10; stroke-dasharray: 14 8; animation: none; }
.skyrise .sr-cell.hinted .sr-tile { stroke: var(--focus, #1d4ed8); stroke-width: 12; stroke-dasharray: none; animation: none; }
@keyframes skyrise-pulse { 50% { stroke-opacity: 0.35; } }
.skyrise .sr-pick .sr-pick-box { fill: #fffdf6; stroke: #7c8592; stroke-width: 2; }
.skyrise .sr-pick.next .sr-pick-box { fill: #fff2d9; stroke: #ff7a00; stroke-width: 4; }
.skyrise .sr-pick.next:hover .sr-pick-box { fill: #ffe1a8; }
.skyrise-panel { background: #f7f9fc; border: 1px solid #cfd6e0; border-radius: 10px; padding: 8px 10px; }
.skyrise-panel h3 { margin: 0 0 6px; font-size: 15px; display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
.skyrise-panel.sr-acting { border-color: #ff7a00; box-shadow: 0 0 0 2px #ffc98a; }
.skyrise .sr-prestige { margin-left: auto; font-size: 20px; font-weight: 700; }
.skyrise .sr-tag { font-size: 11px; font-weight: 600; border-radius: 8px; padding: 1px 6px; background: #e4e8ee; color: #333; }
.skyrise .sr-tag.sr-hot { background: #ffe0b8; color: #8a4300; }
.skyrise .sr-rows { display: grid; grid-template-columns: 1fr 1fr; gap: 4px 8px; margin: 4px 0; }
.skyrise .sr-row { display: flex; align-items: center; gap: 4px; border-radius: 8px; padding: 2px 4px; border: 2px solid transparent; }
.skyrise .sr-row.next { border-color: #ff7a00; background: #fff2d9; }
.skyrise .sr-row.next:hover { background: #ffe1a8; }
.skyrise .sr-row.sr-chosen { border-color: #0b4fa8; border-style: dashed; }
.skyrise .sr-row-colour { display: inline-block; width: 20px; text-align: center; border: 1px solid #777; border-radius: 4px; font-weight: 700; font-size: 12px; }
.skyrise .sr-row-value { font-weight: 700; min-width: 2.2em; text-align: right; }
.skyrise .sr-line { margin: 3px 0; }
.skyrise .sr-chips { display: inline-flex; flex-wrap: wrap; gap: 3px; vertical-align: middle; }
.skyrise .sr-chip { border: 1px solid #9aa5b3; border-radius: 6px; padding: 0 5px; font-size: 12px; background: #fff; }
.skyrise .sr-chip.sr-later { border-style: dashed; color: #5b6674; background: transparent; }
.skyrise .sr-cards { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 4px; }
.skyrise .sr-card { width: 150px; border: 2px solid #8c7a4e; border-radius: 8px; background: #fffaf0; padding: 4px 6px; font-size: 12px; }
.skyrise .sr-card b { font-size: 13px; }
.skyrise .sr-card.sr-back { width: 44px; height: 60px; background: repeating-linear-gradient(45deg, #8c7a4e 0 6px, #a8966a 6px 12px); }
.skyrise .sr-card.next { border-color: #ff7a00; box-shadow: 0 0 0 3px #ffc98a; }
.skyrise .sr-card.next:hover { background: #fff0d0; }
.skyrise .sr-pano { border: 2px solid #6c8fb3; border-radius: 8px; background: #f0f6fc; padding: 3px 6px; font-size: 12px; flex: 1 1 140px; }
.skyrise .sr-pano.next { border-color: #ff7a00; box-shadow: 0 0 0 3px #ffc98a; cursor: pointer; }
.skyrise .sr-pass { font: inherit; font-weight: 700; padding: 8px 16px; border-radius: 8px; border: 2px solid #8a4300; background: #fff; color: #8a4300; cursor: pointer; }
.skyrise .sr-pass.next { background: #ffe0b8; }
.skyrise .sr-bar { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
.skyrise details summary { cursor: pointer; font-size: 12px; color: #4a5563; }
.skyrise .sr-ledger { font-size: 12px; margin: 2px 0 0; padding-left: 16px; }
`;

/** Props of a clickable element whose own classes are kept next to the match page's `target next`. */
function hit(name, base, next, onTarget, picked = false) {
  const props = clickable(name, next, onTarget, picked);
  return { ...props, class: `${base} ${props.class}` };
}

function seatName(view, p) {
  return p === view.seat ? "You" : seatLabel(p);
}

// -- small shapes ----------------------------------------------------------------------------------

/** A player's mark (circle, square, triangle, diamond), so owners are told apart without colour. */
function Mark({ seat, x, y, r, fill, stroke }) {
  const kind = SEATS[seat % SEATS.length].mark;
  const props = { fill, stroke: stroke || "none", "stroke-width": 2 };
  if (kind === "circle") return html`<circle cx=${x} cy=${y} r=${r} ...${props} />`;
  if (kind === "square") return html`<rect x=${x - r * 0.85} y=${y - r * 0.85} width=${r * 1.7} height=${r * 1.7} ...${props} />`;
  if (kind === "triangle") {
    return html`<polygon points=${`${x},${y - r} ${x + r},${y + r * 0.8} ${x - r},${y + r * 0.8}`} ...${props} />`;
  }
  return html`<polygon points=${`${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`} ...${props} />`;
}

function SeatBadge({ seat, size = 18 }) {
  const colour = SEATS[seat % SEATS.length].colour;
  return html`<svg width=${size} height=${size} viewBox="0 0 20 20" aria-hidden="true">
    <${Mark} seat=${seat} x=${10} y=${10} r=${8} fill=${colour} stroke="#fff" />
  </svg>`;
}

function polygon(n, x, y, r, turn = 0) {
  const pts = [];
  for (let k = 0; k < n; k++) {
    const a = turn + (2 * Math.PI * k) / n;
    pts.push(`${(x + r * Math.sin(a)).toFixed(1)},${(y - r * Math.cos(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function star(x, y, r) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const a = (Math.PI * k) / 5;
    const rr = k % 2 ? r * 0.48 : r;
    pts.push(`${(x + rr * Math.sin(a)).toFixed(1)},${(y - rr * Math.cos(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** A disc as it lies on a district or a player board: the shape names its kind, the letter its colour. */
function Disc({ disc, x, y, r }) {
  const text = (t, ink) =>
    html`<text x=${x} y=${y + r * 0.36} text-anchor="middle" font-size=${r} font-weight="700" fill=${ink}>${t}</text>`;
  if (DISTRICT[disc]) {
    const c = DISTRICT[disc];
    return html`<g class="sr-disc"><circle cx=${x} cy=${y} r=${r} fill=${c.disc} stroke="#222" stroke-width="2" />
      ${text(c.letter, c.ink)}</g>`;
  }
  if (disc.startsWith("patron")) {
    return html`<g class="sr-disc"><polygon points=${polygon(6, x, y, r * 1.08, Math.PI / 6)} fill="#3a3f8c" stroke="#e7c14b" stroke-width="3" />
      ${text(disc.slice(-1), "#fff")}</g>`;
  }
  if (disc === "wild") {
    return html`<g class="sr-disc"><circle cx=${x} cy=${y} r=${r} fill="#fff" stroke="#222" stroke-width="2" />
      <polygon points=${star(x, y, r * 0.85)} fill="#d9489a" /></g>`;
  }
  return html`<g class="sr-disc"><polygon points=${polygon(4, x, y, r * 1.15)} fill="#e9b949" stroke="#6b4d00" stroke-width="2" />
    ${text("+", "#4d3200")}</g>`;
}

/** A Building (1-3 floors by height) or a Wonder (a dome), in its owner's colour with its bid plate. */
function Piece({ d, x, y, ghost }) {
  const seat = d.owner;
  const colour = SEATS[seat % SEATS.length].colour;
  const bottom = y + 16;
  const body = [];
  if (d.height === "wonder") {
    body.push(html`<rect x=${x - 26} y=${bottom - 10} width="52" height="10" fill=${colour} stroke="#111" stroke-width="2" />`);
    body.push(html`<path d=${`M ${x - 22} ${bottom - 10} A 22 22 0 0 1 ${x + 22} ${bottom - 10} Z`} fill=${colour} stroke="#111" stroke-width="2" />`);
    body.push(html`<line x1=${x} y1=${bottom - 32} x2=${x} y2=${bottom - 44} stroke="#111" stroke-width="3" />`);
    body.push(html`<${Mark} seat=${seat} x=${x} y=${bottom - 19} r=${8} fill="#fff" />`);
  } else {
    const floors = FLOORS[d.height] || 1;
    const top = bottom - floors * 17;
    body.push(html`<rect x=${x - 21} y=${top} width="42" height=${floors * 17} fill=${colour} stroke="#111" stroke-width="2" />`);
    for (let f = 1; f < floors; f++) {
      body.push(html`<line x1=${x - 21} x2=${x + 21} y1=${top + f * 17} y2=${top + f * 17} stroke="#111" stroke-width="1" opacity="0.5" />`);
    }
    body.push(html`<rect x=${x - 25} y=${top - 5} width="50" height="6" fill="#222" />`);
    body.push(html`<${Mark} seat=${seat} x=${x} y=${top + 8.5} r=${8} fill="#fff" />`);
  }
  const plate = d.height === "wonder" ? (d.value ? `W${d.wonder}·${d.value}` : `W${d.wonder}`) : `${d.value}`;
  return html`<g class="sr-piece" opacity=${ghost ? 0.92 : 1}>
    ${body}
    <rect x=${x - 28} y=${bottom + 2} width="56" height="24" rx="6" fill=${ghost ? "#fff6c9" : "#fff"} stroke=${ghost ? "#b58900" : "#333"}
      stroke-width="2" stroke-dasharray=${ghost ? "5 3" : ""} />
    <text x=${x} y=${bottom + 20} text-anchor="middle" font-size="18" font-weight="700" fill="#111">${plate}</text>
  </g>`;
}

function Waterfall({ x, y }) {
  return html`<g class="sr-waterfall" pointer-events="none">
    <rect x=${x} y=${y} width="20" height="18" rx="4" fill="#3d8fd1" />
    ${[4, 9, 14].map(
      (dy) => html`<path d=${`M ${x + 2} ${y + dy} q 4 -3 8 0 t 8 0`} stroke="#fff" stroke-width="1.8" fill="none" />`,
    )}
  </g>`;
}

function Airship({ x, y }) {
  return html`<g class="sr-airship" pointer-events="none">
    <ellipse cx=${x} cy=${y - 4} rx="26" ry="12" fill="#e9edf2" stroke="#4b5563" stroke-width="2" />
    <path d=${`M ${x + 22} ${y - 6} l 10 -8 v 16 z`} fill="#9aa5b3" stroke="#4b5563" stroke-width="1.5" />
    <rect x=${x - 8} y=${y + 7} width="16" height="6" rx="2" fill="#4b5563" />
  </g>`;
}

// -- the map -------------------------------------------------------------------------------------

function layout(view) {
  const cells = {};
  for (const [id, d] of Object.entries(view.districts)) {
    const [gx, gy] = PLACE[d.island](d.row, d.col);
    cells[id] = { ...d, id, gx, gy, cx: (gx + 0.5) * U, cy: (gy + 0.5) * U };
  }
  return cells;
}

function District({ c, next, onTarget, chosen, lead }) {
  const colour = DISTRICT[c.colour];
  const x = c.gx * U;
  const y = c.gy * U;
  const name = `district:${c.id}`;
  const props = hit(name, `sr-cell${chosen ? " sr-chosen" : ""}`, next, onTarget, chosen);
  const title = `${c.id}: ${c.colour} district` + (c.structure ? `, ${c.structure}${c.owner !== null ? ` (${seatLabel(c.owner)})` : ""}` : "") +
    (c.disc ? `, ${c.disc} disc` : "") + (c.bridge ? ", bridge end" : "") + (c.waterfall ? ", waterfall" : "");
  return html`<g ...${props}>
    <title>${title}</title>
    <rect class="sr-tile" x=${x + 4} y=${y + 4} width=${U - 8} height=${U - 8} rx="10" fill=${colour.tile} />
    <text x=${x + 11} y=${y + 27} font-size="19" font-weight="700" fill="#262626">${colour.letter}</text>
    <text class="sr-id" x=${x + U - 9} y=${y + 28} font-size=${LABEL} font-weight="700" text-anchor="end" fill="#111">${c.id}</text>
    ${c.waterfall ? html`<${Waterfall} x=${x + 7} y=${y + 42} />` : null}
    ${c.structure
      ? html`<g transform=${`translate(${c.cx} ${c.cy + PIECE_DROP}) scale(${PIECE_SCALE})`}>
          <${Piece} d=${c} x=${0} y=${0} ghost=${c.bid} /></g>`
      : c.disc
        ? html`<${Disc} disc=${c.disc} x=${c.cx} y=${c.cy + 12} r=${20} />`
        : null}
    ${c.structure && c.disc ? html`<${Disc} disc=${c.disc} x=${x + U - 17} y=${y + 48} r=${9} />` : null}
    ${lead
      ? html`<rect x=${x - 2} y=${y - 2} width=${U + 4} height=${U + 4} rx="14" fill="none" stroke="#f0a500" stroke-width="6"
          stroke-dasharray="10 6" pointer-events="none" />`
      : null}
  </g>`;
}

function Islands({ cells, view }) {
  const groups = {};
  for (const c of Object.values(cells)) (groups[c.island] = groups[c.island] || []).push(c);
  const out = [];
  for (const [island, list] of Object.entries(groups)) {
    out.push(html`<g class="sr-island" data-island=${island}>
      ${list.map((c) => html`<rect x=${c.gx * U - 12} y=${c.gy * U - 12} width=${U + 24} height=${U + 24} rx="18" fill="#6f7f90" />`)}
      ${list.map((c) => html`<rect x=${c.gx * U - 8} y=${c.gy * U - 8} width=${U + 16} height=${U + 16} rx="16" fill="#d7dde4" />`)}
    </g>`);
    if (island !== "C") {
      const [gx, gy] = PLACE[island](0, 0);
      const tile = view.islands[island];
      out.push(html`<g class="sr-island-name" pointer-events="none">
        <text x=${(gx + 0.5) * U} y=${(gy + 0.5) * U + 4} text-anchor="middle" font-size="44" font-weight="800" fill="#4f6d8c" opacity="0.8">${island}</text>
        <text x=${(gx + 0.5) * U} y=${(gy + 0.5) * U + 30} text-anchor="middle" font-size="15" fill="#4f6d8c">${SLOT_NAMES[island]} ${tile || ""}</text>
      </g>`);
    }
  }
  return out;
}

function Bridges({ cells, view }) {
  return view.bridges.map(([a, b]) => {
    const p = cells[a];
    const q = cells[b];
    return html`<g class="sr-bridge" pointer-events="none">
      <line x1=${p.cx} y1=${p.cy} x2=${q.cx} y2=${q.cy} stroke="#6b4a2b" stroke-width="40" />
      <line x1=${p.cx} y1=${p.cy} x2=${q.cx} y2=${q.cy} stroke="#b3875a" stroke-width="30" stroke-dasharray="8 5" />
    </g>`;
  });
}

/** The picker over the chosen district: every Building (or Wonder) that may be bid there now. */
function Picker({ view, cell, choices, path, next, onTarget, box }) {
  const options = [];
  for (const ch of choices) {
    const t = ch.target || [];
    if (t.length === 2 && t[0] === path[0] && next.has(t[1])) options.push({ name: t[1], choice: ch });
  }
  if (!options.length) return null;
  options.sort((a, b) => pickOrder(a.name) - pickOrder(b.name));
  const per = Math.min(options.length, 6);
  const size = 86;
  const gap = 8;
  const w = per * size + (per - 1) * gap + 24;
  const rows = Math.ceil(options.length / per);
  const h = rows * (size + gap) + 34;
  let x = Math.min(Math.max(cell.cx - w / 2, box.x + 4), box.x + box.w - w - 4);
  let y = cell.cy + U / 2 + 8;
  if (y + h > box.y + box.h - 4) y = cell.cy - U / 2 - 8 - h;
  if (y < box.y + 4) y = box.y + 4;
  return html`<g class="sr-picker">
    <rect x=${x + 4} y=${y + 5} width=${w} height=${h} rx="12" fill="#000" opacity="0.25" pointer-events="none" />
    <rect x=${x} y=${y} width=${w} height=${h} rx="12" fill="#ffffff" stroke="#0b4fa8" stroke-width="3" />
    <text x=${x + 12} y=${y + 22} font-size="16" font-weight="700" fill="#0b4fa8">Bid on ${cell.id} (${cell.colour})</text>
    ${options.map((o, k) => {
      const bx = x + 12 + (k % per) * (size + gap);
      const by = y + 30 + Math.floor(k / per) * (size + gap);
      return html`<${PickButton} view=${view} o=${o} x=${bx} y=${by} size=${size} next=${next} onTarget=${onTarget} />`;
    })}
  </g>`;
}

function pickOrder(name) {
  const [kind, n] = name.split(":");
  return (kind === "wonder" ? 1000 : 0) + Number(n);
}

function PickButton({ view, o, x, y, size, next, onTarget }) {
  const [kind, n] = o.name.split(":");
  const height = kind === "bid" ? view.heights[n] : "wonder";
  const floors = FLOORS[height] || 0;
  return html`<g ...${hit(o.name, "sr-pick", next, onTarget)}>
    <title>${o.choice.label}</title>
    <rect class="sr-pick-box" x=${x} y=${y} width=${size} height=${size} rx="10" />
    ${kind === "bid"
      ? Array.from({ length: floors }, (_, f) =>
          html`<rect x=${x + size / 2 - 10} y=${y + 36 - (f + 1) * 9} width="20" height="8" fill="#55606e" />`)
      : html`<path d=${`M ${x + size / 2 - 14} ${y + 34} A 14 14 0 0 1 ${x + size / 2 + 14} ${y + 34} Z`} fill="#55606e" />`}
    <text x=${x + size / 2} y=${y + 62} text-anchor="middle" font-size="26" font-weight="800" fill="#111">${kind === "bid" ? n : `W${n}`}</text>
    <text x=${x + size / 2} y=${y + 79} text-anchor="middle" font-size="13" fill="#4a5563">${kind === "bid" ? height : "Wonder"}</text>
  </g>`;
}

/** The box around the map's districts, with a margin of sky. */
function mapBox(cells) {
  const all = Object.values(cells);
  const x = Math.min(...all.map((c) => c.gx)) * U - 40;
  const y = Math.min(...all.map((c) => c.gy)) * U - 40;
  const w = (Math.max(...all.map((c) => c.gx)) + 1) * U + 40 - x;
  const h = (Math.max(...all.map((c) => c.gy)) + 1) * U + 40 - y;
  return { x, y, w, h };
}

function IslandMap({ view, cells, box, choices, path, next, onTarget }) {
  const all = Object.values(cells);
  const lead = view.bids.length ? view.bids[view.bids.length - 1][0] : null;
  const chosen = path.length && path[0].startsWith("district:") ? path[0].slice(9) : null;
  const airships = (view.airships || []).map((group) => {
    const ps = group.map((id) => cells[id]);
    return { x: ps.reduce((s, p) => s + p.cx, 0) / ps.length, y: ps.reduce((s, p) => s + p.cy, 0) / ps.length };
  });
  // On a touch screen or a narrow window never smaller than TOUCH pixels a district (the map scrolls
  // sideways instead); else the whole city is scaled to fit (see STYLE).
  return html`<svg class="skyrise-islands" viewBox=${`${box.x} ${box.y} ${box.w} ${box.h}`} role="group"
      style=${`--touch-width: ${Math.round((box.w / U) * TOUCH)}px`}
      aria-label="The islands of the city">
    <defs>
      <linearGradient id="skyrise-sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#bfe3ff" /><stop offset="1" stop-color="#eef8ff" />
      </linearGradient>
    </defs>
    <rect x=${box.x} y=${box.y} width=${box.w} height=${box.h} fill="url(#skyrise-sky)" />
    ${[[0.2, 0.15], [0.78, 0.1], [0.85, 0.88], [0.12, 0.9]].map(
      ([fx, fy]) => html`<g opacity="0.7" pointer-events="none">
        <ellipse cx=${box.x + fx * box.w} cy=${box.y + fy * box.h} rx="70" ry="22" fill="#fff" />
        <ellipse cx=${box.x + fx * box.w + 35} cy=${box.y + fy * box.h - 12} rx="40" ry="20" fill="#fff" /></g>`,
    )}
    <${Bridges} cells=${cells} view=${view} />
    <${Islands} cells=${cells} view=${view} />
    ${all.map(
      (c) => html`<${District} key=${c.id} c=${c} next=${next} onTarget=${onTarget} chosen=${c.id === chosen} lead=${c.id === lead} />`,
    )}
    ${airships.map((a) => html`<${Airship} x=${a.x} y=${a.y} />`)}
    ${chosen ? html`<${Picker} view=${view} cell=${cells[chosen]} choices=${choices} path=${path} next=${next} onTarget=${onTarget} box=${box} />` : null}
  </svg>`;
}

// -- beside the map ------------------------------------------------------------------------------

function inAuction(view) {
  return view.decision === "open the auction" || view.decision.startsWith("outbid");
}

/** The City Keys rule of this match (the ``city_keys`` option), as the terminal table says it. */
function cityKeys(view) {
  const most = { lowest: "least", highest: "most" }[view.city_keys];
  if (most === undefined) return "City Keys: not used.";
  return view.era === 1 ? `City Keys go to the ${most} prestige at the end of Era 1.` : null;
}

function Status({ view, next, onTarget }) {
  const tiles = Object.entries(view.patron_tiles);
  const auction = inAuction(view);
  const keys = cityKeys(view);
  const passLabel = view.decision.startsWith("move") ? "Keep rows as they are" : "Pass";
  return html`<div class="skyrise-panel sr-status">
    <div class="sr-bar">
      <strong>Era ${view.era}</strong>
      ${view.to_act !== null ? html`<span>${seatName(view, view.to_act)} to act: ${view.decision}</span>` : html`<span>Game over</span>`}
      ${next.has("pass")
        ? html`<button type="button" ...${hit("pass", "sr-pass", next, onTarget)}>${passLabel}</button>`
        : null}
    </div>
    ${auction && view.bids.length
      ? html`<div class="sr-line">Bids (the last leads): ${view.bids.map(
          ([d, what], k) => html`<span class="sr-chip" key=${k}>${what} on ${d}</span> `,
        )}${view.passed.length ? html` · out: ${view.passed.map((p) => seatName(view, p)).join(", ")}` : null}</div>`
      : null}
    <div class="sr-line">Patron tiles: ${tiles.map(
      ([letter, v]) => html`<span class="sr-chip" key=${letter}>${letter} ${v === null ? "?" : v}</span> `,
    )}</div>
    ${keys && html`<div class="sr-line sr-keys">${keys}</div>`}
    <div class="sr-line sr-control">${`Island control (each Era's end): ${view.island_control} prestige per island, to the most tall Buildings, then medium, then short`}</div>
    <div class="sr-cards">${view.panoramas.map((id) => {
      const card = (view.cards && view.cards.panoramas[id]) || { name: id, text: id };
      return html`<div key=${id} ...${hit(`panorama:${id}`, "sr-pano", next, onTarget)}>
        <b>Panorama</b> ${card.text}</div>`;
    })}</div>
  </div>`;
}

function Row({ view, p, colour, n, next, onTarget, chosen }) {
  const c = DISTRICT[colour];
  const mine = p === view.seat;
  const name = `row:${colour}`;
  const props = mine ? hit(name, `sr-row${chosen ? " sr-chosen" : ""}`, next, onTarget, chosen) : { class: "sr-row" };
  const values = view.row_values;
  return html`<div ...${props} title=${`${colour} row: ${n} disc${n === 1 ? "" : "s"}, ${values[n]} per Structure on ${colour}`}>
    <span class="sr-row-colour" style=${`background:${c.tile}`}>${c.letter}</span>
    <svg width="92" height="22" viewBox="0 0 92 22" aria-hidden="true">
      ${[0, 1, 2, 3].map((k) =>
        k < n
          ? html`<${Disc} disc=${colour} x=${11 + k * 23} y=${11} r=${9} />`
          : html`<g><circle cx=${11 + k * 23} cy="11" r="9" fill="#fff" stroke="#9aa5b3" stroke-dasharray="3 2" />
              <text x=${11 + k * 23} y="15" text-anchor="middle" font-size="10" fill="#7a8491">${values[k + 1]}</text></g>`,
      )}
    </svg>
    <span class="sr-row-value">×${values[n]}</span>
  </div>`;
}

const GLYPH = { short: "\u2582", medium: "\u2584", tall: "\u2586" };

/** Buildings by bid value, each with a bar as high as the Building (dashed: joins in Era 2). */
function chips(view, values, later) {
  return values.map((v) => {
    const height = view.heights[v];
    return html`<span class=${`sr-chip${later ? " sr-later" : ""}`} key=${v} title=${`${height} ${v}`}>${GLYPH[height]}${v}</span>`;
  });
}

function WonderCard({ view, n, next, onTarget, mine }) {
  const card = view.cards && view.cards.wonders[String(n)];
  if (!card) return html`<div class="sr-card sr-back" title="Hidden Wonder card"></div>`;
  const props = mine ? hit(`card:${n}`, "sr-card", next, onTarget) : { class: "sr-card" };
  return html`<div ...${props}><b>${n} ${card.name}</b><div>${card.text}</div></div>`;
}

function PlayerBoard({ view, p, next, onTarget, path }) {
  const b = view.players_boards[p];
  const seat = SEATS[p % SEATS.length];
  const mine = p === view.seat;
  const items = [];
  for (const [letter, count] of Object.entries(b.patrons)) {
    if (!count) continue;
    const v = view.patron_tiles[letter];
    items.push(`Patron ${letter} ×${count} (${v === null ? "?" : v} each)`);
  }
  if (b.excess) items.push(`${b.excess} excess disc${b.excess === 1 ? "" : "s"} (${view.excess_value} each)`);
  if (b.commissions) items.push(`${b.commissions} Commissions`);
  for (const k of b.keys) items.push(`City Key ${k}`);
  const hand = b.wonder_cards.known;
  const chosenRow = path.length === 1 && path[0].startsWith("row:") ? path[0].slice(4) : null;
  const objective = b.objective && view.cards && view.cards.objectives[b.objective];
  const acting = view.to_act === p;
  const auction = inAuction(view);
  const leading = auction && view.bids.length && view.districts[view.bids[view.bids.length - 1][0]].owner === p;
  return html`<div class=${`skyrise-panel sr-player${acting ? " sr-acting" : ""}`} data-seat=${p}>
    <h3>
      <${SeatBadge} seat=${p} />
      <span>${seatName(view, p)}</span>
      <span class="sr-tag" title="player colour">${seat.name}</span>
      ${acting ? html`<span class="sr-tag sr-hot">to act</span>` : null}
      ${leading ? html`<span class="sr-tag sr-hot">leads the auction</span>` : null}
      ${auction && view.passed.includes(p) ? html`<span class="sr-tag">passed</span>` : null}
      <span class="sr-prestige" title="Prestige">${b.prestige}${b.spare ? html`<small> +${b.spare}</small>` : null}</span>
    </h3>
    <div class="sr-rows">
      ${COLOURS.map(
        (colour) => html`<${Row} key=${colour} view=${view} p=${p} colour=${colour} n=${b.rows[colour]} next=${next}
          onTarget=${onTarget} chosen=${mine && chosenRow === colour} />`,
      )}
    </div>
    <div class="sr-line">Illustration: ${items.length ? items.join(" · ") : "empty"}</div>
    ${b.available.length + b.era2.length
      ? html`<div class="sr-line" title="Buildings by bid value; dashed: they join in Era 2">To build:
          <span class="sr-chips">${chips(view, b.available, false)}${chips(view, b.era2, true)}</span></div>`
      : null}
    ${objective
      ? html`<div class="sr-line">${`Secret Objective ${b.objective}: ${objective.needed} Structures on ${
          objective.colour} (${objective.points} prestige)`}</div>`
      : null}
    ${hand.length
      ? html`<div class="sr-cards">${hand.map((n, k) =>
          html`<${WonderCard} key=${k} view=${view} n=${n} next=${next} onTarget=${onTarget} mine=${mine} />`)}</div>`
      : null}
    ${!view.revealed && b.kept.length
      ? html`<div class="sr-line">Kept for Era 2 (hidden until everyone has chosen):</div>
          <div class="sr-cards">${b.kept.map((n, k) => html`<${WonderCard} key=${k} view=${view} n=${n} />`)}</div>`
      : null}
    ${b.wonders.length
      ? html`<div class="sr-line">Wonders to build:</div>
          <div class="sr-cards">${b.wonders.map((n) => html`<${WonderCard} key=${n} view=${view} n=${n} />`)}</div>`
      : null}
    ${b.score_lines.length
      ? html`<details><summary>Prestige gains (${b.score_lines.length})</summary><ul class="sr-ledger">
          ${b.score_lines.map(([, label, pts], k) => html`<li key=${k}>${label}: ${pts}</li>`)}</ul></details>`
      : null}
  </div>`;
}

/** Which way the map, scrolled sideways, hides more of the city: {left, right}. */
function useHidden(scroller) {
  const [hidden, setHidden] = useState({ left: false, right: false });
  useLayoutEffect(() => {
    const el = scroller.current;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setHidden((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    resized.observe(el.firstElementChild);
    return () => {
      el.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, []);
  return hidden;
}

/** The map's box: as wide as the table allows, and no taller than the window below the page's header
 * (but 35rem at the least), the map's sides kept. Where a district would be too small to read or touch
 * (see STYLE) the map is wider than its box: it starts at its West end, says that it scrolls sideways, with
 * buttons that scroll it, and shades the side that hides more of it. */
function MapView({ box, children }) {
  const scroller = useRef(null);
  const hidden = useHidden(scroller);
  const pan = (e, way) => {
    e.stopPropagation(); // not a click on the table's background: a district being bid on stays chosen
    const el = scroller.current;
    el.scrollBy({ left: way * el.clientWidth * 0.7, behavior: "smooth" });
  };
  return html`<div class="skyrise-map" style=${`--ratio: ${(box.w / box.h).toFixed(4)}`}>
    ${hidden.left || hidden.right
      ? html`<div class="sr-pan">
          <button type="button" aria-label="Scroll the map to the west" disabled=${!hidden.left} onClick=${(e) => pan(e, -1)}>◀</button>
          <span>The city is wider than the screen: swipe sideways or use the arrows</span>
          <button type="button" aria-label="Scroll the map to the east" disabled=${!hidden.right} onClick=${(e) => pan(e, 1)}>▶</button>
        </div>`
      : null}
    <div class="sr-view">
      <div class="sr-scroller" ref=${scroller}>${children}</div>
      ${hidden.left ? html`<div class="sr-more sr-more-left" aria-hidden="true">‹</div>` : null}
      ${hidden.right ? html`<div class="sr-more sr-more-right" aria-hidden="true">›</div>` : null}
    </div>
  </div>`;
}

/** The table: the islands first, as big as the window allows; the auction and the player boards beside
 * them where there is room, else below. */
export function Board({ view, seat, choices = [], path = [], next = new Set(), onTarget = () => {} }) {
  const order = [];
  for (let k = 0; k < view.players; k++) order.push(k);
  if (view.seat !== null && view.seat !== undefined) {
    order.splice(order.indexOf(view.seat), 1);
    order.unshift(view.seat);
  }
  const cells = layout(view);
  const box = mapBox(cells);
  return html`<div class="skyrise">
    <style>${STYLE}</style>
    <${MapView} box=${box}>
      <${IslandMap} view=${view} cells=${cells} box=${box} choices=${choices} path=${path} next=${next} onTarget=${onTarget} />
    <//>
    <div class="skyrise-side">
      <${Status} view=${view} next=${next} onTarget=${onTarget} />
      ${order.map((p) => html`<${PlayerBoard} key=${p} view=${view} p=${p} next=${next} onTarget=${onTarget} path=${path} />`)}
    </div>
  </div>`;
}
