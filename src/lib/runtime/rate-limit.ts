import { isIP, BlockList } from "node:net"
import type { CachingModule } from "./quote-cache"

export type RateDecision = { allowed: boolean; retryAfterSeconds: number }

/**
 * Counts attempts atomically: `add` returns the count after adding `delta`, and throws when the
 * count cannot be kept (a public route then refuses, it never lets the caller through uncounted).
 */
export interface AttemptCounter {
  add(key: string, delta: number, ttlSeconds: number): Promise<number>
}

/** What the counter reads of Medusa's locking module (`Modules.LOCKING`), typed structurally. */
export interface LockingModule {
  execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number; expire?: number }): Promise<T>
}

/**
 * The count in this process, for a store without Medusa's caching module: JavaScript runs the
 * read and the write without a gap, so it is atomic. At most `maxKeys` windows are kept (oldest dropped).
 */
export class MemoryCounter implements AttemptCounter {
  private readonly counts = new Map<string, { n: number; expires: number }>()

  constructor(private readonly maxKeys = 50_000) {}

  async add(key: string, delta: number, ttlSeconds: number) {
    const now = Date.now()
    const hit = this.counts.get(key)
    const n = Math.max(0, (hit && hit.expires > now ? hit.n : 0) + delta)
    this.counts.delete(key)
    if (this.counts.size >= this.maxKeys) this.counts.delete(this.counts.keys().next().value!)
    this.counts.set(key, { n, expires: hit && hit.expires > now ? hit.expires : now + ttlSeconds * 1000 })
    return n
  }
}

/**
 * The count in Medusa's caching module (Redis in production, shared by every instance). The
 * caching module offers get/set/clear and no atomic increment, so the read and the write run
 * under Medusa's locking module on the counter's key (locking-redis or locking-postgres across
 * instances; in-process by default). Any failure of either module is thrown, never a guess.
 */
export class LockedCachingCounter implements AttemptCounter {
  constructor(
    private readonly caching: CachingModule,
    private readonly locking: LockingModule,
    private readonly prefix = "ghn:"
  ) {}

  async add(key: string, delta: number, ttlSeconds: number) {
    const cacheKey = this.prefix + key
    return this.locking.execute(
      `${this.prefix}lock:${key}`,
      async () => {
        const hit = (await this.caching.get({ key: cacheKey })) as { n?: unknown } | null | undefined
        const n = Math.max(0, (typeof hit?.n === "number" ? hit.n : 0) + delta)
        // Tags given, so the module does not compute any from the value.
        await this.caching.set({ key: cacheKey, data: { n }, ttl: Math.max(1, ttlSeconds), tags: [] })
        return n
      },
      // A lock not had within 5 s is a failing store: the caller answers 503.
      { timeout: 5, expire: 5 }
    )
  }
}

type Scope = { resolve<T>(key: string): T; hasRegistration?(key: string): boolean }

const processCounter = new MemoryCounter()

/** The store's counter: Medusa's caching module under its locking module when registered, else this process's. */
export function attemptCounterOf(scope: Scope, keys: { caching: string; locking: string }): AttemptCounter {
  const has = (key: string) => (scope.hasRegistration ? scope.hasRegistration(key) : true)
  let caching: CachingModule | undefined
  try {
    caching = has(keys.caching) ? scope.resolve<CachingModule>(keys.caching) : undefined
  } catch {
    caching = undefined
  }
  if (!caching) return processCounter
  return new LockedCachingCounter(caching, scope.resolve<LockingModule>(keys.locking))
}

const windowOf = (windowSeconds: number, now: number) => Math.floor(now / 1000 / windowSeconds)
const keyOf = (key: string, window: number) => `rate:${key}:${window}`

/** Attempts counted by takeAttempts, to give back (a lookup that found what it asked). */
export type CountedAttempts = { keys: string[]; ttlSeconds: number }

/**
 * Counts one attempt of every key in a fixed window BEFORE the work it guards, and says whether
 * all are within `limit`: 60 simultaneous attempts get counts 1..60, and only `limit` go through.
 * Throws when the counter fails (the caller fails closed).
 */
export async function takeAttempts(
  counter: AttemptCounter,
  keys: string[],
  limit: number,
  windowSeconds: number,
  now = Date.now()
): Promise<RateDecision & { counted: CountedAttempts }> {
  const window = windowOf(windowSeconds, now)
  const windowed = keys.map((key) => keyOf(key, window))
  const counts = await Promise.all(windowed.map((key) => counter.add(key, 1, windowSeconds)))
  const retryAfterSeconds = Math.max(1, (window + 1) * windowSeconds - Math.floor(now / 1000))
  return { allowed: counts.every((n) => n <= limit), retryAfterSeconds, counted: { keys: windowed, ttlSeconds: windowSeconds } }
}

/** Gives back the attempts takeAttempts counted (best effort: a failure leaves them counted). */
export async function giveBack(counter: AttemptCounter, counted: CountedAttempts): Promise<void> {
  await Promise.all(counted.keys.map((key) => counter.add(key, -1, counted.ttlSeconds).catch(() => undefined)))
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, how a dual-stack socket reports it) in its IPv4 form. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped ? mapped[1] : address
}

/** Why a trusted-proxy entry (`10.0.0.0/8`, `2001:db8::/32`, `203.0.113.7`) is not one, or undefined. */
export function trustedProxyIssue(entry: string): string | undefined {
  const [address, prefix, extra] = entry.trim().split("/")
  const family = isIP(plainAddress(address ?? ""))
  if (!family || extra !== undefined) return `"${entry}" is not an IP address or a CIDR range such as 10.0.0.0/8`
  if (prefix === undefined) return undefined
  const bits = Number(prefix)
  const max = family === 4 ? 32 : 128
  if (!/^\d{1,3}$/.test(prefix) || bits > max) return `"${entry}": the prefix length must be 0 to ${max}`
  return undefined
}

/** A matcher of the proxies a store trusts (entries already checked by trustedProxyIssue). */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList()
  for (const entry of entries) {
    const [raw, prefix] = entry.trim().split("/")
    const address = plainAddress(raw)
    const type = isIP(address) === 4 ? "ipv4" : "ipv6"
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return list
}

const matchers = new Map<string, BlockList>()

/**
 * The caller's address for a limit: the connection's own address, and, only while that address
 * is a proxy the store trusts (option `trustedProxies`), the hop before it in X-Forwarded-For,
 * read from the right. Medusa sets Express's `trust proxy` to 1 for every store, so `req.ip` is
 * whatever a client writes in X-Forwarded-For when nothing sits in front: never used here.
 */
export function clientAddressOf(
  req: { socket: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> },
  trustedProxies: readonly string[]
): string {
  let address = plainAddress(req.socket.remoteAddress ?? "unknown")
  if (!trustedProxies.length) return address
  const fingerprint = trustedProxies.join(",")
  let trusted = matchers.get(fingerprint)
  if (!trusted) matchers.set(fingerprint, (trusted = trustedProxyList(trustedProxies)))
  const header = req.headers["x-forwarded-for"]
  const hops = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((hop) => plainAddress(hop.trim()))
    .filter(Boolean)
  const isTrusted = (a: string) => {
    const family = isIP(a)
    return family !== 0 && trusted!.check(a, family === 4 ? "ipv4" : "ipv6")
  }
  while (isTrusted(address) && hops.length) {
    const next = hops.pop()!
    // A hop that is no address was written by the client itself: the last proxy's view stands.
    if (!isIP(next)) break
    address = next
  }
  return address
}
