import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { fetch } from "undici"
import { startReceiver } from "./helpers"

const ROOT = path.resolve(__dirname, "../../..")
const TS_NODE = path.join(ROOT, "node_modules", ".bin", "ts-node")

function run(args: string[]): { child: ChildProcess; out: () => string; url: Promise<string>; exit: Promise<number | null> } {
  const child = spawn(TS_NODE, ["--transpile-only", "src/sandbox/cli.ts", ...args], { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: "" }, stdio: ["ignore", "pipe", "pipe"] })
  let out = ""
  child.stdout!.on("data", (d) => (out += d))
  child.stderr!.on("data", (d) => (out += d))
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${out}`)), 20000)
    const check = () => {
      const m = out.match(/listening on (http:\/\/\S+)/)
      if (m) {
        clearTimeout(timer)
        resolve(m[1])
      }
    }
    child.stdout!.on("data", check)
    child.on("exit", () => {
      clearTimeout(timer)
      reject(new Error(`exited early:\n${out}`))
    })
  })
  url.catch(() => undefined)
  const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)))
  return { child, out: () => out, url, exit }
}

describe("GHN sandbox: the ghn-sandbox CLI", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ghn-sandbox-cli-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  jest.setTimeout(40000)

  it("starts, prints its URL, tokens and shop ids, sends webhooks with the given headers, saves state on SIGINT", async () => {
    const rx = await startReceiver()
    const state = path.join(dir, "cli-state.json")
    const p = run(["--port", "0", "--quiet", "--webhook-url", rx.url, "--webhook-header", "X-Secret: abc", "--webhook-header", "X-Env: test", "--state", state])
    try {
      const url = await p.url
      expect(p.out()).toContain("sandbox-owner-token")
      expect(p.out()).toContain("190001")
      expect(p.out()).toContain("190003")
      const fixture = (await (await fetch(`${url}/_sandbox/fixture`)).json()) as any
      expect(fixture.owner.token).toBe("sandbox-owner-token")
      const res = await fetch(`${url}/shiip/public-api/v2/shipping-order/create`, {
        method: "POST",
        headers: { Token: fixture.owner.token, ShopId: String(fixture.owner.shop_ids[0]), "Content-Type": "application/json" },
        body: JSON.stringify({
          to_name: "A", to_phone: "0912345678", to_address: "1 Lê Lợi", to_ward_name: "Phường Bến Thành", to_district_name: "Quận 1",
          to_province_name: "Hồ Chí Minh", weight: 500, service_type_id: 2, payment_type_id: 1, required_note: "KHONGCHOXEMHANG", content: "x",
        }),
      })
      const code = ((await res.json()) as any).data.order_code
      await rx.waitFor(1)
      expect(rx.requests[0].headers["x-secret"]).toBe("abc")
      expect(rx.requests[0].headers["x-env"]).toBe("test")
      expect(rx.requests[0].body.OrderCode).toBe(code)
      p.child.kill("SIGINT")
      expect(await p.exit).toBe(0)
      expect(p.out()).toContain("shutting down")
      expect(JSON.parse(readFileSync(state, "utf8")).orders[0].order_code).toBe(code)
    } finally {
      if (p.child.exitCode === null) p.child.kill("SIGKILL")
      await rx.close()
    }
  })

  it("--help prints the options; an unknown option exits with 2", async () => {
    const h = run(["--help"])
    expect(await h.exit).toBe(0)
    for (const flag of ["--port", "--host", "--webhook-url", "--webhook-header", "--latency", "--state", "--auto-advance"]) expect(h.out()).toContain(flag)
    const bad = run(["--nope"])
    expect(await bad.exit).toBe(2)
    expect(bad.out()).toContain("unknown option --nope")
  })

  it("SIGTERM also shuts down cleanly", async () => {
    const p = run(["--port", "0", "--quiet", "--latency", "5"])
    const url = await p.url
    expect((await fetch(`${url}/_sandbox/health`)).status).toBe(200)
    p.child.kill("SIGTERM")
    expect(await p.exit).toBe(0)
  })
})
