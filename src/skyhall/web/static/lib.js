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
