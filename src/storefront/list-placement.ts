/**
 * Where a combobox's list goes, fixed to the viewport (the kit renders it in a portal on
 * document.body, out of any stacking context of the host's): below its input, or above it when
 * the room below is too small for the list and there is more room above; never taller than the
 * room on its side (the list scrolls within), nor than LIST_MAX_HEIGHT or half the screen's height.
 */

/** The input's box, as getBoundingClientRect gives it (viewport pixels). */
export type ListAnchor = { top: number; bottom: number; left: number; width: number }

/**
 * The layout viewport (innerWidth, innerHeight) and, on a phone whose keyboard is up, the bottom of
 * what is visible of it (visualViewport's offsetTop + height).
 */
export type ListViewport = { width: number; height: number; visibleBottom?: number }

export type ListPlacement = {
  side: "below" | "above"
  left: number
  width: number
  /** CSS `top` when below */
  top: number
  /** CSS `bottom` when above */
  bottom: number
  maxHeight: number
}

/** The tallest a list gets, in CSS pixels (about seven options). */
export const LIST_MAX_HEIGHT = 300
/** Between the input and its list. */
const GAP = 4
/** Kept free between the list and the screen's edge. */
const MARGIN = 8

export function listPlacement(anchor: ListAnchor, contentHeight: number, viewport: ListViewport): ListPlacement {
  const visibleBottom = Math.min(viewport.height, viewport.visibleBottom ?? viewport.height)
  const cap = Math.max(120, Math.min(LIST_MAX_HEIGHT, Math.floor(viewport.height / 2)))
  const roomBelow = Math.max(0, visibleBottom - anchor.bottom - GAP - MARGIN)
  const roomAbove = Math.max(0, anchor.top - GAP - MARGIN)
  const wanted = Math.min(contentHeight > 0 ? contentHeight : cap, cap)
  const side = roomBelow >= wanted || roomBelow >= roomAbove ? "below" : "above"
  // As wide as its input, aligned with it; pulled back onto the screen if the input runs past its right edge.
  const width = Math.min(anchor.width, viewport.width)
  const left = Math.max(0, Math.min(anchor.left, viewport.width - width))
  return {
    side,
    left: Math.round(left),
    width: Math.round(width),
    top: Math.round(anchor.bottom + GAP),
    bottom: Math.round(viewport.height - anchor.top + GAP),
    maxHeight: Math.floor(Math.min(cap, side === "below" ? roomBelow : roomAbove)),
  }
}

/** Two placements alike (no re-render for a scroll that moved nothing). */
export const samePlacement = (a: ListPlacement | undefined, b: ListPlacement) =>
  !!a && a.side === b.side && a.left === b.left && a.width === b.width && a.top === b.top && a.bottom === b.bottom && a.maxHeight === b.maxHeight
