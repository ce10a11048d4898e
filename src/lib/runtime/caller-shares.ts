import { AsyncLocalStorage } from "node:async_hooks"

/**
 * Who a storefront request counts as, for the GHN calls it makes happen: its address group
 * (rate-limit.ts `callerOf`: an IPv4 address, an IPv6 /64), set for the whole request by the
 * plugin's middleware on `/store` routes (src/api/middlewares.ts), read where a GHN call is paid:
 * Medusa's own routes run the provider's quotes deep inside its workflows, where no request is at hand.
 */
const callers = new AsyncLocalStorage<string>()

/** Runs `work` (the rest of a request) as `caller`. */
export function withCaller<T>(caller: string, work: () => T): T {
  return callers.run(caller, work)
}

/** The caller of the request being served, or undefined outside one (a job, a subscriber, an admin route). */
export function currentCaller(): string | undefined {
  return callers.getStore()
}

/**
 * Each caller's share of a budget of GHN calls: a token bucket per caller of `burst` calls
 * refilled at `perSecond`, taken before the shared budget is, so one caller spends at most its
 * share and leaves the rest to everyone else. At most `maxCallers` buckets are kept: a full one
 * (a caller quiet long enough) is the same as none and goes first; past that the fullest go
 * (a share being spent is never the one forgotten), so flooding the table with fresh callers
 * gives nobody's spent share back.
 */
export class CallerShares {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    private readonly maxCallers = 50_000,
    private readonly now: () => number = Date.now
  ) {
    if (!(perSecond > 0) || !(burst >= 1)) throw new Error("a caller's share needs perSecond > 0 and burst >= 1")
  }

  get size(): number {
    return this.buckets.size
  }

  private tokensAt(bucket: { tokens: number; at: number }, now: number) {
    return Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond)
  }

  /** Takes one call of the caller's share: 0, or the milliseconds until it has one (nothing taken). */
  take(caller: string): number {
    const now = this.now()
    let bucket = this.buckets.get(caller)
    if (bucket) {
      bucket.tokens = this.tokensAt(bucket, now)
      bucket.at = now
    } else {
      if (this.buckets.size >= this.maxCallers) this.evict(now)
      bucket = { tokens: this.burst, at: now }
      this.buckets.set(caller, bucket)
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return 0
    }
    return Math.ceil(((1 - bucket.tokens) / this.perSecond) * 1000)
  }

  private evict(now: number) {
    for (const [caller, bucket] of this.buckets) if (this.tokensAt(bucket, now) >= this.burst) this.buckets.delete(caller)
    const keep = Math.floor(this.maxCallers * 0.75)
    if (this.buckets.size <= keep) return
    const fullest = [...this.buckets].sort(([, a], [, b]) => this.tokensAt(b, now) - this.tokensAt(a, now))
    for (let i = 0; i < fullest.length - keep; i++) this.buckets.delete(fullest[i][0])
  }
}
