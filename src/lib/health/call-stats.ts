import type { GhnCallOutcome, GhnCallRecord } from "../ghn"

/** The GHN calls of one account in one minute, of one class and GHN code: what the health view sums. */
export type CallBucket = { minute: Date; account: string; outcome: GhnCallOutcome; code: string; calls: number; total_ms: number }

/**
 * GHN calls counted in memory by minute, account, class and GHN code, until the GHN module keeps
 * them (every few seconds, one statement): a call costs a map update, never a write. Bounded: past
 * `maxBuckets` a new bucket is dropped (a flood of distinct codes cannot grow the process).
 */
export class GhnCallStats {
  private buckets = new Map<string, CallBucket>()
  dropped = 0

  constructor(private readonly maxBuckets = 5_000) {}

  add(account: string, call: Pick<GhnCallRecord, "outcome" | "code" | "startedAt" | "durationMs">): void {
    // A call the caller gave up on says nothing of GHN.
    if (call.outcome === "aborted") return
    const minute = new Date(Math.floor((call.startedAt + call.durationMs) / 60_000) * 60_000)
    const code = call.outcome === "4xx" || call.outcome === "429" || call.outcome === "5xx" ? (call.code ?? "").slice(0, 100) : ""
    const key = `${minute.getTime()}|${account}|${call.outcome}|${code}`
    const bucket = this.buckets.get(key)
    if (bucket) {
      bucket.calls++
      bucket.total_ms += Math.round(call.durationMs)
      return
    }
    if (this.buckets.size >= this.maxBuckets) {
      this.dropped++
      return
    }
    this.buckets.set(key, { minute, account, outcome: call.outcome, code, calls: 1, total_ms: Math.round(call.durationMs) })
  }

  /** The buckets counted since the last drain, emptied. */
  drain(): CallBucket[] {
    const out = [...this.buckets.values()]
    this.buckets = new Map()
    return out
  }
}
