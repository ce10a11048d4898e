import { RequestBudget } from "../budget"

describe("a GHN account's request budget", () => {
  it("lets calls that can wait go at the rate, after a burst of one second's worth, and never faster", () => {
    let now = 0
    const budget = new RequestBudget({ perSecond: 5, now: () => now })
    // The burst: five at once.
    for (let i = 0; i < 5; i++) expect(budget.reserve()).toBe(0)
    // Then one every 200 ms: over 10 s of always-waiting callers, at most 5 per second go.
    const sent: number[] = []
    while (now < 10_000) {
      const wait = budget.reserve()
      if (wait === 0) sent.push(now)
      else now += wait
    }
    for (let second = 0; second < 10; second++) expect(sent.filter((t) => t >= second * 1000 && t < (second + 1) * 1000).length).toBeLessThanOrEqual(5)
    expect(sent.length).toBeGreaterThanOrEqual(48)
  })

  it("lets checkout's calls go at once, and makes the waiting calls pay for them", () => {
    let now = 0
    const budget = new RequestBudget({ perSecond: 5, now: () => now })
    for (let i = 0; i < 10; i++) budget.spend()
    // Ten spent out of five: the next waiting call waits for six tokens (1.2 s).
    expect(budget.reserve()).toBe(1200)
    now += 1200
    expect(budget.reserve()).toBe(0)
  })

  it("paces a shipping run's orders at the rate, each order's Create Order its only token", async () => {
    jest.useFakeTimers({ now: 0 })
    try {
      const budget = new RequestBudget({ perSecond: 5, now: () => Date.now() })
      const sent: number[] = []
      let stop = false
      // Four workers, as a run ships four orders at once: wait for a token, then Create Order spends it.
      const worker = async () => {
        while (!stop) {
          await budget.available()
          if (stop) return
          budget.spend()
          sent.push(Date.now())
        }
      }
      const workers = Array.from({ length: 4 }, worker)
      await jest.advanceTimersByTimeAsync(10_000)
      stop = true
      await jest.advanceTimersByTimeAsync(1_000)
      await Promise.all(workers)
      const inTen = sent.filter((t) => t < 10_000)
      // The burst (five), then five a second: an order costs one token (taking one and spending
      // another would halve this to about 27).
      expect(inTen.length).toBeGreaterThanOrEqual(53)
      expect(inTen.length).toBeLessThanOrEqual(56)
      for (let second = 1; second < 10; second++) expect(inTen.filter((t) => t >= second * 1000 && t < (second + 1) * 1000).length).toBeLessThanOrEqual(6)
    } finally {
      jest.useRealTimers()
    }
  })

  it("holds the waiting calls back at most ten seconds after a checkout peak, however long it lasted", () => {
    let now = 0
    const budget = new RequestBudget({ perSecond: 5, now: () => now })
    // A minute of 30 quotes a second: far beyond the rate, and none of them waits.
    for (let i = 0; i < 60 * 30; i++) {
      budget.spend()
      now += 1000 / 30
    }
    // Polling resumes within ten seconds of the peak's end, not after the peak's whole debt.
    const wait = budget.reserve()
    expect(wait).toBeGreaterThan(9_000)
    expect(wait).toBeLessThanOrEqual(10_200)
  })

  it("slows down on GHN's 429: waiting calls pause for Retry-After, the rate halves, then comes back", () => {
    let now = 0
    const budget = new RequestBudget({ perSecond: 8, now: () => now })
    budget.throttled(3000)
    expect(budget.currentRate).toBe(4)
    expect(budget.reserve()).toBe(3000)
    now += 3000
    expect(budget.reserve()).toBe(0)
    budget.throttled() // no Retry-After: at least a second
    expect(budget.currentRate).toBe(2)
    expect(budget.reserve()).toBe(1000)
    // GHN quiet for 30 s: the rate doubles back, up to the configured one.
    now += 31_000
    budget.reserve()
    now += 1
    budget.reserve()
    expect(budget.currentRate).toBe(8)
  })
})
