import { maskPhone, normalizeVnPhone } from "../phone"

describe("the one phone rule", () => {
  it("reads every common way of writing a mobile as one receiver", () => {
    const written = [
      "0987654321",
      "987654321",
      "+84987654321",
      "+84 0987 654 321",
      "+84 (0) 987 654 321",
      "0084 987 654 321",
      "00840987654321",
      "84987654321",
      "840987654321",
      "0987.654.321",
      "098-765-4321",
      "(098) 765 4321",
      "０９８７６５４３２１",
      "＋８４ ９８７ ６５４ ３２１",
      "tel:+84987654321",
      "TEL:0987654321",
      "0987654321 (chị Lan)",
      "0987654321 - Lan, giao giờ hành chính",
      "SĐT: 0987 654 321",
      "0987654321/0912345678",
      "0987654321 / 0912345678",
      "0987654321, 0912345678",
      "0987654321;0912345678",
      "12345 / 0987654321",
      " 0987654321 ",
    ]
    for (const w of written) expect([w, normalizeVnPhone(w)]).toEqual([w, "0987654321"])
  })

  it("keeps a landline's 11 digits and reads it the same with the country code", () => {
    expect(normalizeVnPhone("02438251234")).toBe("02438251234")
    expect(normalizeVnPhone("+84 24 3825 1234")).toBe("02438251234")
    expect(normalizeVnPhone("(024) 3825.1234")).toBe("02438251234")
  })

  it("makes +84 0901… and 0901… the same receiver", () => {
    expect(normalizeVnPhone("+84 0901234567")).toBe(normalizeVnPhone("0901234567"))
    expect(normalizeVnPhone("0084 0901 234 567")).toBe("0901234567")
  })

  it("reads no Vietnamese phone in what is none", () => {
    for (const other of [
      "",
      "   ",
      "abc",
      "tel:",
      "091234",
      "09123456789012",
      "0123456789",
      "0612345678",
      "+1 415 555 0100",
      "+1 415 555 0100x",
      "001 415 555 0100",
      "+33 6 12 34 56 78",
      "0987654321 0912345678",
      "12 / 34",
      null,
      undefined,
    ]) {
      expect([other, normalizeVnPhone(other as string)]).toEqual([other, null])
    }
  })
})

describe("a phone on a printed list", () => {
  it("shows the first and last three digits of its national form, the rest hidden", () => {
    expect(maskPhone("+84 901 234 567")).toBe("090****567")
    expect(maskPhone("02438251234")).toBe("024*****234")
    expect(maskPhone("ext. 12")).toBe("*** 12")
    expect(maskPhone("12")).toBe("***")
    expect(maskPhone(null)).toBe("")
  })
})
