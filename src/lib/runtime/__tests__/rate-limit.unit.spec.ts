import { clientAddressOf, giveBack, LockedCachingCounter, MemoryCounter, takeAttempts, trustedProxyIssue, type LockingModule } from "../rate-limit"
import { OutageHolds } from "../outage-fallback"

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

describe("takeAttempts", () => {
  const at = 1_000_000_000_000

  it.each([
    ["in the process", () => new MemoryCounter()],
    ["in Medusa's caching module, under its locking module", () => new LockedCachingCounter(slowCaching(), inProcessLocking())],
  ])("counts 60 simultaneous attempts one by one before the work (%s): only the limit goes through", async (_where, make) => {
    const counter = make()
    const decisions = await Promise.all(Array.from({ length: 60 }, () => takeAttempts(counter, ["addr:198.51.100.7"], 10, 600, at)))
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10)
    expect(decisions.every((d) => d.retryAfterSeconds > 0 && d.retryAfterSeconds <= 600)).toBe(true)
    // The next window starts afresh.
    expect((await takeAttempts(counter, ["addr:198.51.100.7"], 10, 600, at + 600_000)).allowed).toBe(true)
  })

  it("limits on every key: one over its limit refuses the attempt", async () => {
    const counter = new MemoryCounter()
    for (let i = 0; i < 3; i++) await takeAttempts(counter, [`addr:${i}`, "order:42"], 3, 600, at)
    expect((await takeAttempts(counter, ["addr:fresh", "order:42"], 3, 600, at)).allowed).toBe(false)
    expect((await takeAttempts(counter, ["addr:fresh", "order:43"], 3, 600, at)).allowed).toBe(true)
  })

  it("gives an attempt back (a lookup that found its order)", async () => {
    const counter = new MemoryCounter()
    for (let i = 0; i < 20; i++) {
      const decision = await takeAttempts(counter, ["addr:a"], 3, 600, at)
      expect(decision.allowed).toBe(true)
      await giveBack(counter, decision.counted)
    }
  })

  it("throws when the count cannot be kept (the route answers 503)", async () => {
    const caching = slowCaching()
    caching.broken = true
    await expect(takeAttempts(new LockedCachingCounter(caching, inProcessLocking()), ["addr:a"], 3, 600, at)).rejects.toThrow(/ECONNREFUSED/)
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
