import { keptRefusedBody, REFUSED_BODY_MAX, RefusalLog } from "../refused-callbacks"

describe("a refused callback's body as kept", () => {
  const secret = "s3cr3t-webhook-value-0123456789"

  it("masks a secret that straddles the 2 KB cut: no part of it is kept", () => {
    for (const at of [REFUSED_BODY_MAX - 10, REFUSED_BODY_MAX - 1, REFUSED_BODY_MAX - secret.length + 1]) {
      const body = "x".repeat(at) + secret + "y".repeat(100)
      const kept = keptRefusedBody(body, [secret])
      expect(kept.length).toBeLessThanOrEqual(REFUSED_BODY_MAX)
      // Whatever part of the secret came before the cut would be its prefix at the end.
      for (let n = 4; n <= secret.length; n++) expect([at, n, kept.endsWith(secret.slice(0, n))]).toEqual([at, n, false])
    }
  })

  it("masks a secret-named field whose value crosses the cut", () => {
    const body = JSON.stringify({ OrderCode: "X", pad: "p".repeat(REFUSED_BODY_MAX - 40), Token: "tok-ABCDEFGHIJKLMNOPQRSTUVWXYZ-123456" })
    const kept = keptRefusedBody(body, [])
    expect(kept).not.toMatch(/tok-ABC/)
    expect(kept.length).toBeLessThanOrEqual(REFUSED_BODY_MAX)
  })

  it("masks every configured secret and secret-named field of a short body", () => {
    const kept = keptRefusedBody(`{"a":"${secret}","client_password":"pw\\"x","OrderCode":"GHN1"}`, [secret, ""])
    expect(kept).toBe('{"a":"••••","client_password":"••••","OrderCode":"GHN1"}')
  })
})

describe("masking a refused body's secret-named fields", () => {
  it("masks names in any case, with spaces around the colon, and leaves other fields and values alone", () => {
    const body = '{"Token" : "t1", "x_SECRET_y":\n"s2", "OTP":"123", "note":"token", "password": 5, "OrderCode":"GHN1"}'
    expect(keptRefusedBody(body, [])).toBe('{"Token" : "••••", "x_SECRET_y":\n"••••", "OTP":"••••", "note":"token", "password": 5, "OrderCode":"GHN1"}')
  })

  it("masks an unterminated secret value to the end, and keeps a body without quotes or with an unterminated name", () => {
    expect(keptRefusedBody('{"token":"abc', [])).toBe('{"token":"••••"')
    expect(keptRefusedBody("plain text", [])).toBe("plain text")
    expect(keptRefusedBody('{"tok', [])).toBe('{"tok')
  })

  it("reads hostile bodies in one pass: many quotes, a long name, escapes without an end", () => {
    // Each was quadratic under the former regex (seconds at 100 kB): now a few milliseconds whatever the machine.
    for (const body of ['"token'.repeat(20_000), `"${"token".repeat(20_000)}" `, `"${'\\"'.repeat(50_000)}`, `"a"${" ".repeat(100_000)}:`]) {
      const kept = keptRefusedBody(body, [])
      expect(kept.length).toBeLessThanOrEqual(REFUSED_BODY_MAX)
    }
  })
})

describe("the once-an-hour log of refusal reasons", () => {
  it("logs a reason once an hour, saying how many came in between", () => {
    const log = new RefusalLog(50, 3600_000)
    expect(log.note("content_type", 0)).toEqual({ reason: "content_type", count: 1 })
    expect(log.note("content_type", 1000)).toBeNull()
    expect(log.note("content_type", 2000)).toBeNull()
    expect(log.note("content_type", 3600_000)).toEqual({ reason: "content_type", count: 3 })
  })

  it("tells at most maxReasons sender-chosen reasons apart and counts the rest as other", () => {
    const log = new RefusalLog(5, 3600_000)
    const logged = Array.from({ length: 10_000 }, (_, i) => log.note(`fields: f${i}`, i))
    expect(log.size).toBeLessThanOrEqual(6)
    expect(logged.filter(Boolean).map((l) => l!.reason)).toEqual(["fields: f0", "fields: f1", "fields: f2", "fields: f3", "fields: f4", "other"])
    // A known reason is still its own.
    expect(log.note("fields: f1", 20_000)).toBeNull()
    // An hour on, the quiet reasons make room; once full again, "other" says how many it stood for.
    const later = 3600_000 + 10_000
    for (const r of ["n1", "n2", "n3"]) expect(log.note(r, later)).toEqual({ reason: r, count: 1 })
    expect(log.note("n4", later)).toEqual({ reason: "other", count: 9_995 })
    expect(log.size).toBeLessThanOrEqual(6)
  })

  it("forgets reasons logged over an hour ago and not seen since, making room for new ones", () => {
    const log = new RefusalLog(2, 3600_000)
    log.note("a", 0)
    log.note("b", 0)
    expect(log.note("c", 3600_000)).toEqual({ reason: "c", count: 1 })
    expect(log.size).toBeLessThanOrEqual(3)
  })
})
