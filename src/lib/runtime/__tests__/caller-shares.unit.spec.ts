import { CallerShares, currentCaller, withCaller } from "../caller-shares"

describe("CallerShares", () => {
  it("gives each caller its own bucket: one caller spent leaves the others theirs", () => {
    let now = 0
    const shares = new CallerShares(1, 3, 100, () => now)
    expect([shares.take("a"), shares.take("a"), shares.take("a")]).toEqual([0, 0, 0])
    expect(shares.take("a")).toBe(1000)
    expect(shares.take("b")).toBe(0)
    now = 1_000
    expect(shares.take("a")).toBe(0)
    expect(shares.take("a")).toBe(1000)
  })

  it("keeps at most its size: a flood of fresh callers never gives a spent share back", () => {
    let now = 0
    const shares = new CallerShares(0.1, 5, 100, () => now)
    for (let i = 0; i < 5; i++) shares.take("spender")
    expect(shares.take("spender")).toBeGreaterThan(0)
    for (let i = 0; i < 10_000; i++) {
      now += 0.05
      shares.take(`fresh-${i}`)
    }
    expect(shares.size).toBeLessThanOrEqual(100)
    expect(shares.take("spender")).toBeGreaterThan(0)
  })

  it("forgets a caller quiet long enough to be full again first (the same as a new one)", () => {
    let now = 0
    const shares = new CallerShares(1, 2, 4, () => now)
    for (const c of ["a", "b", "c", "d"]) shares.take(c)
    shares.take("d")
    now = 10_000
    shares.take("e")
    expect(shares.size).toBeLessThanOrEqual(4)
  })
})

describe("the request's caller", () => {
  it("follows the request through awaits and timers, and is unset outside one", async () => {
    expect(currentCaller()).toBeUndefined()
    const seen = await withCaller("203.0.113.9", async () => {
      await new Promise((r) => setTimeout(r, 1))
      await Promise.resolve()
      return currentCaller()
    })
    expect(seen).toBe("203.0.113.9")
    expect(currentCaller()).toBeUndefined()
  })
})
