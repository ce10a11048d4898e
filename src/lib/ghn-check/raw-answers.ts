/**
 * GHN's raw answers of a check, for a merchant to attach to a bug report: every secret masked
 * (the API token in every spelling, and the print tokens GHN hands out).
 */
import type { GhnRawAnswer } from "../ghn"

export const MASK = "[MASKED]"

/** Every spelling a token can take in a URL, a form body or a JSON string. */
function spellingsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1)
  const spellings = [secret, encodeURIComponent(secret), encodeURI(secret), new URLSearchParams({ t: secret }).toString().slice(2), json, encodeURIComponent(json)]
  // the longest first, so a spelling that contains another is masked whole
  return [...new Set(spellings)].filter(Boolean).sort((a, b) => b.length - a.length)
}

/**
 * Masks `secrets` in a text (each in every spelling), and the value of any `token` query parameter
 * or JSON field (print tokens: GHN's label pages open with one).
 */
export function maskSecrets(text: string, secrets: string[]): string {
  let out = text
  for (const secret of secrets.filter((s) => s.length > 0)) {
    for (const spelling of spellingsOf(secret)) out = out.split(spelling).join(MASK)
  }
  return out
    .replace(/([?&]token=)[^&#"\s]+/gi, `$1${MASK}`)
    .replace(/("token"\s*:\s*")[^"]*(")/gi, `$1${MASK}$2`)
}

/** One answer as the file keeps it: the body parsed when it is JSON, else its text. */
export type RecordedAnswer = { at: string; operation: string; request: string; status: number; body: unknown }

/** Collects the answers of one check run; `file()` is what the raw-answer file holds. */
export class RawAnswers {
  readonly answers: RecordedAnswer[] = []

  constructor(private readonly secrets: string[]) {}

  /** The client's `onAnswer`. */
  readonly record = (answer: GhnRawAnswer): void => {
    const text = maskSecrets(answer.body, this.secrets)
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: kept as text
    }
    this.answers.push({ at: new Date().toISOString(), operation: answer.operation, request: `${answer.method} ${maskSecrets(answer.path, this.secrets)}`, status: answer.status, body })
  }

  /** The file's JSON text, masked once more as a whole. */
  file(meta: Record<string, unknown>): string {
    return maskSecrets(JSON.stringify({ ...meta, answers: this.answers }, null, 2), this.secrets) + "\n"
  }
}
