import { isIP, BlockList } from "node:net"
import type { CachingModule } from "./quote-cache"

export type RateDecision = { allowed: boolean; retryAfterSeconds: number }

/**
 * Counts attempts atomically: `add` returns the count after adding `delta`, and throws when the
 * count cannot be kept (a public route then refuses, it never lets the caller through uncounted).
 * `peek` reads a count without creating it (0 when there is none).
 */
export interface AttemptCounter {
  add(key: string, delta: number, ttlSeconds: number): Promise<number>
  peek(key: string): Promise<number>
}

/** What the counter reads of Medusa's locking module (`Modules.LOCKING`), typed structurally. */
export interface LockingModule {
  execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number; expire?: number }): Promise<T>
}

/**
 * The count in this process, for a store without Medusa's caching module: JavaScript runs the
 * read and the write without a gap, so it is atomic. At most `maxKeys` counts are kept. A count
 * back at 0 is dropped (it is the same as none). When the table is full, the windows that ended
 * go first, then the lowest counts (the newest first among equal ones) down to three quarters:
 * a caller filling the table with fresh keys pushes out counts of 1 (its own among them), never a
 * count higher than what it spent on three quarters of the table. Never flushed whole.
 */
export class MemoryCounter implements AttemptCounter {
  private readonly counts = new Map<string, { n: number; expires: number; born: number }>()
  private births = 0

  constructor(
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now
  ) {}

  get size(): number {
    return this.counts.size
  }

  async add(key: string, delta: number, ttlSeconds: number) {
    const now = this.now()
    const hit = this.live(key, now)
    const n = Math.max(0, (hit?.n ?? 0) + delta)
    if (n === 0) {
      this.counts.delete(key)
      return 0
    }
    if (hit) hit.n = n
    else {
      if (this.counts.size >= this.maxKeys) this.evict(now)
      this.counts.set(key, { n, expires: now + ttlSeconds * 1000, born: this.births++ })
    }
    return n
  }

  async peek(key: string) {
    return this.live(key, this.now())?.n ?? 0
  }

  private live(key: string, now: number) {
    const hit = this.counts.get(key)
    if (hit && hit.expires <= now) {
      this.counts.delete(key)
      return undefined
    }
    return hit
  }

  private evict(now: number) {
    for (const [key, entry] of this.counts) if (entry.expires <= now) this.counts.delete(key)
    const keep = Math.floor(this.maxKeys * 0.75)
    if (this.counts.size <= keep) return
    // Sorted once per quarter of the table: the cost of a fresh key stays O(log n) on average.
    const lowest = [...this.counts].sort(([, a], [, b]) => a.n - b.n || b.born - a.born)
    for (let i = 0; i < lowest.length - keep; i++) this.counts.delete(lowest[i][0])
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

  private async read(cacheKey: string): Promise<number> {
    const hit = (await this.caching.get({ key: cacheKey })) as { n?: unknown } | null | undefined
    return typeof hit?.n === "number" ? hit.n : 0
  }

  async add(key: string, delta: number, ttlSeconds: number) {
    const cacheKey = this.prefix + key
    return this.locking.execute(
      `${this.prefix}lock:${key}`,
      async () => {
        const n = Math.max(0, (await this.read(cacheKey)) + delta)
        // Tags given, so the module does not compute any from the value.
        await this.caching.set({ key: cacheKey, data: { n }, ttl: Math.max(1, ttlSeconds), tags: [] })
        return n
      },
      // A lock not had within 5 s is a failing store: the caller answers 503.
      { timeout: 5, expire: 5 }
    )
  }

  /** One read of one key is atomic by itself: no lock. */
  async peek(key: string) {
    return this.read(this.prefix + key)
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

/**
 * A lookup let through by openLookup, to settle once its answer is known: what it counted
 * against the caller and against each target.
 */
export type LookupPass = { allowed: true; caller: string; weight: number; targets: string[]; ttlSeconds: number }
export type LookupGate = LookupPass | (RateDecision & { allowed: false })

/** Lookups naming a hot target a caller may make in a window (each costs that share of its attempts). */
export const HOT_TRIES = 3

/**
 * The guard of a lookup a guesser would repeat (guest tracking: an email and an order number),
 * built so that nobody can lock the right asker out:
 * - the CALLER (its address, IPv6 by /64) has `limit` attempts a window; a lookup that finds what
 *   it asked gives its attempt back, so only misses spend them, and only the caller's own;
 * - each TARGET the lookup names (the order number, the email) counts the lookups naming it that
 *   found nothing (and those in flight). Past `limit`, the target is hot: a lookup naming it costs
 *   the caller a `HOT_TRIES`th of its window's attempts, and goes through only if the caller had
 *   one left. A right pair is found and gives it all back: the owner is never refused by what
 *   others did to the target (only by its own misses: `HOT_TRIES` - 1 on a hot order still let
 *   the right pair in); a guesser gets `HOT_TRIES` tries per address and window on hot targets;
 * - every count is taken BEFORE the lookup, atomically (60 simultaneous misses: only `limit`
 *   are looked up); a refused lookup gives back what it took (it looked at nothing).
 * Throws when the counter fails: the caller answers 503 (fail closed).
 */
export async function openLookup(
  counter: AttemptCounter,
  keys: { caller: string; targets: string[] },
  limit: number,
  windowSeconds: number,
  now = Date.now()
): Promise<LookupGate> {
  const window = windowOf(windowSeconds, now)
  const caller = keyOf(keys.caller, window)
  const targets = keys.targets.map((key) => keyOf(key, window))
  const retryAfterSeconds = Math.max(1, (window + 1) * windowSeconds - Math.floor(now / 1000))
  // A caller already out of attempts is refused without touching the targets' counts.
  if ((await counter.peek(caller)) >= limit) return { allowed: false, retryAfterSeconds }
  const counts = await Promise.all(targets.map((key) => counter.add(key, 1, windowSeconds)))
  const weight = counts.some((n) => n > limit) ? Math.ceil(limit / HOT_TRIES) : 1
  const spent = await counter.add(caller, weight, windowSeconds)
  if (spent - weight < limit) return { allowed: true, caller, weight, targets, ttlSeconds: windowSeconds }
  await settleLookup(counter, { allowed: true, caller, weight, targets, ttlSeconds: windowSeconds }, true)
  return { allowed: false, retryAfterSeconds }
}

/**
 * Settles a lookup openLookup let through: found, everything it counted is given back (best
 * effort: a failure leaves it counted); not found, the counts stay (a miss).
 */
export async function settleLookup(counter: AttemptCounter, pass: LookupPass, found: boolean): Promise<void> {
  if (!found) return
  await Promise.all(
    [counter.add(pass.caller, -pass.weight, pass.ttlSeconds), ...pass.targets.map((key) => counter.add(key, -1, pass.ttlSeconds))].map((p) => p.catch(() => 0))
  )
}

/**
 * The caller a public route limits: its address (see clientAddressOf), an IPv6 address by its
 * /64 network (one subscriber's home or server holds a whole /64: each of its addresses is the
 * same caller).
 */
export function callerOf(
  req: { socket: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> },
  trustedProxies: readonly string[]
): string {
  return addressGroupOf(clientAddressOf(req, trustedProxies))
}

/** Loopback, private, link-local and shared (carrier NAT) ranges: where a reverse proxy, not a shopper, usually connects from. */
const PRIVATE_RANGES = trustedProxyList(["127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "100.64.0.0/10", "::1/128", "fc00::/7", "fe80::/10"])

/** Is this a loopback or private address (not a shopper's on the Internet)? */
export function isPrivateAddress(address: string): boolean {
  const plain = plainAddress(address.split("%")[0])
  const family = isIP(plain)
  return family !== 0 && PRIVATE_RANGES.check(plain, family === 4 ? "ipv4" : "ipv6")
}

/**
 * The caller a share of GHN calls is kept for, or undefined when the request's caller cannot be
 * told apart: a private or loopback address with no `trustedProxies` is a proxy in front of the
 * store, and a share kept for it would be every shopper's at once (checkout throttled store-wide).
 */
export function shareCallerOf(
  req: { socket: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> },
  trustedProxies: readonly string[]
): string | undefined {
  const address = clientAddressOf(req, trustedProxies)
  if (!trustedProxies.length && isPrivateAddress(address)) return undefined
  return addressGroupOf(address)
}

/** An IPv4 address as it is; an IPv6 address as its /64 network (`2001:db8:1:2::/64`); anything else as it is. */
export function addressGroupOf(address: string): string {
  const plain = plainAddress(address.split("%")[0])
  if (isIP(plain) !== 6) return plain
  const [head, tail] = plain.split("::")
  const groups = (part: string | undefined) => (part ? part.split(":") : [])
  const left = groups(head)
  // An embedded IPv4 tail (`::1.2.3.4`) fills two groups; only the first four groups matter here.
  const right = groups(tail).flatMap((g) => (g.includes(".") ? ["0", "0"] : [g]))
  const all = tail === undefined ? left.flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
  return `${all.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`
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
