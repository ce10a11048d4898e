/**
 * A GHN account's request budget: a token bucket shared by the calls that can wait (polling, the
 * admin's refreshes and bulk actions), so that they never take the rate a checkout needs. Calls
 * that cannot wait (quotes, Create Order) spend from the same bucket but never wait for it: they
 * come first. GHN publishes no rate limit; a 429 halves the rate and pauses the waiting calls for
 * its Retry-After, and the rate comes back once GHN has been quiet for a while.
 */
export interface RequestBudgetOptions {
  /** Tokens per second (the steady rate of calls that can wait). */
  perSecond: number
  /** Tokens the bucket holds (a short burst). Default: one second's worth. */
  burst?: number
  /** The clock (tests). */
  now?: () => number
}

/** How long the rate stays lowered after GHN's last 429. */
const RECOVER_AFTER_MS = 30_000

/**
 * The most the calls that cannot wait may owe, in seconds of the rate: after a checkout peak the
 * waiting calls resume within this, however long the peak lasted (they get nothing during it).
 */
const MAX_DEBT_SECONDS = 10

export class RequestBudget {
  readonly perSecond: number
  private readonly burst: number
  private readonly now: () => number
  private rate: number
  private tokens: number
  private last: number
  private pausedUntil = 0
  private lastThrottle = -Infinity

  constructor(opts: RequestBudgetOptions) {
    if (!(opts.perSecond > 0)) throw new Error("a request budget needs perSecond > 0")
    this.perSecond = opts.perSecond
    this.burst = Math.max(1, opts.burst ?? Math.ceil(opts.perSecond))
    this.now = opts.now ?? Date.now
    this.rate = opts.perSecond
    this.tokens = this.burst
    this.last = this.now()
  }

  /** The rate now (lowered after a 429). */
  get currentRate(): number {
    return this.rate
  }

  private refill() {
    const now = this.now()
    if (this.rate < this.perSecond && now - this.lastThrottle > RECOVER_AFTER_MS) this.rate = Math.min(this.perSecond, this.rate * 2)
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate)
    this.last = now
  }

  /** A call that cannot wait: it spends a token, or goes into debt the waiting calls pay back. */
  spend(): void {
    this.refill()
    this.tokens = Math.max(this.tokens - 1, -MAX_DEBT_SECONDS * this.perSecond)
  }

  /** How long a call that can wait must wait now before it may go (0: go, with its token taken). */
  reserve(): number {
    this.refill()
    const now = this.now()
    if (now < this.pausedUntil) return this.pausedUntil - now
    if (this.tokens >= 1) {
      this.tokens -= 1
      return 0
    }
    return Math.ceil(((1 - this.tokens) / this.rate) * 1000)
  }

  /** How long to wait before a token is there, leaving it for the call that follows (0: there is one). */
  private untilAvailable(): number {
    this.refill()
    const now = this.now()
    if (now < this.pausedUntil) return this.pausedUntil - now
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rate) * 1000)
  }

  /** Waits for a token (a call that can wait). */
  async take(signal?: AbortSignal): Promise<void> {
    for (let wait = this.reserve(); wait > 0; wait = this.reserve()) await pause(wait, signal)
  }

  /**
   * Waits until a token is there without taking it: for work paced on the budget whose one GHN call
   * cannot wait and spends its own token (a shipping run's Create Order), so it is counted once.
   */
  async available(signal?: AbortSignal): Promise<void> {
    for (let wait = this.untilAvailable(); wait > 0; wait = this.untilAvailable()) await pause(wait, signal)
  }

  /** GHN answered 429: the rate halves (down to an eighth), and waiting calls pause for Retry-After (at least a second). */
  throttled(retryAfterMs?: number): void {
    const now = this.now()
    this.lastThrottle = now
    this.rate = Math.max(this.perSecond / 8, this.rate / 2)
    this.pausedUntil = Math.max(this.pausedUntil, now + Math.max(1000, retryAfterMs ?? 0))
  }
}

/** Waits `ms`, or rejects when `signal` aborts (the budget's waits and the transport's back-off). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener("abort", onAbort, { once: true })
  })
}
