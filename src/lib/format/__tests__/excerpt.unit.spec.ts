import { EXCERPT_MAX, excerptOf } from "../excerpt"
import { withoutTrailingSlashes } from "../url"

describe("excerptOf: what a message quotes of a caller's text", () => {
  it("keeps a short text whole and cuts a long one to its start, saying how long it was", () => {
    expect(excerptOf("0901 234 567")).toBe("0901 234 567")
    expect(excerptOf("x".repeat(EXCERPT_MAX))).toBe("x".repeat(EXCERPT_MAX))
    expect(excerptOf(" ".repeat(95_000) + "a")).toBe(`${" ".repeat(EXCERPT_MAX)}… (95001 characters)`)
  })

  it("never splits a character written with two code units", () => {
    const text = "x".repeat(EXCERPT_MAX - 1) + "😀".repeat(10)
    const cut = excerptOf(text)
    expect(cut).toBe(`${"x".repeat(EXCERPT_MAX - 1)}… (${text.length} characters)`)
    expect(cut.isWellFormed()).toBe(true)
  })
})

describe("withoutTrailingSlashes", () => {
  it("drops every trailing slash, and only those", () => {
    expect(withoutTrailingSlashes("https://shop.vn//")).toBe("https://shop.vn")
    expect(withoutTrailingSlashes("/api/v2")).toBe("/api/v2")
    expect(withoutTrailingSlashes("///")).toBe("")
    // the former /\/+$/ rescanned a run of slashes from each of its positions: quadratic
    expect(withoutTrailingSlashes("/".repeat(100_000) + "x/")).toBe("/".repeat(100_000) + "x")
  })
})
