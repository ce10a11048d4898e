/**
 * Callbacks with the right secret that the webhook refused: what is kept of their bodies for the
 * admin, and the once-an-hour log of their reasons. Pure (the GHN module keeps and logs them).
 */

/** The most of a refused body kept, in characters. */
export const REFUSED_BODY_MAX = 2048

const MASK = "••••"

/** A JSON field whose name says it holds a secret, and its text value. */
const SECRET_FIELD = /("(?:[^"]*(?:token|secret|password|otp)[^"]*)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi

/**
 * A refused body as kept: the store's webhook secrets and every secret-named field's value masked
 * over the whole body first, then cut to REFUSED_BODY_MAX, so a secret across the cut is never
 * half kept.
 */
export function keptRefusedBody(body: string, secrets: string[]): string {
  let masked = body
  for (const secret of secrets) if (secret) masked = masked.split(secret).join(MASK)
  return masked.replace(SECRET_FIELD, `$1"${MASK}"`).slice(0, REFUSED_BODY_MAX)
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
