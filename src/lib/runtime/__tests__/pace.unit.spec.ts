import { paced } from "../pace"

describe("paced", () => {
  const fakeClock = () => {
    let now = 1_000
    return { clock: { now: () => now, sleep: async (ms: number) => void (now += ms) }, advance: (ms: number) => void (now += ms), at: () => now }
  }

  it("spreads a batch evenly over the time it is given, in order", async () => {
    const { clock, at } = fakeClock()
    const started: number[] = []
    const out = await paced([1, 2, 3, 4], 2_000, async (n) => (started.push(at() - 1_000), n * 10), clock)
    expect(out).toEqual([10, 20, 30, 40])
    expect(started).toEqual([0, 500, 1_000, 1_500])
  })

  it("does not wait after a slow item, and goes one after the other with no spread", async () => {
    const { clock, advance, at } = fakeClock()
    const started: number[] = []
    await paced(["slow", "a", "b"], 300, async (s) => (started.push(at() - 1_000), s === "slow" && advance(250)), clock)
    // slot 0, 100, 200: "a" is late (250) and goes at once; "b" keeps the pace.
    expect(started).toEqual([0, 250, 250])
    const plain: number[] = []
    await paced([1, 2, 3], 0, async () => void plain.push(at()), clock)
    expect(new Set(plain).size).toBe(1)
  })
})
