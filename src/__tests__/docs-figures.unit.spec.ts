/**
 * The figures the manuals quote, read from the code they describe: a changed constant fails here
 * until the README and docs/ say the same.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { EMIT_BATCH_MS } from "../api/hooks/ghn/emit-batch"
import { config as applyJob } from "../jobs/apply-pending-ghn-events"
import { config as pollJob } from "../jobs/poll-ghn-shipments"
import { COD_TRANSFER_POLL_MS, COD_TRANSFER_WATCH_MS } from "../runners/polling"
import { GHN_LIMITS } from "../lib/ghn/constants"
import { ghnOptionsSchema } from "../lib/runtime/options"
import { MAX_CALLBACK_ATTEMPTS, retryDelayMs } from "../lib/status/webhook"
import { FIELD_NAME_LIMIT, OTHER_FIELD_LIMIT, SHOPPER_FIELD_LIMITS } from "../lib/checkout/field-limits"
import { CALLER_QUOTE_BURST_SECONDS, CALLER_QUOTE_SHARE } from "../lib/runtime/ghn-accounts"
import { STORE_GHN_BURST, STORE_GHN_CALLER_BURST, STORE_GHN_CALLER_PER_MINUTE, STORE_GHN_PER_MINUTE } from "../lib/runtime/store-master-data"
import { TRACKING_LINK_DAYS } from "../lib/status/tracking-link"
import { HOT_TRIES } from "../lib/runtime/rate-limit"

const ROOT = path.join(__dirname, "../..")
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8").replace(/\s+/g, " ")
const README = read("README.md")
const SOURCES = ["src/lib/runtime/options.ts", "src/lib/ghn/client.ts", "src/lib/ghn/constants.ts", "src/modules/ghn/service.ts", "src/lib/parcel/labels.ts"]
  .filter((f) => fs.existsSync(path.join(ROOT, f)))
  .map(read)
  .join(" ")
const REFERENCE = read("docs/reference.md")
const COD = read("docs/cod.md")
/** 50000000 as the docs write it: 50,000,000. */
const grouped = (n: number) => n.toLocaleString("en-US")

describe("the README's options table", () => {
  const rows = [...fs.readFileSync(path.join(ROOT, "README.md"), "utf8").matchAll(/^\| `(\w+)` \| ([^|]+) \|/gm)]
  const defaults = ghnOptionsSchema.parse({ token: "t", shopId: 1 }) as Record<string, unknown>

  it("lists every option", () => {
    const listed = new Set(rows.map((r) => r[1]))
    expect(Object.keys(ghnOptionsSchema.shape).filter((name) => !listed.has(name))).toEqual([])
  })

  it.each(rows.map((r) => [r[1], r[2].trim()]))("gives %s the default the code has (%s)", (name, cell) => {
    if (cell === "required") {
      const { [name]: _left, ...without } = { token: "t", shopId: 1 } as Record<string, unknown>
      return expect(ghnOptionsSchema.safeParse(without).success).toBe(false)
    }
    const value = defaults[name]
    if (value === undefined && cell === "none") return
    // A default applied where the option is used (an environment variable, GHN's public page): in the code as written.
    if (value === undefined) return expect(SOURCES).toContain(cell.replace(/^`|`$/g, ""))
    expect(cell).toBe("`" + JSON.stringify(value) + "`")
  })
})

describe("the limits the docs quote", () => {
  const create = GHN_LIMITS.createOrder

  it("COD per order", () => {
    for (const doc of [README, COD]) expect(doc).toContain(`${grouped(create.maxCodAmount)} VND`)
  })

  it("parcel weight, side and the light-goods boundary", () => {
    expect(README).toContain(`${create.maxWeight / 1000} kg per order, ${create.maxSide} cm per side, light goods under ${create.heavyGoodsWeight / 1000} kg`)
  })

  it("labels, tickets and attachments", () => {
    expect(README).toContain(`up to ${grouped(GHN_LIMITS.print.maxOrderCodes)} orders`)
    expect(REFERENCE).toContain(`up to ${grouped(GHN_LIMITS.print.maxOrderCodes)}`)
    expect(README).toContain(`a ${grouped(GHN_LIMITS.tickets.maxDescription)}-character counter`)
    expect(README).toContain(`up to ${GHN_LIMITS.tickets.maxAttachments} attachments of ${GHN_LIMITS.tickets.maxAttachmentBytes / 1024 / 1024} MB`)
  })
})

describe("the storefront's limits the docs quote", () => {
  const STOREFRONT = read("docs/storefront.md")

  it("the storefront's GHN budget and each caller's share of it and of quotes", () => {
    expect(REFERENCE).toContain(`a burst of ${STORE_GHN_BURST} calls, refilled at ${STORE_GHN_PER_MINUTE} a minute`)
    expect(REFERENCE).toContain(`${STORE_GHN_CALLER_PER_MINUTE} requests reaching GHN a minute, ${STORE_GHN_CALLER_BURST} at once`)
    const defaultRate = ghnOptionsSchema.parse({ token: "t", shopId: 1 }).ghnRequestsPerSecond
    expect(CALLER_QUOTE_SHARE).toBe(0.1)
    expect(REFERENCE).toContain(`at most a tenth of \`ghnRequestsPerSecond\` (${defaultRate * CALLER_QUOTE_SHARE} GHN calls a second by default, ${defaultRate * CALLER_QUOTE_SHARE * CALLER_QUOTE_BURST_SECONDS} at once`)
  })

  it("guest tracking's limit and the tracking link's life", () => {
    const limit = ghnOptionsSchema.parse({ token: "t", shopId: 1 }).guestTrackingLimit
    expect(STOREFRONT).toContain(`${limit.attempts} lookups that found nothing in ${limit.windowSeconds / 60} minutes`)
    expect(STOREFRONT).toContain(`${TRACKING_LINK_DAYS} days`)
    // "a third of its window's allowance ... three tries per address on hot orders"
    expect(HOT_TRIES).toBe(3)
    expect(STOREFRONT).toContain("a third of its window's allowance")
    expect(STOREFRONT).toContain("three tries per address on hot orders")
  })
})

describe("the schedules the docs quote", () => {
  it("the recovery pass and its back-off", () => {
    const seconds = (applyJob.schedule as { interval: number }).interval / 1000
    expect(README).toContain(`every ${seconds} s`)
    expect(REFERENCE).toContain(`every ${seconds} s`)
    expect(retryDelayMs(1)).toBe(10_000)
    expect(retryDelayMs(2)).toBe(20_000)
    expect(retryDelayMs(MAX_CALLBACK_ATTEMPTS - 1)).toBeLessThanOrEqual(3_600_000)
    expect(REFERENCE).toContain(`(10 s doubling, at most an hour) up to ${MAX_CALLBACK_ATTEMPTS} tries`)
  })

  it("the server's batch of callback events", () => {
    expect(REFERENCE).toContain(`in batches of ${EMIT_BATCH_MS} ms`)
  })

  it("the polling job, and the watch on untransferred COD", () => {
    const minutes = Number(/^\*\/(\d+) \* \* \* \*$/.exec(pollJob.schedule)?.[1])
    expect(REFERENCE).toContain(`every ${minutes} minutes`)
    expect(COD).toContain(`every ${COD_TRANSFER_POLL_MS / 3_600_000} hours for ${COD_TRANSFER_WATCH_MS / 86_400_000} days`)
  })
})

describe("the shopper field limits in docs/reference.md", () => {
  const rows = [...fs.readFileSync(path.join(ROOT, "docs/reference.md"), "utf8").matchAll(/^\| (.+) \| (\d+) \|$/gm)].map((m) => ({ names: m[1], limit: Number(m[2]) }))

  it("gives every field of SHOPPER_FIELD_LIMITS its limit", () => {
    const stated = Object.keys(SHOPPER_FIELD_LIMITS).map((field) => [field, rows.find((r) => r.names.includes(`\`${field}\``))?.limit])
    expect(stated).toEqual(Object.entries(SHOPPER_FIELD_LIMITS))
  })

  it("gives the limit of any other field and of a field's name", () => {
    expect(rows.find((r) => r.names.startsWith("any other field"))?.limit).toBe(OTHER_FIELD_LIMIT)
    expect(rows.find((r) => r.names.startsWith("a field's name"))?.limit).toBe(FIELD_NAME_LIMIT)
  })
})
