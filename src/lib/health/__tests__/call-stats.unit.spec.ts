import { GhnCallStats } from "../call-stats"

const at = Date.parse("2026-11-29T08:00:10Z")

describe("GHN calls counted by minute, account, class and code", () => {
  it("sums calls and their time per bucket, keeps GHN's code only for a failure, skips calls the caller gave up, and drains", () => {
    const stats = new GhnCallStats()
    stats.add("190001", { outcome: "2xx", startedAt: at, durationMs: 100 })
    stats.add("190001", { outcome: "2xx", startedAt: at + 5_000, durationMs: 300 })
    stats.add("190001", { outcome: "4xx", code: "ORDER_INVALID", startedAt: at, durationMs: 50 })
    stats.add("190002", { outcome: "2xx", startedAt: at + 60_000, durationMs: 10 })
    stats.add("190001", { outcome: "aborted", startedAt: at, durationMs: 10 })
    const buckets = stats.drain()
    expect(buckets.map((b) => [b.minute.toISOString(), b.account, b.outcome, b.code, b.calls, b.total_ms])).toEqual([
      ["2026-11-29T08:00:00.000Z", "190001", "2xx", "", 2, 400],
      ["2026-11-29T08:00:00.000Z", "190001", "4xx", "ORDER_INVALID", 1, 50],
      ["2026-11-29T08:01:00.000Z", "190002", "2xx", "", 1, 10],
    ])
    expect(stats.drain()).toEqual([])
  })

  it("drops new buckets past its bound, counting them", () => {
    const stats = new GhnCallStats(2)
    for (const code of ["A", "B", "C", "D"]) stats.add("190001", { outcome: "4xx", code, startedAt: at, durationMs: 1 })
    expect(stats.drain()).toHaveLength(2)
    expect(stats.dropped).toBe(2)
  })
})
