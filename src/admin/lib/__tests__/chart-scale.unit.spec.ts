import { niceCeil, thinnedIndexes, valueDomain } from "../chart-scale"

describe("the Insights charts' scale", () => {
  it("keeps the largest value as the top when the values are of one size", () => {
    expect(valueDomain([3, 5, 4, 6, 2])).toEqual({ top: 10, capped: false })
    expect(valueDomain([0, 0, 0])).toEqual({ top: 1, capped: false })
    expect(valueDomain([120])).toEqual({ top: 200, capped: false })
  })

  it("caps the axis above the quiet days when one day stands far above them, so they stay readable", () => {
    const days = [4, 6, 5, 3, 7, 5, 6, 4, 900, 5]
    const domain = valueDomain(days)
    expect(domain.capped).toBe(true)
    expect(domain.top).toBeLessThanOrEqual(10)
    // A quiet day is at least a quarter of the chart's height.
    expect(4 / domain.top).toBeGreaterThan(0.25)
  })

  it("rounds up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect([0.3, 1, 7, 11, 23, 240, 999, 1001].map(niceCeil)).toEqual([0.5, 1, 10, 20, 25, 250, 1000, 2000])
  })

  it("labels every category that fits, else every n-th with the first and the last", () => {
    expect(thinnedIndexes(4, 100, 60)).toEqual([0, 1, 2, 3])
    expect(thinnedIndexes(30, 20, 38)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 29])
    expect(thinnedIndexes(1, 5, 50)).toEqual([0])
    expect(thinnedIndexes(0, 5, 50)).toEqual([])
  })
})
