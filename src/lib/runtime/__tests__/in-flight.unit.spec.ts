import { inFlightSettled, isScriptRun, trackInFlight } from "../in-flight"

describe("work a stop waits for", () => {
  it("waits for tracked work to settle, failed work included", async () => {
    let finish!: () => void
    const capture = trackInFlight(new Promise<void>((resolve) => (finish = resolve)))
    trackInFlight(Promise.reject(new Error("GHN down"))).catch(() => undefined)
    setTimeout(finish, 50)
    expect(await inFlightSettled(5_000)).toBe(0)
    await capture
  })

  it("stops waiting after its timeout, saying how many still run", async () => {
    trackInFlight(new Promise(() => undefined))
    const started = Date.now()
    expect(await inFlightSettled(100)).toBe(1)
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})

describe("a script run", () => {
  it("is `medusa exec`, nothing else", () => {
    expect(isScriptRun(["node", "/app/node_modules/.bin/medusa", "exec", "./src/scripts/seed.ts"])).toBe(true)
    expect(isScriptRun(["node", "/app/node_modules/.bin/medusa", "start"])).toBe(false)
    expect(isScriptRun(["node", "/app/node_modules/.bin/medusa", "develop"])).toBe(false)
  })
})
