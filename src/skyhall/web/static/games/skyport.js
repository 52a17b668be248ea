// Grand Central Skyport's table (docs/web.md): the Central Skyport's loop of eight spaces, the
// Promenade, every player's skyport and your hand, drawn as SVG from the view JSON.
//
// Target names (skyhall.games.skyport.text.target): hand:ID, pos:N (a lane or station, 1-based),
// gap:K (the place left of position K+1; gap:0 is the left end), tycoon:KIND, space:ID, ship:ID,
// deck:D, promenade:KIND, pass. Every name but the Central Skyport's and the Promenade's is drawn
// in the viewing seat's own skyport only, as only the seat deciding gets choices.
//
// Every colour also carries its letter (B P G R O Y, W for a Wild); seats are told apart by
// number and standee shape.
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { html, clickable, seatLabel } from "/static/lib.js";

const COLOURS = {
  blue: { fill: "#2f6fdb", tint: "#dce8fb", letter: "B", ink: "#fff" },
  purple: { fill: "#8446d6", tint: "#ece2fa", letter: "P", ink: "#fff" },
  green: { fill: "#1d9a4b", tint: "#d9f3e2", letter: "G", ink: "#fff" },
  red: { fill: "#d32f2f", tint: "#fbe0e0", letter: "R", ink: "#fff" },
  orange: { fill: "#ee7a12", tint: "#fde9d6", letter: "O", ink: "#1f1300" },
  yellow: { fill: "#f2c60d", tint: "#fdf5cf", letter: "Y", ink: "#2a2200" },
  wild: { fill: "#5b6470", tint: "#eef0f3", letter: "W", ink: "#fff" },
};
const TYCOON_NAMES = {
  merchant: "Merchant",
  explorer: "Explorer",
  diplomat: "Diplomat",
  inventor: "Inventor",
  supplier: "Supplier",
};
const SPACE_NAMES = { tycoon: "Tycoon", movement: "Movement", station: "Station", set: "Complete set" };
const SEAT_STYLE = [
  { fill: "#1f2937", ink: "#fff", shape: "circle" },
  { fill: "#f8fafc", ink: "#111", shape: "square" },
  { fill: "#8b5a2b", ink: "#fff", shape: "triangle" },
  { fill: "#9ca3af", ink: "#111", shape: "diamond" },
];
const PASS_WORDS = {
  "move a lane after a Wild": "Keep my lanes",
  "use tycoons": "Done with tycoons",
  "move a lane (Movement space)": "Move no lane",
};

// -- small helpers ---------------------------------------------------------------------------

/** Props for a clickable element, `picked` (a click on it takes it back) once it is on the path being
 * built and cannot be clicked again. */
function tgt(ctx, name) {
  const onPath = ctx.path.includes(name);
  const props = clickable(name, ctx.next, ctx.onTarget, onPath && !ctx.next.has(name));
  if (onPath && ctx.next.has(name)) props.class += " picked";
  return props;
}

function colourOf(name) {
  return COLOURS[name] || COLOURS.wild;
}

function span(reach) {
  return reach[0] === reach[1] ? `${reach[0]}` : `${reach[0]}–${reach[1]}`;
}


/** One card in plain words (the tooltip of every card drawn). */
function describe(id, c) {
  if (!c) return id;
  const icons = ["passenger", "navigation", "cargo", "star"]
    .filter((k) => c.icons[k])
    .map((k) => `${c.icons[k]} ${k}`)
    .join(", ");
  const parts = [`${id}`];
  if (c.kind === "airship") parts.push(`${c.colour} airship`);
  if (c.kind === "station") parts.push(`station, ribbons ${c.left} | ${c.right}`);
  if (c.kind === "tycoon") parts.push(TYCOON_NAMES[c.tycoon]);
  parts.push(`walk ${c.movement}`);
  if (icons) parts.push(icons);
  const what = abilityWords(c);
  if (what) parts.push(what);
  return parts.join(" · ");
}

function abilityWords(c) {
  if (c.kind === "airship") {
    if (c.ability === "move") return `moves its new lane ${span(c.reach)}`;
    if (c.ability === "swap") return `swaps its new lane with ${c.swap_colours.join(" or ")}`;
    if (c.ability === "wild") return "joins a lane; rivals may move a lane 1";
    return "";
  }
  if (c.kind === "station") return "hosts one tycoon";
  return {
    merchant: `after ${c.colour} or nav airship, with cargo: move another lane ${span(c.reach)}; 2 per cargo (3+)`,
    explorer: `after ${c.colour} or cargo airship, with nav: move another lane ${span(c.reach)}${
      c.tycoon_swap ? " or swap two" : ""
    }; 2 per nav (3+)`,
    diplomat: "walk up to 2 more with passengers; 2 per passenger (3+)",
    inventor: "new airships may go beside its station; 2 per icon in lanes beside it",
    supplier: "draws a card when placed; 3 per icon in hand at the end",
  }[c.tycoon];
}

/** Ability in a few symbols for the small cards: ↔1–2, ⇄P/G, ±1. */
function abilityShort(c) {
  if (c.kind === "airship") {
    if (c.ability === "move") return `↔${span(c.reach)}`;
    if (c.ability === "swap") return `⇄${c.swap_colours.map((k) => colourOf(k).letter).join("/")}`;
    if (c.ability === "wild") return "±1";
    return "";
  }
  if (c.tycoon === "merchant" || c.tycoon === "explorer") {
    return `↔${span(c.reach)}${c.tycoon_swap ? " ⇄" : ""}`;
  }
  return { diplomat: "walk +2", inventor: "insert", supplier: "+1 card" }[c.tycoon] || "";
}

function iconCounts(view, seat) {
  const counts = { passenger: 0, navigation: 0, cargo: 0, star: 0 };
  for (const item of view.rows[seat]) {
    const ids = item.lane ? item.cards : [item.station, item.tycoon].filter(Boolean);
    for (const id of ids) {
      const c = view.cards[id];
      if (c) for (const k in counts) counts[k] += c.icons[k];
    }
  }
  return counts;
}

function lanePoints(view, seat) {
  return view.rows[seat].reduce(
    (sum, item, pos) => sum + (item.lane ? item.cards.length * view.lane_stars[seat][pos] : 0),
    0,
  );
}

// -- glyphs ----------------------------------------------------------------------------------

/** The four Skyport icons: passenger (person), navigation (compass), cargo (crate), star. */
function Glyph({ kind, x, y, s = 10 }) {
  const r = s / 2;
  if (kind === "passenger") {
    return html`<g class="skyport-glyph">
      <circle cx=${x} cy=${y - r * 0.45} r=${r * 0.38} fill="#334155" />
      <path d=${`M${x - r * 0.75} ${y + r} a${r * 0.75} ${r * 0.9} 0 0 1 ${r * 1.5} 0 z`} fill="#334155" />
    </g>`;
  }
  if (kind === "navigation") {
    return html`<g class="skyport-glyph">
      <circle cx=${x} cy=${y} r=${r * 0.95} fill="#fff" stroke="#334155" stroke-width="1.2" />
      <path d=${`M${x} ${y - r * 0.8} L${x + r * 0.3} ${y} L${x} ${y + r * 0.8} L${x - r * 0.3} ${y} z`}
        fill="#334155" />
    </g>`;
  }
  if (kind === "cargo") {
    return html`<g class="skyport-glyph">
      <rect x=${x - r * 0.85} y=${y - r * 0.85} width=${r * 1.7} height=${r * 1.7} fill="#a16207"
        stroke="#422006" stroke-width="1" rx="1" />
      <path d=${`M${x - r * 0.85} ${y} H${x + r * 0.85} M${x} ${y - r * 0.85} V${y + r * 0.85}`}
        stroke="#422006" stroke-width="0.9" />
    </g>`;
  }
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r * 1.05;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
  }
  return html`<polygon class="skyport-glyph" points=${pts.join(" ")} fill="#facc15" stroke="#854d0e"
    stroke-width="0.9" />`;
}

/** The card's icons in a row from (x, y), each `s` wide. */
function Icons({ icons, x, y, s = 10, gap = 1 }) {
  const out = [];
  let at = x + s / 2;
  for (const kind of ["passenger", "navigation", "cargo", "star"]) {
    for (let i = 0; i < (icons[kind] || 0); i++) {
      out.push(html`<${Glyph} kind=${kind} x=${at} y=${y} s=${s} />`);
      at += s + gap;
    }
  }
  return out;
}

/** Player Movement: a dark disc with the number and a small arrow. */
function Walk({ value, x, y, r = 8 }) {
  return html`<g class="skyport-walk">
    <circle cx=${x} cy=${y} r=${r} fill="#1e293b" />
    <text x=${x} y=${y + r * 0.42} text-anchor="middle" font-size=${r * 1.25} fill="#fff"
      font-weight="700">${value}</text>
    <path d=${`M${x + r + 1} ${y - 3} l4 3 l-4 3 z`} fill="#1e293b" />
  </g>`;
}

/** A colour's badge: a disc of the colour with its letter. */
function Badge({ colour, x, y, r = 7 }) {
  const c = colourOf(colour);
  return html`<g class="skyport-badge">
    <circle cx=${x} cy=${y} r=${r} fill=${c.fill} stroke="#fff" stroke-width="1.2" />
    <text x=${x} y=${y + r * 0.45} text-anchor="middle" font-size=${r * 1.3} font-weight="800"
      fill=${c.ink}>${c.letter}</text>
  </g>`;
}

/** A seat's standee: its own shape, its number inside. */
function Standee({ seat, x, y, r = 9 }) {
  const st = SEAT_STYLE[seat % 4];
  let shape;
  if (st.shape === "circle") shape = html`<circle cx=${x} cy=${y} r=${r} />`;
  else if (st.shape === "square") shape = html`<rect x=${x - r} y=${y - r} width=${2 * r} height=${2 * r} rx="2" />`;
  else if (st.shape === "triangle") {
    shape = html`<path d=${`M${x} ${y - r * 1.2} L${x + r * 1.15} ${y + r * 0.9} L${x - r * 1.15} ${y + r * 0.9} z`} />`;
  } else shape = html`<path d=${`M${x} ${y - r * 1.2} L${x + r * 1.2} ${y} L${x} ${y + r * 1.2} L${x - r * 1.2} ${y} z`} />`;
  return html`<g class="skyport-standee" fill=${st.fill} stroke="#111" stroke-width="1.3">
    <title>${`${seatLabel(seat)}'s standee`}</title>
    ${shape}
    <text x=${x} y=${y + r * 0.42 + (st.shape === "triangle" ? 2 : 0)} text-anchor="middle"
      font-size=${r * 1.15} font-weight="800" fill=${st.ink} stroke="none">${seat + 1}</text>
  </g>`;
}

// -- cards -----------------------------------------------------------------------------------

/** A whole card face at (x, y), `w` × `h`; `big` adds the ability in words. */
function Card({ id, c, x, y, w = 58, h = 80, big = false }) {
  if (!c) {
    return html`<g><rect x=${x} y=${y} width=${w} height=${h} rx="6" class="skyport-back" /></g>`;
  }
  const body =
    c.kind === "airship"
      ? AirshipFace({ id, c, x, y, w, h, big })
      : c.kind === "station"
        ? StationFace({ id, c, x, y, w, h, big })
        : TycoonFace({ id, c, x, y, w, h, big });
  return html`<g class="skyport-card"><title>${describe(id, c)}</title>${body}</g>`;
}

function Words({ text, x, y, w, size = 8.5, most = 4 }) {
  // Wrap `text` to lines about `w` wide (an average glyph is ~0.52 em).
  const per = Math.max(6, Math.floor(w / (size * 0.52)));
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && (line + " " + word).length > per) {
      lines.push(line);
      line = word;
    } else line = line ? line + " " + word : word;
  }
  if (line) lines.push(line);
  return html`<text x=${x} y=${y} font-size=${size} class="skyport-words">
    ${lines.slice(0, most).map((l, i) => html`<tspan x=${x} dy=${i ? size * 1.15 : 0}>${l}</tspan>`)}
  </text>`;
}

function AirshipFace({ id, c, x, y, w, h, big }) {
  const col = colourOf(c.colour);
  const band = big ? 22 : 17;
  const wild = c.colour === "wild";
  return html`
    <rect x=${x} y=${y} width=${w} height=${h} rx="6" fill=${col.tint} stroke=${col.fill} stroke-width="2" />
    ${
      wild
        ? ["blue", "purple", "green", "red", "orange", "yellow"].map(
            (k, i) => html`<rect x=${x + 1 + (i * (w - 2)) / 6} y=${y + 1} width=${(w - 2) / 6 + 0.5}
              height=${band} fill=${COLOURS[k].fill} />`,
          )
        : html`<rect x=${x + 1} y=${y + 1} width=${w - 2} height=${band} rx="5" fill=${col.fill} />`
    }
    <${Badge} colour=${c.colour} x=${x + band / 2 + 1} y=${y + band / 2 + 1} r=${band / 2 - 2} />
    <text x=${x + w - 4} y=${y + band * 0.72} text-anchor="end" font-size=${big ? 11 : 9} font-weight="700"
      fill=${wild ? "#fff" : col.ink} class=${wild ? "skyport-outline" : ""}>${id}</text>
    <${Icons} icons=${c.icons} x=${x + 4} y=${y + band + (big ? 14 : 12)} s=${big ? 13 : 10} />
    ${big ? html`<${Words} text=${abilityWords(c)} x=${x + 5} y=${y + band + 36} w=${w - 10} />` : null}
    <${Walk} value=${c.movement} x=${x + 11} y=${y + h - 11} r=${big ? 9 : 7.5} />
    <text x=${x + w - 4} y=${y + h - 7} text-anchor="end" font-size=${big ? 11 : 9.5} font-weight="700"
      fill="#1e293b">${abilityShort(c)}</text>
  `;
}

function Ribbon({ colour, x, y, w, h }) {
  const col = colourOf(colour);
  return html`<g>
    <rect x=${x} y=${y} width=${w} height=${h} fill=${col.fill} />
    <text x=${x + w / 2} y=${y + h / 2 + 4} text-anchor="middle" font-size="11" font-weight="800"
      fill=${col.ink}>${col.letter}</text>
  </g>`;
}

function StationFace({ id, c, x, y, w, h, big }) {
  const rb = big ? 16 : 12;
  return html`
    <rect x=${x} y=${y} width=${w} height=${h} rx="6" fill="#f5efe0" stroke="#6b5a3a" stroke-width="2" />
    <${Ribbon} colour=${c.left} x=${x + 1} y=${y + 1} w=${rb} h=${h - 2} />
    <${Ribbon} colour=${c.right} x=${x + w - rb - 1} y=${y + 1} w=${rb} h=${h - 2} />
    <text x=${x + w / 2} y=${y + 14} text-anchor="middle" font-size=${big ? 11 : 9} font-weight="700"
      fill="#3f3422">${id}</text>
    <${Icons} icons=${{ star: c.icons.star }} x=${x + w / 2 - (c.icons.star * 12) / 2} y=${y + 30} s=${12} />
    <path d=${`M${x + rb + 4} ${y + 44} h${w - 2 * rb - 8}`} stroke="#b9a77f" stroke-width="1" />
    ${c.movement ? html`<${Walk} value=${c.movement} x=${x + w / 2 - 3} y=${y + h - 14} r=${7.5} />` : null}
    ${big ? html`<text x=${x + w / 2} y=${y + 58} text-anchor="middle" font-size="8.5">station</text>` : null}
  `;
}

function TycoonFace({ id, c, x, y, w, h, big }) {
  const trigger = c.tycoon === "merchant" || c.tycoon === "explorer";
  return html`
    <rect x=${x} y=${y} width=${w} height=${h} rx="6" fill="#f1ecf7" stroke="#4c3a63" stroke-width="2" />
    <rect x=${x + 1} y=${y + 1} width=${w - 2} height="15" rx="5" fill="#4c3a63" />
    <text x=${x + 4} y=${y + 12} font-size=${big ? 10 : 8.5} font-weight="700" fill="#fff">
      ${TYCOON_NAMES[c.tycoon]}</text>
    ${trigger ? html`<${Badge} colour=${c.colour} x=${x + 10} y=${y + 27} r=${7} />` : null}
    <text x=${x + (trigger ? 20 : 5)} y=${y + 31} font-size="9.5" font-weight="700" fill="#1e293b">
      ${abilityShort(c)}</text>
    <${Icons} icons=${{ star: c.icons.star }} x=${x + w - 14} y=${y + h - 11} s=${11} />
    <${Walk} value=${c.movement} x=${x + 10} y=${y + h - 11} r=${7} />
    ${big ? html`<${Words} text=${abilityWords(c)} x=${x + 5} y=${y + 46} w=${w - 10} size=${8} most=${6} />` : null}
    <text x=${x + w - 4} y=${y + 12} text-anchor="end" font-size="8" fill="#e9defa">${id}</text>
  `;
}

// -- a skyport -------------------------------------------------------------------------------

const GAP = 20;
const COL = 78;
const STRIP = 26;
const LANE_TOP = 22;

const ROW_LEAST = 0.75; // the least scale a row is drawn at on one line: below it, it wraps onto more
const ROW_MOST = 1.1; // the most
const EDGE = 6; // room at either end of a line for the highlight around its first and last position

/** The width of the element `ref` is put on, in CSS pixels, as it changes; null until it is drawn. */
function useWidth() {
  const ref = useRef(null);
  const [width, setWidth] = useState(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    return () => resized.disconnect();
  }, []);
  return [ref, width];
}

/** The row's `n` positions in lines, as few as are drawn at ROW_LEAST or more in `room` pixels, the
 * positions shared out evenly (each line a [first, end) range; the last, never longer than the others,
 * also holds the gap at the right end); and the scale every line is drawn at. The whole row shows,
 * without scrolling sideways. */
function wrap(n, room) {
  const units = (count, last) => count * (GAP + COL) + (last ? GAP : 0) + 2 * EDGE;
  for (let count = 1; ; count++) {
    const fewer = Math.floor(n / count);
    const longer = n % count; // the first lines hold one position more
    const lines = [];
    for (let k = 0, i = 0; k < n || !lines.length; i++) {
      const end = Math.min(n, k + fewer + (i < longer ? 1 : 0));
      lines.push([k, end]);
      k = end;
    }
    const widest = Math.max(...lines.map(([a, b], i) => units(b - a, i === lines.length - 1)));
    if (widest * ROW_LEAST <= room || count >= n) return { lines, scale: Math.min(ROW_MOST, room / widest) };
  }
}

/** How tall a position is drawn: a lane by its cards, a station with its tycoon's place below. */
function itemHeight(item) {
  return item.lane ? LANE_TOP + item.cards.length * (STRIP + 2) + 24 : 176;
}

function Skyport({ view, seat, ctx }) {
  const [box, room] = useWidth();
  const row = view.rows[seat];
  const mine = seat === view.seat && view.to_act === seat;
  const newCard = view.played && view.current === seat && view.phase !== "Arrival" ? view.played : null;
  // Until its width is known (the first draw) the row is one line, scaled to fit.
  const { lines, scale } = room ? wrap(row.length, room) : { lines: [[0, row.length]], scale: null };
  return html`<div class="skyport-lanes" ref=${box} role="group" aria-label=${`${seatLabel(seat)}'s skyport`}>
    ${lines.map(([first, end], i) => {
      const last = i === lines.length - 1;
      const tall = Math.max(120, ...row.slice(first, end).map(itemHeight));
      const parts = [];
      let x = first * (GAP + COL);
      const from = x - EDGE;
      for (let k = first; k < end || (last && k === end); k++) {
        parts.push(GapSlot({ name: `gap:${k}`, x, h: tall, live: mine, ctx }));
        x += GAP;
        if (k === end) break;
        const item = row[k];
        const props = mine ? tgt(ctx, `pos:${k + 1}`) : {};
        parts.push(html`<g ...${props}>
          <rect class="skyport-hl" x=${x - 3} y=${-3} width=${COL + 6} height=${tall + 6} rx="8" />
          ${
            item.lane
              ? LaneColumn({ view, item, stars: view.lane_stars[seat][k], x, newCard })
              : BerthColumn({ view, item, x, ctx: mine ? ctx : null, used: view.tycoons_used, inUse: view.tycoon_in_use })
          }
          <text class="skyport-number" x=${x + COL / 2} y=${tall + 14} text-anchor="middle" font-size="10" fill="#64748b">${k + 1}</text>
        </g>`);
        x += COL;
      }
      const width = x + EDGE - from;
      const size = scale ? `width:${(width * scale).toFixed(1)}px` : `width:100%;max-width:${Math.round(width * ROW_MOST)}px`;
      return html`<svg class="skyport-row" viewBox=${`${from} -6 ${width} ${tall + 28}`} style=${size}>${parts}</svg>`;
    })}
  </div>`;
}

function GapSlot({ name, x, h, live, ctx }) {
  if (!live || !ctx.next.has(name)) return null;
  return html`<g ...${tgt(ctx, name)} class="target next skyport-gap">
    <rect x=${x + 2} y="0" width=${GAP - 4} height=${h} rx="5" />
    <circle cx=${x + GAP / 2} cy=${h / 2} r="11" />
    <text x=${x + GAP / 2} y=${h / 2 + 5} text-anchor="middle" font-size="15" font-weight="800">+</text>
  </g>`;
}

function LaneColumn({ view, item, stars, x, newCard }) {
  const col = colourOf(item.lane);
  const n = item.cards.length;
  const strips = item.cards.map((id, i) => {
    const c = view.cards[id];
    const y = LANE_TOP + 2 + i * (STRIP + 2);
    const wild = c && c.colour === "wild";
    const fresh = id === newCard;
    return html`<g class="skyport-card"><title>${describe(id, c)}</title>
      <rect x=${x} y=${y} width=${COL} height=${STRIP} rx="4" fill=${col.tint}
        stroke=${fresh ? "#0f172a" : col.fill} stroke-width=${fresh ? 2.5 : 1.5} />
      ${wild ? html`<${Badge} colour="wild" x=${x + 9} y=${y + 9} r=${6} />` : null}
      <text x=${x + (wild ? 18 : 4)} y=${y + 11} font-size="9" font-weight="700" fill="#1e293b">${id}</text>
      <${Icons} icons=${c ? c.icons : {}} x=${x + 4} y=${y + 19} s=${8.5} />
      ${c && c.movement ? html`<${Walk} value=${c.movement} x=${x + COL - 14} y=${y + STRIP / 2} r=${6.5} />` : null}
      ${fresh ? html`<g><rect x=${x + COL - 46} y=${y - 5} width="24" height="10" rx="5" fill="#0f172a" />
        <text x=${x + COL - 34} y=${y + 3} font-size="7.5" font-weight="800" text-anchor="middle"
          fill="#fff">NEW</text></g>` : null}
    </g>`;
  });
  const footY = LANE_TOP + 2 + n * (STRIP + 2) + 12;
  return html`<g>
    <rect x=${x} y="0" width=${COL} height=${LANE_TOP - 2} rx="5" fill=${col.fill} />
    <${Badge} colour=${item.lane} x=${x + 10} y=${LANE_TOP / 2 - 1} r=${7} />
    <text x=${x + 21} y=${LANE_TOP / 2 + 3} font-size="10" font-weight="700" fill=${col.ink}>
      ${item.lane[0].toUpperCase() + item.lane.slice(1)}</text>
    ${strips}
    <text x=${x + COL / 2} y=${footY} text-anchor="middle" font-size="10.5" font-weight="700" fill="#1e293b">
      ${`${n}×${stars}★ = ${n * stars}`}</text>
  </g>`;
}

function BerthColumn({ view, item, x, ctx, used, inUse }) {
  const c = view.cards[item.station];
  const ty = 96;
  let tycoon;
  if (item.tycoon) {
    const t = view.cards[item.tycoon];
    const name = `tycoon:${t.tycoon}`;
    const props = ctx ? tgt(ctx, name) : {};
    const spent = used.includes(t.tycoon);
    const active = inUse === t.tycoon;
    tycoon = html`<g ...${props}>
      <rect class="skyport-hl" x=${x - 2} y=${ty - 2} width=${COL + 4} height="78" rx="8" />
      <${Card} id=${item.tycoon} c=${t} x=${x} y=${ty} w=${COL} h=${74} />
      ${spent ? html`<text x=${x + COL / 2} y=${ty + 52} text-anchor="middle" font-size="9" font-weight="700"
        fill="#6b7280">used</text>` : null}
      ${active ? html`<rect x=${x} y=${ty} width=${COL} height="74" rx="6" fill="none" stroke="#0f172a"
        stroke-width="3" />` : null}
    </g>`;
  } else {
    tycoon = html`<g>
      <rect x=${x + 4} y=${ty} width=${COL - 8} height="74" rx="6" fill="none" stroke="#b9a77f"
        stroke-dasharray="4 3" />
      <text x=${x + COL / 2} y=${ty + 40} text-anchor="middle" font-size="9" fill="#8a7a57">no tycoon</text>
    </g>`;
  }
  return html`<g>
    <${Card} id=${item.station} c=${c} x=${x} y=${0} w=${COL} h=${90} />
    ${tycoon}
  </g>`;
}

function SkyportPanel({ view, seat, ctx }) {
  const deciding = view.phase !== "End" && view.to_act === seat;
  const turn = view.current === seat && view.phase !== "End";
  const counts = iconCounts(view, seat);
  const hand = view.hands[seat];
  const owned = view.tokens_owned[seat];
  const at = view.standees[seat];
  const cls = ["skyport-port", deciding ? "skyport-acting" : "", seat === view.seat ? "skyport-mine" : ""];
  const seen = seat === view.seat ? [] : hand.cards;
  return html`<section class=${cls.join(" ")} data-seat=${seat}>
    <header>
      <svg viewBox="-11 -12 22 24" width="20" height="22"><${Standee} seat=${seat} x=${0} y=${0} /></svg>
      <strong>${seatLabel(seat)}${seat === view.seat ? " (you)" : ""}</strong>
      <span class="skyport-muted">City ${view.cities[seat]}</span>
      ${view.first === seat ? html`<span class="skyport-chip" title="First player">1st</span>` : null}
      ${turn ? html`<span class="skyport-chip skyport-turn">turn</span>` : null}
      ${deciding ? html`<span class="skyport-chip skyport-deciding">deciding: ${view.decision}</span>` : null}
      <span class="skyport-stats">
        <svg viewBox="0 -6 64 12" width="64" height="12">
          <${Glyph} kind="passenger" x=${5} y=${0} s=${10} />
          <text x="11" y="4" font-size="10">${counts.passenger}</text>
          <${Glyph} kind="navigation" x=${23} y=${0} s=${10} />
          <text x="29" y="4" font-size="10">${counts.navigation}</text>
          <${Glyph} kind="cargo" x=${41} y=${0} s=${10} />
          <text x="47" y="4" font-size="10">${counts.cargo}</text>
        </svg>
        <span title="What the lanes score now">lanes ${lanePoints(view, seat)} pts</span>
        <span>standee: ${at === null ? "Promenade" : `space ${at}`}</span>
        ${owned.colours !== null ? html`<span class="skyport-chip skyport-token-c">Colours ${owned.colours}</span>` : null}
        ${owned.icons !== null ? html`<span class="skyport-chip skyport-token-i">Icons ${owned.icons}</span>` : null}
        ${
          seat !== view.seat
            ? html`<span>hand: ${hand.size}${seen.length ? ` (seen ${seen.join(", ")})` : ""}</span>`
            : null
        }
      </span>
    </header>
    <${Skyport} view=${view} seat=${seat} ctx=${ctx} />
    ${
      view.phase === "End" && seat !== view.seat && hand.cards.length
        ? html`<div class="skyport-scroll"><h3 class="skyport-revealed">Hand at the end</h3>
            <${CardRow} view=${view} ids=${hand.cards} ctx=${null} scale=${0.75} /></div>`
        : null
    }
  </section>`;
}

// -- the Central Skyport ---------------------------------------------------------------------

const CELL_W = 170;
const CELL_H = 118;
const PAD = 6;
/** Grid cell (column, row) of each space, clockwise from the bottom left, by the Promenade. */
const RING = [
  [0, 2],
  [0, 1],
  [0, 0],
  [1, 0],
  [2, 0],
  [2, 1],
  [2, 2],
  [1, 2],
];

function Central({ view, ctx }) {
  const cells = view.spaces.map((space, i) => SpaceCell({ view, space, i, ctx }));
  const gridW = 3 * CELL_W + 2 * PAD;
  const promY = 3 * CELL_H + 2 * PAD + 10;
  const waiting = view.standees.map((at, seat) => (at === null ? seat : -1)).filter((s) => s >= 0);
  const kinds = Object.keys(view.promenade);
  const stackW = 78;
  const stackGap = (gridW - kinds.length * stackW) / (kinds.length + 1);
  return html`<svg class="skyport-central" viewBox=${`-4 -4 ${gridW + 8} ${promY + 118}`} role="group"
    aria-label="Central Skyport">
    <rect x="-2" y="-2" width=${gridW + 4} height=${3 * CELL_H + 2 * PAD + 4} rx="14" class="skyport-boardbg" />
    ${Ring({ view })}
    ${cells}
    ${Centre({ view, x: CELL_W + PAD, y: CELL_H + PAD })}
    <rect x="-2" y=${promY - 4} width=${gridW + 4} height="114" rx="12" class="skyport-promenade" />
    <text x="8" y=${promY + 10} font-size="11" font-weight="700" fill="#334155">Promenade</text>
    ${waiting.map((seat, i) => html`<${Standee} seat=${seat} x=${120 + i * 22} y=${promY + 6} r=${8} />`)}
    ${kinds.map((kind, i) => {
      const stack = view.promenade[kind];
      const x = stackGap + i * (stackW + stackGap);
      const name = `promenade:${kind}`;
      return html`<g ...${tgt(ctx, name)}>
        <rect class="skyport-hl" x=${x - 3} y=${promY + 17} width=${stackW + 6} height="84" rx="8" />
        ${stack.size > 1 ? html`<rect x=${x + 3} y=${promY + 23} width=${stackW} height="74" rx="6"
          class="skyport-back" />` : null}
        ${
          stack.top
            ? html`<${Card} id=${stack.top} c=${view.cards[stack.top]} x=${x} y=${promY + 20} w=${stackW} h=${74} />`
            : html`<rect x=${x} y=${promY + 20} width=${stackW} height="74" rx="6" class="skyport-empty" />
              <text x=${x + stackW / 2} y=${promY + 60} text-anchor="middle" font-size="9">no ${kind}</text>`
        }
        <text x=${x + stackW / 2} y=${promY + 106} text-anchor="middle" font-size="9.5" fill="#334155">
          ${`${TYCOON_NAMES[kind]} ×${stack.size}`}</text>
      </g>`;
    })}
  </svg>`;
}

/** Arrows between neighbouring spaces, so the clockwise loop reads at a glance. */
function Ring({ view }) {
  const n = view.spaces.length;
  const centre = (i) => {
    const [c, r] = RING[i % RING.length];
    return [c * (CELL_W + PAD) + CELL_W / 2, r * (CELL_H + PAD) + CELL_H / 2];
  };
  const arrows = [];
  for (let i = 0; i < n; i++) {
    const [x1, y1] = centre(i);
    const [x2, y2] = centre((i + 1) % n);
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    const ang = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
    arrows.push(html`<path d="M-6 -6 L5 0 L-6 6 z" transform=${`translate(${mx} ${my}) rotate(${ang})`}
      class="skyport-arrow" />`);
  }
  return arrows;
}

function Centre({ view, x, y }) {
  const left = view.last_turn === null ? null : view.last_turn - view.turn;
  return html`<g>
    <rect x=${x} y=${y} width=${CELL_W} height=${CELL_H} rx="10" class="skyport-centre" />
    <rect x=${x + 12} y=${y + 22} width="44" height="62" rx="5" class="skyport-back" />
    <rect x=${x + 8} y=${y + 18} width="44" height="62" rx="5" class="skyport-back" />
    <text x=${x + 30} y=${y + 54} text-anchor="middle" font-size="15" font-weight="800" fill="#fff">
      ${view.deck_size}</text>
    <text x=${x + 64} y=${y + 28} font-size="10.5" font-weight="700" fill="#1e293b">Airship deck</text>
    <text x=${x + 64} y=${y + 44} font-size="9.5" fill="#334155">${view.deck_size} cards</text>
    <text x=${x + 64} y=${y + 58} font-size="9.5" fill=${view.closing_in_deck ? "#334155" : "#b91c1c"}>
      ${view.closing_in_deck ? "Closing card inside" : "Station closing!"}</text>
    ${
      left !== null && view.phase !== "End"
        ? html`<text x=${x + 64} y=${y + 72} font-size="9.5" font-weight="700" fill="#b91c1c">
            ${left === 0 ? "Last turn" : `${left} more turn${left === 1 ? "" : "s"}`}</text>`
        : null
    }
    <text x=${x + CELL_W / 2} y=${y + CELL_H - 10} text-anchor="middle" font-size="9.5" fill="#475569">
      ${view.phase === "End" ? "Game over" : `Round ${Math.floor(view.turn / view.players) + 1} · ${view.phase}`}
    </text>
  </g>`;
}

function SpaceCell({ view, space, i, ctx }) {
  const [c, r] = RING[i % RING.length];
  const x = c * (CELL_W + PAD);
  const y = r * (CELL_H + PAD);
  const ship = view.board[i];
  const here = view.standees.map((at, seat) => (at === space.id ? seat : -1)).filter((s) => s >= 0);
  const me = view.seat === null ? null : view.standees[view.seat];
  const name = `space:${space.id}`;
  const live = ctx.next.has(name);
  const steps = live && me !== undefined ? stepsTo(view, me, space.id) : null;
  const shipName = `ship:${space.id}`;
  const kind = space.kind === "set" ? `Set: ${space.set}` : SPACE_NAMES[space.kind];
  const current = view.space === space.id && view.phase === "Acquisition";
  return html`<g ...${tgt(ctx, name)}>
    <rect x=${x} y=${y} width=${CELL_W} height=${CELL_H} rx="10"
      class=${`skyport-space skyport-space-${space.kind}${current ? " skyport-here" : ""}`} />
    <rect class="skyport-hl" x=${x - 2} y=${y - 2} width=${CELL_W + 4} height=${CELL_H + 4} rx="12" />
    <circle cx=${x + 12} cy=${y + 12} r="9" fill="#0f172a" />
    <text x=${x + 12} y=${y + 16} text-anchor="middle" font-size="11" font-weight="800" fill="#fff">${space.id}</text>
    <text x=${x + 26} y=${y + 16} font-size="10.5" font-weight="700" fill="#0f172a">${kind}</text>
    ${steps ? html`<text x=${x + CELL_W - 6} y=${y + 16} text-anchor="end" font-size="10" font-weight="800"
      fill="#92400e">walk ${steps}</text>` : null}
    <g ...${tgt(ctx, shipName)}>
      <rect class="skyport-hl" x=${x + 4} y=${y + 24} width="62" height="84" rx="8" />
      ${
        ship
          ? html`<${Card} id=${ship} c=${view.cards[ship]} x=${x + 6} y=${y + 26} w=${58} h=${80} />`
          : html`<rect x=${x + 6} y=${y + 26} width="58" height="80" rx="6" class="skyport-empty" />`
      }
    </g>
    ${SpaceOffer({ view, space, x: x + 72, y: y + 24, ctx })}
    ${here.map((seat, k) => html`<${Standee} seat=${seat} x=${x + CELL_W - 12 - k * 20} y=${y + CELL_H - 13} />`)}
  </g>`;
}

function stepsTo(view, from, id) {
  const ids = view.spaces.map((s) => s.id);
  const start = from === null ? -1 : ids.indexOf(from);
  const n = ids.length;
  return ((ids.indexOf(id) - start + n) % n) || n;
}

/** What a space offers besides its airship: a tycoon, a move, the station deck's top, a token. */
function SpaceOffer({ view, space, x, y, ctx }) {
  if (space.kind === "tycoon") {
    return html`<${Words} text="or a tycoon from the Promenade" x=${x} y=${y + 14} w=${88} size=${9.5} />`;
  }
  if (space.kind === "movement") {
    return html`<${Words} text=${`then move a lane of its colour ${span(space.reach)}`} x=${x} y=${y + 14}
      w=${88} size=${9.5} />`;
  }
  if (space.kind === "station") {
    const deck = view.station_decks[space.deck];
    const name = `deck:${space.deck}`;
    return html`<g ...${tgt(ctx, name)}>
      <rect class="skyport-hl" x=${x - 2} y=${y} width="62" height="70" rx="8" />
      ${deck.size > 1 ? html`<rect x=${x + 3} y=${y + 5} width="56" height="62" rx="6" class="skyport-back" />` : null}
      ${
        deck.top
          ? html`<${Card} id=${deck.top} c=${view.cards[deck.top]} x=${x} y=${y + 2} w=${56} h=${64} />`
          : html`<text x=${x} y=${y + 30} font-size="9.5">deck empty</text>`
      }
      <text x=${x + 62} y=${y + 14} font-size="9" fill="#334155">or</text>
      <text x=${x + 62} y=${y + 26} font-size="9" fill="#334155">×${deck.size}</text>
    </g>`;
  }
  const stack = space.set === "colours" ? view.tokens.colours : view.tokens.icons;
  const what = space.set === "colours" ? "all 6 colours" : "pax, nav, cargo";
  return html`<g>
    <text x=${x} y=${y + 12} font-size="9" fill="#334155">token for</text>
    <text x=${x} y=${y + 23} font-size="9" fill="#334155">${what}</text>
    ${
      stack.length
        ? stack.map(
            (v, k) => html`<g>
              <path d=${hexagon(x + 14 + k * 21, y + 44, k ? 9 : 12)}
                class=${space.set === "colours" ? "skyport-token-c" : "skyport-token-i"} />
              <text x=${x + 14 + k * 21} y=${y + 48} text-anchor="middle" font-size=${k ? 9 : 11}
                font-weight="800" fill="#fff">${v}</text>
            </g>`,
          )
        : html`<text x=${x} y=${y + 46} font-size="9.5">none left</text>`
    }
  </g>`;
}

function hexagon(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join(" L")} z`;
}

// -- the hand and the buttons ----------------------------------------------------------------

function CardRow({ view, ids, ctx, scale = 1.2 }) {
  const w = 96;
  const h = 134;
  return html`<svg class="skyport-hand" viewBox=${`-4 -4 ${ids.length * (w + 10) + 6} ${h + 8}`}
    style=${`max-width:${ids.length * (w + 10) * scale}px`}>
    ${ids.map((id, i) => {
      const name = `hand:${id}`;
      const props = ctx ? tgt(ctx, name) : {};
      const x = i * (w + 10);
      return html`<g ...${props}>
        <rect class="skyport-hl" x=${x - 3} y="-3" width=${w + 6} height=${h + 6} rx="9" />
        <${Card} id=${id} c=${view.cards[id]} x=${x} y=${0} w=${w} h=${h} big=${true} />
      </g>`;
    })}
  </svg>`;
}

function HandPanel({ view, ctx }) {
  if (view.seat === null) return null;
  const hand = view.hands[view.seat].cards;
  const placing = view.to_act === view.seat && view.decision === "place the card" && view.played;
  const pass = ctx.next.has("pass");
  return html`<section class="skyport-handpanel">
    <div class="skyport-handcol">
      <h3>Your hand</h3>
      ${hand.length ? html`<${CardRow} view=${view} ids=${hand} ctx=${ctx} />` : html`<p>(empty)</p>`}
    </div>
    ${
      placing
        ? html`<div class="skyport-handcol"><h3>Placing now</h3>
            <${CardRow} view=${view} ids=${[view.played]} ctx=${null} /></div>`
        : null
    }
    ${
      pass
        ? html`<div class="skyport-handcol"><h3> </h3>
            <button type="button" ...${tgt(ctx, "pass")} class="skyport-pass target next">
              ${PASS_WORDS[view.decision] || "Pass"}</button></div>`
        : null
    }
  </section>`;
}

function Legend() {
  return html`<div class="skyport-legend">
    <svg viewBox="0 -7 545 14" width="545" height="14">
      <${Glyph} kind="passenger" x=${6} y=${0} s=${11} /><text x="14" y="4" font-size="10">passenger</text>
      <${Glyph} kind="navigation" x=${72} y=${0} s=${11} /><text x="80" y="4" font-size="10">navigation</text>
      <${Glyph} kind="cargo" x=${144} y=${0} s=${11} /><text x="152" y="4" font-size="10">cargo</text>
      <${Glyph} kind="star" x=${190} y=${0} s=${11} /><text x="198" y="4" font-size="10">star</text>
      <${Walk} value=${2} x=${232} y=${0} r=${6.5} /><text x="246" y="4" font-size="10">walk</text>
      <text x="282" y="4" font-size="10">↔ move lane · ⇄ swap · B P G R O Y W colours</text>
    </svg>
  </div>`;
}

// -- the table -------------------------------------------------------------------------------

export function Board({ view, seat, choices, path, next, onTarget }) {
  const ctx = { next: next || new Set(), onTarget, path: path || [] };
  const order = [...Array(view.players).keys()];
  const me = view.seat;
  const seats = me === null ? order : [me, ...order.filter((s) => s !== me)];
  return html`<div class="skyport-table">
    <style>${STYLE}</style>
    <div class="skyport-top">
      <div class="skyport-centralwrap"><${Central} view=${view} ctx=${ctx} /><${Legend} /></div>
      <${HandPanel} view=${view} ctx=${ctx} />
    </div>
    <div class="skyport-ports">
      ${seats.map((s) => html`<${SkyportPanel} view=${view} seat=${s} ctx=${ctx} />`)}
    </div>
  </div>`;
}

const STYLE = `
.skyport-table { font-family: system-ui, "DejaVu Sans", sans-serif; color: #0f172a; }
.skyport-table svg text { font-family: system-ui, "DejaVu Sans", sans-serif; }
.skyport-top { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; margin-bottom: 10px; }
.skyport-centralwrap { flex: 1 1 340px; max-width: 540px; min-width: 0; }
.skyport-central { width: 100%; height: auto; display: block; }
.skyport-ports { display: flex; flex-direction: column; gap: 10px; }
.skyport-port { border: 2px solid #cbd5e1; border-radius: 12px; padding: 6px 8px; background: #fbfaf7; }
.skyport-port header { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; font-size: 13px; }
.skyport-port.skyport-acting { border-color: #d97706; box-shadow: 0 0 0 3px #fcd34d99; background: #fffbeb; }
.skyport-port.skyport-mine { background: #f8fbff; }
.skyport-port.skyport-mine.skyport-acting { background: #fffbeb; }
.skyport-stats { display: inline-flex; flex-wrap: wrap; gap: 8px; align-items: center; color: #334155;
  font-size: 12px; margin-left: auto; }
.skyport-muted { color: #64748b; }
.skyport-chip { border-radius: 9px; padding: 1px 7px; font-size: 11px; background: #e2e8f0; }
.skyport-turn { background: #1e293b; color: #fff; }
.skyport-deciding { background: #b45309; color: #fff; font-weight: 700; }
.skyport-chip.skyport-token-c { background: #1d4ed8; color: #fff; }
.skyport-chip.skyport-token-i { background: #b91c1c; color: #fff; }
.skyport-scroll { overflow-x: auto; }
.skyport-lanes { display: flex; flex-direction: column; gap: 6px; }
.skyport-row { height: auto; display: block; }
.skyport-hand { width: 100%; height: auto; display: block; }
.skyport-handpanel { flex: 1 1 220px; display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-start;
  align-content: flex-start; }
.skyport-handcol { flex: 0 1 auto; min-width: 110px; }
.skyport-handcol h3, .skyport-revealed { font-size: 13px; margin: 2px 0 4px; }
.skyport-pass { font-size: 15px; padding: 10px 16px; border-radius: 10px; border: 2px solid #b45309;
  background: #fef3c7; cursor: pointer; font-weight: 700; }
.skyport-pass:hover { background: #fde68a; }
.skyport-legend { font-size: 11px; overflow-x: auto; margin-top: 4px; }
.skyport-boardbg { fill: #e9eef5; }
.skyport-promenade { fill: #efe7f7; }
.skyport-space { fill: #fff; stroke: #94a3b8; stroke-width: 1.5; }
.skyport-space-tycoon { fill: #f6f0fc; }
.skyport-space-movement { fill: #eef7ff; }
.skyport-space-station { fill: #fbf6ea; }
.skyport-space-set { fill: #f3f4f6; }
.skyport-here { stroke: #0f172a; stroke-width: 3; }
.skyport-centre { fill: #dde4ee; stroke: #94a3b8; }
.skyport-arrow { fill: #94a3b8; }
.skyport-back { fill: #334155; stroke: #0f172a; stroke-width: 1.5; }
.skyport-empty { fill: none; stroke: #94a3b8; stroke-dasharray: 4 3; }
path.skyport-token-c { fill: #1d4ed8; stroke: #fff; stroke-width: 1.2; }
path.skyport-token-i { fill: #b91c1c; stroke: #fff; stroke-width: 1.2; }
.skyport-outline { paint-order: stroke; stroke: #111; stroke-width: 2px; }
.skyport-words { fill: #1e293b; }
.skyport-hl { fill: transparent; stroke: none; }
.skyport-table .next { cursor: pointer; }
.skyport-table .next > .skyport-hl { stroke: #f59e0b; stroke-width: 3.5; stroke-dasharray: 7 4;
  animation: skyport-pulse 1.2s ease-in-out infinite; }
.skyport-table .next:hover > .skyport-hl { stroke: #b45309; stroke-dasharray: none; }
.skyport-table .hinted > .skyport-hl { stroke: var(--focus, #1d4ed8); stroke-width: 4; stroke-dasharray: 2 3;
  animation: none; }
.skyport-table .picked > .skyport-hl { stroke: #2563eb; stroke-width: 4; stroke-dasharray: none; animation: none; }
.skyport-gap rect { fill: #fde68acc; stroke: #d97706; stroke-width: 1.5; }
.skyport-gap circle { fill: #d97706; }
.skyport-gap text { fill: #fff; }
.skyport-gap:hover rect { fill: #fbbf24; }
.skyport-table .skyport-gap.hinted rect { stroke: var(--focus, #1d4ed8); stroke-width: 4; stroke-dasharray: 2 3; }
@keyframes skyport-pulse { 50% { stroke-opacity: 0.45; } }
@media (max-width: 600px) { .skyport-stats { margin-left: 0; } }
`;
