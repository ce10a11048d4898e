/**
 * Callbacks with the right secret that the webhook refused: what is kept of their bodies for the
 * admin, and the once-an-hour log of their reasons. Pure (the GHN module keeps and logs them).
 */

/** The most of a refused body kept, in characters. */
export const REFUSED_BODY_MAX = 2048

const MASK = "••••"

/** A field name that says its value is a secret. */
const SECRET_NAME = /token|secret|password|otp/i

/** The index of the quote closing the JSON string opened at `open`, or -1 when the text ends first. */
function closingQuote(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++
    else if (text[i] === '"') return i
  }
  return -1
}

/** The index of the first character at or after `from` that is not JSON whitespace. */
function skipSpace(text: string, from: number): number {
  let i = from
  while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++
  return i
}

/**
 * The first `limit` characters of the body with every text value of a field whose name says it
 * holds a secret (`"Token": "…"`) masked. One pass, each character read at most twice, and no
 * further than the kept part needs (a name or a value that crosses the cut is read whole): a regex
 * that looked back for the name from every quote was quadratic on a body of many quotes or a long
 * name. The body need not be valid JSON (it was refused): an unterminated secret value is masked
 * to the end.
 */
function maskSecretFields(body: string, limit: number): string {
  let kept = ""
  let copied = 0
  // The body's text from `copied`, as much of it as the kept part still takes (never a longer copy).
  const rest = () => body.slice(copied, copied + limit - kept.length)
  let at = body.indexOf('"')
  while (at >= 0 && kept.length + (at - copied) < limit) {
    const close = closingQuote(body, at)
    if (close < 0) break
    const colon = skipSpace(body, close + 1)
    const value = body[colon] === ":" ? skipSpace(body, colon + 1) : -1
    if (value >= 0 && body[value] === '"' && SECRET_NAME.test(body.slice(at + 1, close))) {
      if (kept.length + (value - copied) >= limit) break
      const end = closingQuote(body, value)
      kept += body.slice(copied, value) + `"${MASK}"`
      if (end < 0) return kept.slice(0, limit)
      copied = end + 1
      at = body.indexOf('"', copied)
    } else {
      at = body.indexOf('"', close + 1)
    }
  }
  return (kept.length >= limit ? kept : kept + rest()).slice(0, limit)
}

/**
 * A refused body as kept: the store's webhook secrets and every secret-named field's value masked
 * first, then cut to REFUSED_BODY_MAX, so a secret across the cut is never half kept.
 */
export function keptRefusedBody(body: string, secrets: string[]): string {
  let masked = body
  for (const secret of secrets) if (secret) masked = masked.split(secret).join(MASK)
  return maskSecretFields(masked, REFUSED_BODY_MAX)
}

/**
 * When to log a refusal reason: once an hour per reason, saying how many came since. The reasons
 * name fields the sender chose, so at most `maxReasons` are told apart in the process; the rest
 * are counted under "other".
 */
export class RefusalLog {
  private readonly reasons = new Map<string, { loggedAt: number; since: number }>()

  constructor(
    private readonly maxReasons = 50,
    private readonly everyMs = 3600_000
  ) {}

  /** The reason to log now and how many refusals it stands for, or null when it was logged within the hour. */
  note(reason: string, now = Date.now()): { reason: string; count: number } | null {
    // A reason last logged over an hour ago would be logged anyway: its entry is not needed to decide.
    for (const [key, entry] of this.reasons) if (now - entry.loggedAt >= this.everyMs && entry.since === 0) this.reasons.delete(key)
    const key = this.reasons.has(reason) || this.reasons.size < this.maxReasons ? reason : "other"
    const entry = this.reasons.get(key)
    if (entry && now - entry.loggedAt < this.everyMs) {
      entry.since++
      return null
    }
    this.reasons.set(key, { loggedAt: now, since: 0 })
    return { reason: key, count: (entry?.since ?? 0) + 1 }
  }

  /** Reasons told apart now (for tests and health). */
  get size() {
    return this.reasons.size
  }
}
