#!/usr/bin/env node
/**
 * medusa-ghn-check: checks a merchant's own GHN account with the plugin's options, before the
 * first real order. See docs/reference.md ("medusa-ghn-check").
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import * as util from "node:util"
import { GhnOptionsError, parseGhnOptions } from "../runtime/options"
import { checkLines, runGhnCheck } from "./index"
import { maskSecrets, RawAnswers } from "./raw-answers"

const HELP = `medusa-ghn-check - checks your GHN account with the options of medusa-fulfillment-ghn

Usage: npx medusa-ghn-check [options]

The plugin's options come from the environment (and a .env file in this folder), as the
development store reads them: GHN_TOKEN, GHN_SHOP_ID, GHN_ENV (production | staging) or
GHN_BASE_URL, GHN_OPTIONS (any other option, as JSON); --options adds a JSON file of options
(the object you give the plugin in medusa-config), which wins over the environment.

  --options <file>        JSON file of the plugin's options
  --out <file>            where GHN's raw answers go, token masked (default ghn-check-answers.json)
  --create-test-order     also create and cancel one test order (staging only; refused on production)
  --to-district <id>      the sample receiver's GHN district id (default: one of Hồ Chí Minh)
  --to-ward <code>        the sample receiver's GHN ward code (with --to-district)
  --help                  this help

Exit code: 0 when no check failed, 1 when one did, 2 when the options are wrong.
`

function usage(message: string): never {
  process.stderr.write(`medusa-ghn-check: ${message}\n\n${HELP}`)
  process.exit(2)
}

export function parseArgs(argv: string[]) {
  const out: { options?: string; out: string; createTestOrder: boolean; toDistrict?: number; toWard?: string; help: boolean } = {
    out: "ghn-check-answers.json",
    createTestOrder: false,
    help: false,
  }
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i]!
    let inline: string | undefined
    const eq = arg.indexOf("=")
    if (arg.startsWith("--") && eq > 0) [arg, inline] = [arg.slice(0, eq), arg.slice(eq + 1)]
    const value = () => inline ?? argv[++i] ?? usage(`${arg} needs a value`)
    switch (arg) {
      case "--options": out.options = value(); break
      case "--out": out.out = value(); break
      case "--create-test-order": out.createTestOrder = true; break
      case "--to-district": {
        const v = value()
        if (!/^\d+$/.test(v) || Number(v) <= 0) usage(`--to-district must be a GHN district id (a positive number), got ${v}`)
        out.toDistrict = Number(v)
        break
      }
      case "--to-ward": out.toWard = value(); break
      case "--help": case "-h": out.help = true; break
      default: usage(`unknown option ${arg}`)
    }
  }
  if ((out.toDistrict === undefined) !== (out.toWard === undefined)) usage("--to-district and --to-ward go together")
  return out
}

/** KEY=value lines of a .env file in the current folder, for the variables not set already. */
function loadDotEnv() {
  const file = path.resolve(".env")
  if (!existsSync(file)) return
  const parseEnv = (util as unknown as { parseEnv?: (text: string) => Record<string, string> }).parseEnv
  if (!parseEnv) return
  for (const [k, v] of Object.entries(parseEnv(readFileSync(file, "utf8")))) if (process.env[k] === undefined) process.env[k] = v
}

/** The plugin's options from the environment, then the --options file. */
export function optionsFrom(env: NodeJS.ProcessEnv, file?: string): Record<string, unknown> {
  const json = (text: string, where: string): Record<string, unknown> => {
    let v: unknown
    try {
      v = JSON.parse(text)
    } catch (e) {
      usage(`${where} is not JSON: ${(e as Error).message}`)
    }
    if (!v || typeof v !== "object" || Array.isArray(v)) usage(`${where} must be a JSON object of the plugin's options`)
    return v as Record<string, unknown>
  }
  const fromEnv: Record<string, unknown> = {
    ...(env.GHN_TOKEN ? { token: env.GHN_TOKEN } : {}),
    ...(env.GHN_SHOP_ID ? { shopId: env.GHN_SHOP_ID } : {}),
    ...(env.GHN_BASE_URL || env.GHN_ENV ? { environment: env.GHN_BASE_URL || env.GHN_ENV } : {}),
    ...(env.GHN_OPTIONS ? json(env.GHN_OPTIONS, "GHN_OPTIONS") : {}),
  }
  if (!file) return fromEnv
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch (e) {
    usage(`cannot read --options ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`)
  }
  return { ...fromEnv, ...json(text, `--options ${file}`) }
}

async function main() {
  const args = parseArgs(process.argv.slice(2))
  if (args.help) {
    process.stdout.write(HELP)
    return
  }
  loadDotEnv()
  const raw = optionsFrom(process.env, args.options)
  if (!raw.token) usage("no GHN token: set GHN_TOKEN or give token in --options")
  let options
  try {
    options = parseGhnOptions(raw)
  } catch (e) {
    if (e instanceof GhnOptionsError) usage(`the options are wrong:\n  ${e.issues.join("\n  ")}`)
    throw e
  }
  const secrets = [options.token, ...(options.webhookSecret ? [options.webhookSecret] : [])]
  const answers = new RawAnswers(secrets)
  const report = await runGhnCheck({
    options,
    createTestOrder: args.createTestOrder,
    receiver: args.toDistrict !== undefined ? { district_id: args.toDistrict, ward_code: args.toWard! } : undefined,
    onAnswer: answers.record,
  })
  const env = report.environment === "custom" ? "a custom GHN address (baseUrl)" : `GHN ${report.environment}`
  const lines = [`medusa-ghn-check: ${env}, shop ${options.shopId}`, ...checkLines(report)]
  const failed = report.checks.filter((c) => c.status === "fail").length
  lines.push(failed ? `${failed} check(s) failed.` : "Every check passed.")
  writeFileSync(args.out, answers.file({ tool: "medusa-ghn-check", environment: report.environment, shop_id: options.shopId, report }))
  lines.push(`GHN's raw answers (token masked), to attach to a bug report: ${path.resolve(args.out)}`)
  process.stdout.write(maskSecrets(lines.join("\n"), secrets) + "\n")
  process.exitCode = report.ok ? 0 : 1
}

main().catch((e) => {
  process.stderr.write(`medusa-ghn-check: ${(e as Error).message ?? e}\n`)
  process.exit(1)
})
