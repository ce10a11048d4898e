import { MAX_FILE_NAME, safeFileName } from "../file-name"

describe("safeFileName", () => {
  it.each([
    ["../../etc/passwd.png", "passwd.png"],
    ["..\\..\\windows\\ảnh giao hàng.jpg", "ảnh giao hàng.jpg"],
    ["/abs/path/bien-ban.pdf", "bien-ban.pdf"],
    [".hidden.png", "hidden.png"],
    ["a\u0000b\nc.png", "abc.png"],
    ['what?<>:"|*.png', "what_______.png"],
    ["..", ""],
  ])("%j -> %j", (input, expected) => {
    expect(safeFileName(input)).toBe(expected)
  })

  it("caps the length, keeping the extension", () => {
    const name = safeFileName(`${"x".repeat(500)}.pdf`)
    expect(name).toHaveLength(MAX_FILE_NAME)
    expect(name.endsWith(".pdf")).toBe(true)
  })
})
