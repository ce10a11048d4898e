import { addressGroupOf, callerOf, clientAddressOf, HOT_TRIES, isPrivateAddress, shareCallerOf, LockedCachingCounter, MemoryCounter, openLookup, settleLookup, trustedProxyIssue, type AttemptCounter, type LockingModule } from "../rate-limit"
import { OutageHolds } from "../outage-fallback"

// Thousands of lookups a test: no clock decides them, and a loaded machine may take more than jest's 5 s.
jest.setTimeout(60_000)

/** Medusa's caching module as it behaves: async get and set, no increment. */
function slowCaching() {
  const values = new Map<string, object>()
  const pause = () => new Promise((r) => setTimeout(r, Math.random() * 3))
  return {
    values,
    broken: false,
    async get({ key }: { key: string }) {
      await pause()
      if (this.broken) throw new Error("ECONNREFUSED 127.0.0.1:6379")
      return values.get(key) ?? null
    },
    async set({ key, data }: { key: string; data: object }) {
      await pause()
      values.set(key, data)
    },
    async clear({ key }: { key: string }) {
      values.delete(key)
    },
  }
}

/** Medusa's in-process locking provider, reduced: one job per key at a time. */
function inProcessLocking(): LockingModule {
  const tails = new Map<string, Promise<unknown>>()
  return {
    async execute<T>(keys: string | string[], job: () => Promise<T>) {
      const key = String(keys)
      const before = tails.get(key) ?? Promise.resolve()
      const run = before.then(job, job)
      tails.set(key, run.catch(() => undefined))
      return run
    },
  }
}

describe("openLookup", () => {
  const at = 1_000_000_000_000
  const LIMIT = 10
  const WINDOW = 600
  const lookup = (counter: AttemptCounter, caller: string, targets: string[], now = at) => openLookup(counter, { caller, targets }, LIMIT, WINDOW, now)
  /** A lookup run to its end: opened, then settled as found or not; its outcome as the route answers it. */
  async function ask(counter: AttemptCounter, caller: string, targets: string[], found: boolean, now = at): Promise<200 | 404 | 429> {
    const gate = await lookup(counter, caller, targets, now)
    if (!gate.allowed) return 429
    await settleLookup(counter, gate, found)
    return found ? 200 : 404
  }
  const tally = (answers: number[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a]: (n[a] ?? 0) + 1 }), {})

  it.each([
    ["in the process", () => new MemoryCounter()],
    ["in Medusa's caching module, under its locking module", () => new LockedCachingCounter(slowCaching(), inProcessLocking())],
  ])("counts 60 simultaneous misses of one caller before looking (%s): only the limit is looked up", async (_where, make) => {
    const counter = make()
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => ask(counter, "addr:198.51.100.7", [`order:${i}`], false)))
    expect(tally(answers)).toEqual({ 404: 10, 429: 50 })
    // The refused ones took nothing from the orders they named.
    expect(await counter.peek(`rate:order:59:${Math.floor(at / 1000 / WINDOW)}`)).toBe(0)
    const refused = await lookup(counter, "addr:198.51.100.7", ["order:1"])
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) })
    expect(!refused.allowed && refused.retryAfterSeconds > 0 && refused.retryAfterSeconds <= WINDOW).toBe(true)
    // The next window starts afresh.
    expect(await ask(counter, "addr:198.51.100.7", ["order:1"], false, at + WINDOW * 1000)).toBe(404)
  })

  it("counts only misses: lookups that find what they asked give everything back", async () => {
    const counter = new MemoryCounter()
    for (let i = 0; i < 50; i++) expect(await ask(counter, "addr:a", ["email:x", "order:42"], true)).toBe(200)
    for (let i = 0; i < 10; i++) expect(await ask(counter, "addr:a", ["email:x", `order:${i}`], false)).toBe(404)
    expect(await ask(counter, "addr:a", ["email:x", "order:42"], true)).toBe(429)
  })

  it.each([11, 1000])("lets the owner's right pair through after %i misses naming their order from other callers", async (misses) => {
    const counter = new MemoryCounter()
    for (let i = 0; i < misses; i++) await ask(counter, `addr:guesser-${i}`, [`email:junk-${i}`, "order:42"], false)
    // From a fresh address, and from one that already missed nine times.
    expect(await ask(counter, "addr:owner", ["email:owner", "order:42"], true)).toBe(200)
    for (let i = 0; i < 9; i++) await ask(counter, "addr:typo", ["email:owner", `order:${100 + i}`], false)
    expect(await ask(counter, "addr:typo", ["email:owner", "order:42"], true)).toBe(200)
    // Again and again: the page refreshing.
    for (let i = 0; i < 20; i++) expect(await ask(counter, "addr:owner", ["email:owner", "order:42"], true)).toBe(200)
  })

  it("past the limit of misses naming an order (or an email), a miss naming it spends a third of the caller's allowance", async () => {
    expect(HOT_TRIES).toBe(3)
    const counter = new MemoryCounter()
    for (let i = 0; i < 10; i++) expect(await ask(counter, `addr:${i}`, [`email:${i}`, "order:42"], false)).toBe(404)
    // The order is hot: three tries per caller, then nothing this window, on any order.
    const late = []
    for (let i = 0; i < 4; i++) late.push(await ask(counter, "addr:late", [`email:late${i}`, "order:42"], false))
    expect(late).toEqual([404, 404, 404, 429])
    expect(await ask(counter, "addr:late", ["email:late9", "order:7"], false)).toBe(429)
    // Two typos on the hot order, then the right pair: found, again and again.
    for (let i = 0; i < 2; i++) expect(await ask(counter, "addr:typo", [`email:typo${i}`, "order:42"], false)).toBe(404)
    for (let i = 0; i < 5; i++) expect(await ask(counter, "addr:typo", ["email:owner", "order:42"], true)).toBe(200)
    // A caller with no miss left gets none.
    for (let i = 0; i < 10; i++) await ask(counter, "addr:spent", [`email:s${i}`, `order:${200 + i}`], false)
    expect(await ask(counter, "addr:spent", ["email:owner", "order:42"], true)).toBe(429)
    // The same by email: ten numbers guessed for one email.
    for (let i = 0; i < 10; i++) await ask(counter, `addr:e${i}`, ["email:victim", `order:${300 + i}`], false)
    const byEmail = []
    for (let i = 0; i < 4; i++) byEmail.push(await ask(counter, "addr:e-late", ["email:victim", `order:${400 + i}`], false))
    expect(byEmail).toEqual([404, 404, 404, 429])
  })

  it("holds a simultaneous burst from many callers on one order to the limit plus three tries per caller", async () => {
    const counter = new MemoryCounter()
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, caller) => Array.from({ length: 10 }, (_, i) => ask(counter, `addr:bot-${caller}`, [`email:${caller}-${i}`, "order:42"], false))).flat()
    )
    expect(tally(answers)[404]).toBeLessThanOrEqual(10 + 30 * HOT_TRIES)
    expect(await ask(counter, "addr:owner", ["email:owner", "order:42"], true)).toBe(200)
  })

  it("throws when the count cannot be kept (the route answers 503)", async () => {
    const caching = slowCaching()
    caching.broken = true
    await expect(lookup(new LockedCachingCounter(caching, inProcessLocking()), "addr:a", ["order:1"])).rejects.toThrow(/ECONNREFUSED/)
  })
})

describe("MemoryCounter", () => {
  it("keeps at most its size, dropping ended windows, then the lowest counts: a flood of fresh keys never resets a higher count", async () => {
    let now = 0
    const counter = new MemoryCounter(100, () => now)
    await counter.add("guesser", 10, 600)
    await counter.add("hot-order", 25, 600)
    await counter.add("old-window", 30, 60)
    now = 61_000
    for (let i = 0; i < 5_000; i++) await counter.add(`junk-${i}`, 1, 600)
    expect(counter.size).toBeLessThanOrEqual(100)
    expect(await counter.peek("guesser")).toBe(10)
    expect(await counter.peek("hot-order")).toBe(25)
    expect(await counter.peek("old-window")).toBe(0)
  })

  it("drops a count given back to 0, and peeks without creating", async () => {
    const counter = new MemoryCounter(10)
    expect(await counter.peek("a")).toBe(0)
    expect(counter.size).toBe(0)
    await counter.add("a", 3, 600)
    await counter.add("a", -3, 600)
    expect(counter.size).toBe(0)
    expect(await counter.add("b", -1, 600)).toBe(0)
    expect(counter.size).toBe(0)
  })
})

describe("addressGroupOf", () => {
  it("groups IPv6 callers by /64 and keeps IPv4 addresses whole", () => {
    expect(addressGroupOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64")
    expect(addressGroupOf("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64")
    expect(addressGroupOf("2001:db8::1")).toBe("2001:db8:0:0::/64")
    expect(addressGroupOf("2001:db8:1:2::")).toBe("2001:db8:1:2::/64")
    expect(addressGroupOf("::1")).toBe("0:0:0:0::/64")
    expect(addressGroupOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64")
    expect(addressGroupOf("::ffff:203.0.113.9")).toBe("203.0.113.9")
    expect(addressGroupOf("64:ff9b::203.0.113.9")).toBe("64:ff9b:0:0::/64")
    expect(addressGroupOf("203.0.113.9")).toBe("203.0.113.9")
    expect(addressGroupOf("unknown")).toBe("unknown")
  })

  it("keeps no share for a private address without trusted proxies (a proxy in front: every shopper at once)", () => {
    const req = (remoteAddress: string, forwarded?: string) => ({ socket: { remoteAddress }, headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded } })
    for (const proxy of ["127.0.0.1", "::1", "10.1.2.3", "172.20.0.5", "192.168.1.10", "::ffff:10.0.0.2", "fd00::5", "100.64.3.4"]) {
      expect([proxy, isPrivateAddress(proxy), shareCallerOf(req(proxy, "198.51.100.7"), [])]).toEqual([proxy, true, undefined])
    }
    expect(shareCallerOf(req("203.0.113.9"), [])).toBe("203.0.113.9")
    expect(shareCallerOf(req("2001:db8:5:6::1"), [])).toBe("2001:db8:5:6::/64")
    // Told the topology, the store keeps a share per shopper behind it, and for the proxy's own requests.
    expect(shareCallerOf(req("10.0.0.5", "198.51.100.7"), ["10.0.0.0/8"])).toBe("198.51.100.7")
    expect(shareCallerOf(req("10.0.0.5"), ["10.0.0.0/8"])).toBe("10.0.0.5")
  })

  it("makes one caller of every address of a /64, through the trusted proxies too", () => {
    const req = (remoteAddress: string, forwarded?: string) => ({ socket: { remoteAddress }, headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded } })
    expect(callerOf(req("2001:db8:1:2::a"), [])).toBe(callerOf(req("2001:db8:1:2:ffff::b"), []))
    expect(callerOf(req("2001:db8:1:3::a"), [])).not.toBe(callerOf(req("2001:db8:1:2::a"), []))
    expect(callerOf(req("10.0.0.5", "2001:db8:7:7::99"), ["10.0.0.0/8"])).toBe("2001:db8:7:7::/64")
  })
})

describe("clientAddressOf", () => {
  const req = (remoteAddress: string, forwarded?: string) => ({ socket: { remoteAddress }, headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded } })

  it("keys on the connection's address, whatever X-Forwarded-For says, when no proxy is trusted", () => {
    expect(clientAddressOf(req("::ffff:203.0.113.9", "1.2.3.4"), [])).toBe("203.0.113.9")
    expect(clientAddressOf(req("203.0.113.9", "1.2.3.4"), ["10.0.0.0/8"])).toBe("203.0.113.9")
  })

  it("reads X-Forwarded-For from the right through the trusted proxies only (CDN + load balancer)", () => {
    const trusted = ["10.0.0.0/8", "173.245.48.0/20"]
    // client -> CDN edge 173.245.48.10 -> load balancer 10.0.0.5 -> store
    expect(clientAddressOf(req("10.0.0.5", "198.51.100.20, 173.245.48.10"), trusted)).toBe("198.51.100.20")
    // A client writing its own hops in front: the first untrusted hop from the right stands.
    expect(clientAddressOf(req("10.0.0.5", "6.6.6.6, 198.51.100.20, 173.245.48.10"), trusted)).toBe("198.51.100.20")
    // A trusted proxy passing no header: the proxy's own address.
    expect(clientAddressOf(req("10.0.0.5"), trusted)).toBe("10.0.0.5")
    // Garbage in the header: the last proxy's view.
    expect(clientAddressOf(req("10.0.0.5", "not-an-ip"), trusted)).toBe("10.0.0.5")
    expect(clientAddressOf(req("::1", "2001:db8::7"), ["::1/128"])).toBe("2001:db8::7")
  })

  it("names what is wrong with a trusted-proxy entry", () => {
    expect(trustedProxyIssue("10.0.0.0/8")).toBeUndefined()
    expect(trustedProxyIssue("2001:db8::/32")).toBeUndefined()
    expect(trustedProxyIssue("203.0.113.7")).toBeUndefined()
    expect(trustedProxyIssue("10.0.0.0/33")).toMatch(/0 to 32/)
    expect(trustedProxyIssue("cloudflare")).toMatch(/not an IP address or a CIDR range/)
    expect(trustedProxyIssue("10.0.0.0/8/1")).toMatch(/not an IP address/)
  })
})

describe("OutageHolds", () => {
  it("holds one GHN account, not another, and lets a probe through every few seconds", () => {
    let now = 0
    const holds = new OutageHolds(10, () => now)
    holds.hold("prod|token-a", 30)
    expect(holds.skipsGhn("prod|token-a")).toBe(true)
    expect(holds.skipsGhn("prod|token-b")).toBe(false)
    now = 5_000
    expect(holds.skipsGhn("prod|token-a")).toBe(false) // the probe
    expect(holds.skipsGhn("prod|token-a")).toBe(true)
    now = 31_000
    expect(holds.skipsGhn("prod|token-a")).toBe(false)
    holds.hold("prod|token-a", 0)
    expect(holds.skipsGhn("prod|token-a")).toBe(false)
  })
})
