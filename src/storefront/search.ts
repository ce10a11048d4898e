import { foldVietnamese, normalizeUnitName } from "../lib/address/address"

/** The most characters a search reads: GHN's longest unit names with their prefixes are about 40. */
export const SEARCH_MAX = 100

/** A unit of a GHN list as the store routes send it. */
export type SearchableUnit = { name: string; aliases?: readonly string[] }

/** Lower case without diacritics ("Hà Nội" -> "ha noi", "Đà" -> "da"): what type-to-search compares. */
export const foldAccents = foldVietnamese

const words = (text: string) => (text ? text.split(" ") : [])

/** Every query word starts a word of the text, in any order ("noi ha" finds "Hà Nội"). */
function wordsStart(query: string[], text: string[]) {
  return query.length > 0 && query.every((q) => text.some((t) => t.startsWith(q)))
}

/**
 * How well one name answers the query, lower is better; undefined when it does not. The unit's
 * own name without its prefix first ("1" finds "Quận 1" before "Quận 10"), then names that start
 * with the query, then words in any order, then anywhere.
 */
function scoreName(name: string, query: { folded: string; core: string }): number | undefined {
  const folded = foldVietnamese(name)
  const core = normalizeUnitName(name)
  if (core === query.core || folded === query.folded) return 0
  if (core.startsWith(query.core) || folded.startsWith(query.folded)) return 1
  if (wordsStart(words(query.folded), words(folded)) || wordsStart(words(query.core), words(core))) return 2
  if (folded.includes(query.folded)) return 3
  return undefined
}

/**
 * The units matching what a shopper typed, best first (list order among equals), accents,
 * case, administrative prefixes ("TP.", "Quận", "P.") and GHN's other names (aliases) folded away.
 * An empty query keeps the whole list in its order.
 */
export function searchUnits<T extends SearchableUnit>(units: readonly T[], typed: string): T[] {
  // No unit's name is near this long: what is typed past it names none (and is not read at all).
  if (typed.length > SEARCH_MAX) return []
  const folded = foldVietnamese(typed)
  if (!folded) return [...units]
  const query = { folded, core: normalizeUnitName(typed) || folded }
  const scored: { unit: T; score: number; index: number }[] = []
  units.forEach((unit, index) => {
    const scores = [unit.name, ...(unit.aliases ?? [])].map((name) => scoreName(name, query)).filter((s): s is number => s !== undefined)
    // An alias match ranks after the same kind of match on the name itself.
    const best = scores.length ? Math.min(scoreName(unit.name, query) ?? Infinity, ...scores.map((s) => s + 0.5)) : undefined
    if (best !== undefined) scored.push({ unit, score: best, index })
  })
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((entry) => entry.unit)
}
