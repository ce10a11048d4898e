import { LIST_MAX_HEIGHT, listPlacement, samePlacement } from "../list-placement"

const input = (top: number, left = 16, width = 358, height = 44) => ({ top, bottom: top + height, left, width })

describe("listPlacement", () => {
  it("puts the list below its input, as wide as it, when there is room", () => {
    const placed = listPlacement(input(100), 200, { width: 390, height: 844 })
    expect(placed).toMatchObject({ side: "below", left: 16, width: 358, top: 148 })
    expect(placed.maxHeight).toBe(LIST_MAX_HEIGHT)
  })

  it("flips it above the input when the room below is too small and there is more above", () => {
    const placed = listPlacement(input(700), 240, { width: 390, height: 844 })
    expect(placed.side).toBe("above")
    expect(placed.bottom).toBe(844 - 700 + 4)
    expect(placed.maxHeight).toBe(LIST_MAX_HEIGHT)
  })

  it("keeps a short list below when it fits, even near the bottom", () => {
    expect(listPlacement(input(700), 80, { width: 390, height: 844 }).side).toBe("below")
  })

  it("never runs past the screen: its height is the room on its side (it scrolls within)", () => {
    const below = listPlacement(input(300), 2000, { width: 390, height: 700 })
    expect(below.side).toBe("below")
    expect(below.top + below.maxHeight).toBeLessThanOrEqual(700)
    const above = listPlacement(input(560), 2000, { width: 390, height: 700 })
    expect(above.side).toBe("above")
    expect(560 - 4 - above.maxHeight).toBeGreaterThanOrEqual(0)
    // A phone's keyboard up: what is visible ends at visibleBottom.
    const keyboard = listPlacement(input(300), 2000, { width: 390, height: 844, visibleBottom: 500 })
    expect(keyboard.side).toBe("above")
    expect(keyboard.maxHeight).toBeLessThanOrEqual(300 - 4 - 8)
  })

  it("caps the list at half a short screen", () => {
    expect(listPlacement(input(10), 2000, { width: 1280, height: 400 }).maxHeight).toBe(200)
  })

  it("pulls a list whose input runs past the right edge back onto the screen", () => {
    expect(listPlacement(input(100, 300, 200), 100, { width: 390, height: 844 })).toMatchObject({ left: 190, width: 200 })
  })

  it("tells placements alike", () => {
    const a = listPlacement(input(100), 200, { width: 390, height: 844 })
    expect(samePlacement(a, { ...a })).toBe(true)
    expect(samePlacement(a, { ...a, top: a.top + 1 })).toBe(false)
    expect(samePlacement(undefined, a)).toBe(false)
  })
})
