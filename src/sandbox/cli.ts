#!/usr/bin/env node
/**
 * ghn-sandbox: runs the GHN sandbox from the command line.
 *   ghn-sandbox [--port 5410] [--host 127.0.0.1] [--webhook-url URL] [--webhook-header "Name: value"]...
 *               [--latency ms] [--state file] [--auto-advance seconds] [--quiet] [--help]
 */
import { startGhnSandbox } from "./index"

const HELP = `ghn-sandbox - local emulator of the GHN (Giao Hàng Nhanh) API

Usage: ghn-sandbox [options]

  --port <n>               TCP port (default 5410; 0 = random)
  --host <addr>            listen address (default 127.0.0.1)
  --webhook-url <url>      POST order status webhooks to this URL
  --webhook-header "N: v"  header sent with every webhook (repeatable); a secret is better
                           given in GHN_SANDBOX_WEBHOOK_HEADER ("N: v"), which \`ps\` does not show
  --latency <ms>           added latency on every GHN endpoint
  --state <file>           keep orders, tickets, shops and SMS in this JSON file across restarts
  --auto-advance <s>       move new orders one step along the happy path every <s> seconds
  --quiet                  no request log
  --help                   this help

Control API (no Token): GET /_sandbox/fixture, POST /_sandbox/orders/{code}/status,
GET /_sandbox/orders/{code}, GET /_sandbox/sms, GET /_sandbox/webhooks, POST /_sandbox/webhook,
POST /_sandbox/tickets/{id}/status, POST /_sandbox/faults, POST /_sandbox/clock, POST /_sandbox/reset.
`

function fail(msg: string): never {
  process.stderr.write(`ghn-sandbox: ${msg}\n\n${HELP}`)
  process.exit(2)
}

export function parseArgs(argv: string[]) {
  const opts: {
    port: number; host: string; webhookUrl?: string; webhookHeaders: Record<string, string>
    latencyMs?: number; statePath?: string; autoAdvanceSeconds?: number; quiet: boolean; help: boolean
  } = { port: 5410, host: "127.0.0.1", webhookHeaders: {}, quiet: false, help: false }
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i]
    let value: string | undefined
    const eq = arg.indexOf("=")
    if (arg.startsWith("--") && eq > 0) {
      value = arg.slice(eq + 1)
      arg = arg.slice(0, eq)
    }
    const next = () => {
      if (value !== undefined) return value
      const v = argv[++i]
      if (v === undefined) fail(`${arg} needs a value`)
      return v
    }
    const num = (v: string) => {
      const n = Number(v)
      if (!Number.isFinite(n) || n < 0) fail(`${arg}: not a number: ${v}`)
      return n
    }
    switch (arg) {
      case "--port": opts.port = num(next()); break
      case "--host": opts.host = next(); break
      case "--webhook-url": opts.webhookUrl = next(); break
      case "--webhook-header": {
        const h = next()
        const c = h.indexOf(":")
        if (c <= 0) fail(`--webhook-header must look like "Name: value", got ${h}`)
        opts.webhookHeaders[h.slice(0, c).trim()] = h.slice(c + 1).trim()
        break
      }
      case "--latency": opts.latencyMs = num(next()); break
      case "--state": opts.statePath = next(); break
      case "--auto-advance": opts.autoAdvanceSeconds = num(next()); break
      case "--quiet": opts.quiet = true; break
      case "--help": case "-h": opts.help = true; break
      default: fail(`unknown option ${arg}`)
    }
  }
  // A header carrying a secret: from the environment, never the command line that `ps` shows.
  const fromEnv = process.env.GHN_SANDBOX_WEBHOOK_HEADER
  if (fromEnv) {
    const c = fromEnv.indexOf(":")
    if (c <= 0) fail(`GHN_SANDBOX_WEBHOOK_HEADER must look like "Name: value"`)
    opts.webhookHeaders[fromEnv.slice(0, c).trim()] = fromEnv.slice(c + 1).trim()
  }
  return opts
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2))
  if (o.help) {
    process.stdout.write(HELP)
    return
  }
  const sb = await startGhnSandbox({
    port: o.port, host: o.host, webhookUrl: o.webhookUrl, webhookHeaders: o.webhookHeaders, latencyMs: o.latencyMs,
    statePath: o.statePath, autoAdvanceSeconds: o.autoAdvanceSeconds, quiet: o.quiet,
  })
  const f = sb.fixture
  const lines = [
    `GHN sandbox listening on ${sb.url}`,
    `  owner    token ${f.owner.token}  client_id ${f.owner.client_id}  shops ${f.owner.shop_ids.join(", ")} (inactive ${f.owner.inactive_shop_id})`,
    `  partner  token ${f.partner.token}  client_id ${f.partner.client_id}  shops ${f.partner.shop_ids.join(", ")}`,
    `  staff    token ${f.staff.token}  client_id ${f.staff.client_id}  shops ${f.staff.shop_ids.join(", ")}`,
    `  customer token ${f.customer.token}  client_id ${f.customer.client_id}  phone ${f.customer.phone}  shops ${f.customer.shop_ids.join(", ")}`,
    `  route    from district ${f.route.from_district_id} ward ${f.route.from_ward_code} -> district ${f.route.to_district_id} ward ${f.route.to_ward_code} (service types ${f.route.service_type_ids.join(", ")})`,
    `  webhooks ${o.webhookUrl ?? "(none; POST /_sandbox/webhook to set)"}`,
    `  control  ${sb.url}/_sandbox/fixture`,
  ]
  process.stdout.write(lines.join("\n") + "\n")
  let stopping = false
  const stop = (sig: string) => {
    if (stopping) return
    stopping = true
    process.stdout.write(`ghn-sandbox: ${sig}, shutting down\n`)
    const force = setTimeout(() => process.exit(1), 5000)
    force.unref()
    sb.close().then(() => process.exit(0), (e) => {
      process.stderr.write(`ghn-sandbox: ${(e as Error).message}\n`)
      process.exit(1)
    })
  }
  process.on("SIGINT", () => stop("SIGINT"))
  process.on("SIGTERM", () => stop("SIGTERM"))
}

main().catch((e) => {
  process.stderr.write(`ghn-sandbox: ${(e as Error).stack ?? e}\n`)
  process.exit(1)
})
