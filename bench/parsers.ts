/**
 * Benchmark: every parser of text a shopper, GHN or a caller controls, fed adversarial inputs of
 * 1 kB, 10 kB and 100 kB, the time per call at each size, and the growth ratios 10 kB / 1 kB and
 * 100 kB / 10 kB. A linear parser grows about 10x per 10x of input; a quadratic one 100x. The
 * baselines are plain linear passes of the engine over the same sizes, measured the same way in the
 * same run: every character's code read once (nothing allocated) and `split` on
 * spaces (an array and a string a word, as a parser allocates): past the processor's caches and the
 * young generation of the heap, a linear pass too costs more per character at 100 kB than at 10 kB.
 *
 * The parsers are called directly, past the edges' length limits (src/lib/checkout/field-limits.ts):
 * what is measured is how each would cost if a limit were ever raised or bypassed.
 *
 *   npx ts-node --transpile-only bench/parsers.ts [--min-ms 40] [--only phone]
 */
import { addressWords, foldVietnamese } from "../src/lib/address/address"
import { AddressResolutionError, AddressResolver, type AddressInput } from "../src/lib/address/address-resolver"
import { normalizeVnPhone } from "../src/lib/address/phone"
import { shopperLocaleOf } from "../src/lib/checkout/shopper-errors"
import { csvCell } from "../src/lib/format/csv"
import { feeQuoteSchema } from "../src/lib/ghn/fees"
import { ghnMillis } from "../src/lib/ghn/dates"
import { meantStatus, parseValidationFields } from "../src/lib/ghn/transport"
import { withoutHosts } from "../src/lib/runtime/medusa-error"
import { keptRefusedBody } from "../src/lib/status/refused-callbacks"
import { ghnWebhookSchema } from "../src/lib/status/webhook"
import { searchUnits } from "../src/storefront/search"
import { masterData } from "../src/sandbox/masterdata"
import { sandboxMasterData } from "./lib/sandbox-master-data"

const args = process.argv.slice(2)
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
const MIN_MS = Number(opt("min-ms") ?? 40)
const ONLY = opt("only")
const SIZES = [1_000, 10_000, 100_000]

/** A text of exactly `size` characters: `unit` repeated, then `tail`. */
const repeated = (unit: string, size: number, tail = "") => unit.repeat(Math.ceil((size - tail.length) / unit.length)).slice(0, size - tail.length) + tail

/** A plain linear pass: every character's code read once. */
function readEvery(text: string): number {
  let sum = 0
  for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i)
  return sum
}

type Case = { parser: string; input: string; make: (size: number) => unknown; run: (input: never) => unknown }

const resolver = new AddressResolver(sandboxMasterData())
let calls = 0
/**
 * The resolver past its edge: the names read as the checkout reads them, without the field limits
 * and the memo of addresses; each call a new text (a number in front), so its part is read anew, not
 * found among the parts already read.
 */
const resolveNames = (address: AddressInput) =>
  (resolver["resolveUncached"] as (a: AddressInput) => Promise<unknown>).call(resolver, { ...address, address_1: `${++calls} ${address.address_1}` }).catch((e: unknown) => {
    if (!(e instanceof AddressResolutionError)) throw e
  })
const md = masterData()
const wardNames = (md.newWardsByProvince.get(31) ?? []).map((w) => w.name)
const provinces = md.provinces.map((p) => ({ name: p.ProvinceName, aliases: p.NameExtension }))
const callback = (fields: Record<string, unknown>) => JSON.stringify({ OrderCode: "GHN1", Type: "switch_status", Time: "2025-01-02T03:04:05Z", ...fields })

const CASES: Case[] = [
  { parser: "baseline: read", input: "every character read once, nothing allocated", make: (n) => repeated("ab ", n), run: (s: string) => readEvery(s) },
  { parser: "baseline: split", input: "a linear pass allocating as it reads", make: (n) => repeated("ab ", n), run: (s: string) => s.split(" ") },
  // The phone rule (src/lib/address/phone.ts)
  { parser: "phone", input: "spaces, then a letter (issue 39)", make: (n) => repeated(" ", n, "a"), run: (s: string) => normalizeVnPhone(s) },
  { parser: "phone", input: "'+ ' repeated", make: (n) => repeated("+ ", n), run: (s: string) => normalizeVnPhone(s) },
  { parser: "phone", input: "digits and separators", make: (n) => repeated("1 .-", n, "x"), run: (s: string) => normalizeVnPhone(s) },
  { parser: "phone", input: "numbers joined by /", make: (n) => repeated("0123/", n), run: (s: string) => normalizeVnPhone(s) },
  { parser: "phone", input: "full-width digits and spaces", make: (n) => repeated("０ ", n, "x"), run: (s: string) => normalizeVnPhone(s) },
  // Address words and the resolver (src/lib/address)
  { parser: "address words", input: "'XA ' repeated", make: (n) => repeated("XA ", n), run: (s: string) => addressWords(s) },
  { parser: "address words", input: "one long word", make: (n) => repeated("Xa", n), run: (s: string) => addressWords(s) },
  { parser: "fold", input: "accented text", make: (n) => repeated("Phường Gia Viên ", n), run: (s: string) => foldVietnamese(s) },
  { parser: "resolver", input: "'XA ' repeated (issue 39)", make: (n) => ({ address_1: repeated("XA ", n), province: "Hải Phòng" }), run: (a: AddressInput) => resolveNames(a) },
  { parser: "resolver", input: "glued abbreviations 'XMộ '", make: (n) => ({ address_1: repeated("XMộ ", n), province: "Hải Phòng" }), run: (a: AddressInput) => resolveNames(a) },
  { parser: "resolver", input: "a run of one ward's name (stack)", make: (n) => ({ address_1: repeated("Phường Gia Viên ", n), province: "Hải Phòng" }), run: (a: AddressInput) => resolveNames(a) },
  { parser: "resolver", input: "a run of every ward's name", make: (n) => ({ address_1: repeated(wardNames.join(" ") + " ", n), province: "Hải Phòng" }), run: (a: AddressInput) => resolveNames(a) },
  { parser: "resolver", input: "ward names as comma parts", make: (n) => ({ address_1: repeated(wardNames.join(", ") + ", ", n), province: "Hải Phòng" }), run: (a: AddressInput) => resolveNames(a) },
  { parser: "resolver", input: "unknown words (did you mean)", make: (n) => ({ address_1: repeated("Gia Vieen Ngo Quyeen ", n), province: "Hải Phòng" }), run: (a: AddressInput) => resolveNames(a) },
  // GHN's callbacks and answers (src/lib/status/webhook.ts, src/lib/ghn)
  { parser: "callback", input: "a long Reason", make: (n) => callback({ Reason: repeated("giao thất bại ", n) }), run: (s: string) => ghnWebhookSchema.safeParse(JSON.parse(s)) },
  { parser: "callback", input: "a long order code", make: (n) => callback({ OrderCode: repeated("G", n) }), run: (s: string) => ghnWebhookSchema.safeParse(JSON.parse(s)) },
  { parser: "callback", input: "a long Time", make: (n) => callback({ Time: repeated("2", n) }), run: (s: string) => ghnWebhookSchema.safeParse(JSON.parse(s)) },
  { parser: "GHN date", input: "fraction digits", make: (n) => repeated("1", n, "").replace(/^.{20}/, "2025-01-02T03:04:05."), run: (s: string) => ghnMillis(s) },
  { parser: "GHN answer", input: "a fee of long digit text", make: (n) => ({ total: repeated("1", n) }), run: (o: object) => feeQuoteSchema.safeParse(o) },
  { parser: "GHN error text", input: "validation lines", make: (n) => repeated("Key: '' Error:Field validation for 'h", n), run: (s: string) => parseValidationFields(s) },
  { parser: "GHN error text", input: "status words", make: (n) => repeated("code = 4", n), run: (s: string) => meantStatus(400, undefined, s) },
  { parser: "GHN error text", input: "hosts to hide", make: (n) => repeated("http:// www.x ", n), run: (s: string) => withoutHosts(s) },
  // Masking, CSV, search, language
  { parser: "refused body masking", input: "'\"token' repeated", make: (n) => repeated('"token', n), run: (s: string) => keptRefusedBody(s, []) },
  { parser: "refused body masking", input: "a long secret name", make: (n) => `"${repeated("otp", n - 10)}" : "x"`, run: (s: string) => keptRefusedBody(s, []) },
  { parser: "refused body masking", input: "escapes, no end", make: (n) => `"${repeated('\\"', n - 1)}`, run: (s: string) => keptRefusedBody(s, []) },
  { parser: "CSV cell", input: "spaces, then a formula", make: (n) => repeated(" ", n, "=1"), run: (s: string) => csvCell(s) },
  { parser: "CSV cell", input: "quotes", make: (n) => repeated('"', n), run: (s: string) => csvCell(s) },
  { parser: "storefront search", input: "a long query", make: (n) => repeated("ha noi ", n), run: (s: string) => searchUnits(provinces, s) },
  { parser: "Accept-Language", input: "many tags", make: (n) => repeated("vi;q=0.5,", n), run: (s: string) => shopperLocaleOf(s) },
]

/** Milliseconds per call of `run` on `input`: calls repeated until MIN_MS have passed, the median of 3 such rounds. */
async function perCall(run: (input: never) => unknown, input: unknown): Promise<number> {
  const rounds: number[] = []
  for (let r = 0; r < 3; r++) {
    let calls = 0
    const start = process.hrtime.bigint()
    let elapsed = 0
    do {
      await run(input as never)
      calls++
      elapsed = Number(process.hrtime.bigint() - start) / 1e6
    } while (elapsed < MIN_MS)
    rounds.push(elapsed / calls)
  }
  return rounds.sort((a, b) => a - b)[1]
}

const fmt = (ms: number) => (ms >= 1 ? `${ms.toFixed(1)} ms` : `${(ms * 1000).toFixed(1)} µs`)

async function main() {
  // The scope's lists, loaded and indexed once (as on a warm server).
  await resolveNames({ address_1: "Gia Viên", province: "Hải Phòng" })
  console.log(`\nParsers on adversarial input (Node ${process.version}; ${MIN_MS} ms per round, median of 3)\n`)
  console.log("| parser | input | 1 kB | 10 kB | 100 kB | 10 kB / 1 kB | 100 kB / 10 kB |")
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
  let worst = { ratio: 0, name: "" }
  const baselines: string[] = []
  for (const c of CASES) {
    if (ONLY && !c.parser.includes(ONLY)) continue
    const times: number[] = []
    for (const size of SIZES) times.push(await perCall(c.run, c.make(size)))
    const [r1, r2] = [times[1] / times[0], times[2] / times[1]]
    if (c.parser.startsWith("baseline")) baselines.push(`${c.parser.slice(10)} ${r2.toFixed(1)}x`)
    else if (r2 > worst.ratio) worst = { ratio: r2, name: `${c.parser}, ${c.input}` }
    console.log(`| ${c.parser} | ${c.input} | ${times.map(fmt).join(" | ")} | ${r1.toFixed(1)}x | ${r2.toFixed(1)}x |`)
  }
  console.log(`\nLargest 100 kB / 10 kB growth: ${worst.ratio.toFixed(1)}x (${worst.name}); the baselines': ${baselines.join(", ")} (linear: about 10x; quadratic: about 100x)`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
