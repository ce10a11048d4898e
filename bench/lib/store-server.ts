/**
 * Child process of the benchmarks: the development store (this repository's medusa-config.ts,
 * the plugin loaded from ./src) served by Medusa's own `start` command, in this process so that
 * its CPU time can be read from /proc. The parent (bench/lib/harness.ts) sets the environment:
 *
 *   DATABASE_URL, GHN_BASE_URL, GHN_TOKEN, GHN_SHOP_ID, GHN_WEBHOOK_SECRET   read by medusa-config.ts
 *   BENCH_PORT                       port to listen on (127.0.0.1)
 *   BENCH_ADMIN_EMAIL/PASSWORD       an admin user created before "ready" is printed
 *   BENCH_NOCACHE_PROVIDER=1         adds a second instance of the GHN provider, id "nocache"
 *                                    (provider id `ghn_nocache`), with the same options and
 *                                    `quoteCacheTtlSeconds: 0`: the cold-cache path of
 *                                    calculatePrice in the same store (options only, no code change)
 *   BENCH_CONSTANT_PROVIDER=1        adds bench/lib/constant-price-provider.ts (provider id
 *                                    `constant_constant`): a calculated option at a constant price,
 *                                    the baseline on the same route
 *   BENCH_DOWN_PROVIDER=1            adds a GHN provider instance `ghn_down`: no quote cache, outageFallback
 *                                    with a 10-minute hold (calculate-price's fallback row)
 *   BENCH_GHN_OPTIONS='{...}'        GHN options (JSON) laid over medusa-config.ts's (provider and module)
 *
 * With an IPC channel (harness `store.run`), the parent can run the plugin's jobs in this process
 * and time them: `{ id, job: "poll" | "recovery" | "prune" | "reconcile-ready", args }` is answered with
 * `{ id, ms, result }` (or `{ id, error }`). The polling and pruning jobs then no longer run on
 * their schedules in this store (the recovery pass still does: it applies what the webhook stored).
 *
 * Prints `BENCH_STORE_READY <url>` on stdout once the server listens and the admin user exists.
 */
import * as path from "node:path"
import * as http from "node:http"

const ROOT = path.resolve(__dirname, "..", "..")

async function main() {
  process.chdir(ROOT)
  process.env.NODE_ENV ||= "development"
  const port = Number(process.env.BENCH_PORT)
  if (!port) throw new Error("BENCH_PORT is not set")

  // medusa-config.ts is loaded with require() by Medusa's config loader: loading it first lets
  // this benchmark add a provider instance to the object Medusa then reads from the cache.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require(path.join(ROOT, "medusa-config.ts"))
  if (process.env.BENCH_NOCACHE_PROVIDER === "1") {
    const providers = config.modules?.fulfillment?.options?.providers as any[] | undefined
    const ghn = providers?.find((p) => p.id === "ghn")
    if (!ghn) throw new Error("medusa-config.ts has no GHN provider with id \"ghn\" in the fulfillment module")
    providers!.push({ ...ghn, id: "nocache", options: { ...ghn.options, quoteCacheTtlSeconds: 0 } })
  }
  if (process.env.BENCH_DOWN_PROVIDER === "1") {
    // GHN "down" for this instance once one quote of it failed: outageFallback with a long hold,
    // no quote cache (so its answers are the fallback's, never a cached fee).
    const providers = config.modules.fulfillment.options.providers as any[]
    const ghn = providers.find((p) => p.id === "ghn")
    providers.push({ ...ghn, id: "down", options: { ...ghn.options, quoteCacheTtlSeconds: 0, outageFallback: { maxQuoteAgeHours: 72, holdSeconds: 600 } } })
  }
  if (process.env.BENCH_GHN_OPTIONS) {
    const ghn = (config.modules?.fulfillment?.options?.providers as any[] | undefined)?.find((p) => p.id === "ghn")
    // One object in medusa-config.ts: the provider's and the module's options.
    Object.assign(ghn.options, JSON.parse(process.env.BENCH_GHN_OPTIONS))
  }
  if (process.env.BENCH_CONSTANT_PROVIDER === "1") {
    config.modules.fulfillment.options.providers.push({ resolve: path.join(__dirname, "constant-price-provider"), id: "constant" })
  }

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: start } = require("@medusajs/medusa/commands/start")
  await start({ directory: ROOT, port, host: "127.0.0.1", types: false })

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { container } = require("@medusajs/framework")
  await createAdmin(container, process.env.BENCH_ADMIN_EMAIL!, process.env.BENCH_ADMIN_PASSWORD!)
  await waitForHealth(`http://127.0.0.1:${port}/health`)
  if (process.send) serveJobs(container)
  process.stdout.write(`BENCH_STORE_READY http://127.0.0.1:${port}\n`)
}

/** Runs the plugin's jobs on the parent's request (IPC), timed in this process. */
function serveJobs(container: any) {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { pollGhnShipments } = require("../../src/runners/polling")
  const { recoveryPass } = require("../../src/runners/shipments")
  const { pruneGhnCallbacks } = require("../../src/jobs/prune-ghn-callbacks")
  const { checkGhnAlerts } = require("../../src/runners/health")
  /* eslint-enable @typescript-eslint/no-require-imports */
  // The jobs timed here do not also run on their schedule in this store: the hourly pruning at
  // minute 17 would share a timed pruning's batches (bench:scale once counted 4,000 callbacks fewer
  // than it aged, none left), and a scheduled poll would add Order Info calls to a timed run's.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { WorkflowManager } = require("@medusajs/framework/orchestration")
  for (const name of ["poll-ghn-shipments", "prune-ghn-callbacks"]) WorkflowManager.unregister(`job-${name}`)
  const jobs: Record<string, (args: any) => Promise<unknown>> = {
    poll: async (args) => {
      const r = await pollGhnShipments(container, args)
      return { checked: r.checked, applied: r.applied, failures: r.failures.length, firstFailure: r.failures[0]?.error }
    },
    recovery: () => recoveryPass(container),
    prune: (args) => pruneGhnCallbacks(container, args),
    // The hourly reconcile of Ready to ship's index of open orders (what its job runs).
    "reconcile-ready": () => container.resolve("ghn").readyToShip.reconcile(),
    // One check of the alerts (what its job runs every minute): what it opened and cleared, as `phase:kind`.
    alerts: async () => ((await checkGhnAlerts(container)) as { phase: string; state: { kind: string } }[]).map((t) => `${t.phase}:${t.state.kind}`),
  }
  process.on("message", async (m: { id: number; job: string; args?: unknown }) => {
    const t0 = process.hrtime.bigint()
    try {
      const result = await jobs[m.job](m.args ?? {})
      process.send!({ id: m.id, ms: Number(process.hrtime.bigint() - t0) / 1e6, result })
    } catch (e) {
      process.send!({ id: m.id, error: (e as Error).message })
    }
  })
}

/** An admin user linked to an emailpass identity, as integration-tests/helpers/admin.ts does. */
async function createAdmin(container: any, email: string, password: string) {
  const userModule = container.resolve("user")
  const authModule = container.resolve("auth")
  const [existing] = await userModule.listUsers({ email })
  if (existing) return
  const user = await userModule.createUsers({ email, first_name: "Bench", last_name: "Admin" })
  const { authIdentity, error } = await authModule.register("emailpass", { body: { email, password } })
  if (!authIdentity) throw new Error(`admin register failed: ${error}`)
  await authModule.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user.id } })
}

async function waitForHealth(url: string) {
  for (let i = 0; i < 600; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get(url, (res) => {
        res.resume()
        resolve(res.statusCode === 200)
      }).on("error", () => resolve(false))
    })
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer`)
}

main().catch((error) => {
  process.stderr.write(`store-server: ${error?.stack ?? error}\n`)
  process.exit(1)
})
