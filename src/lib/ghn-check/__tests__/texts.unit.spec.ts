/**
 * The check's words in one place: the CLI prints GHN_CHECK_TEXTS; the admin shows the same keys
 * from src/admin/i18n. en.json must carry exactly the CLI's texts, vi.json a Vietnamese text of
 * every title, verdict and fix with the same placeholders; and the admin's i18next, given a line's
 * values, says in English exactly what the CLI says.
 */
import i18next, { type i18n } from "i18next"
import en from "../../../admin/i18n/en.json"
import vi from "../../../admin/i18n/vi.json"
import { startGhnSandbox, type GhnSandbox } from "../../../sandbox"
import { parseGhnOptions } from "../../runtime/options"
import { runGhnCheck, type GhnCheck } from "../index"
import { GHN_CHECK_ENV_NAMES, GHN_CHECK_TEXTS, GHN_CHECK_TITLES, ghnCheckPlaceholders, ghnCheckTextValues, type GhnCheckKey } from "../texts"
import { LOCKED, OWNER_TOKEN, shopWithoutAddress } from "./helpers"

type Tree = { [k: string]: string | Tree }
const at = (tree: Tree, path: string): string | undefined => {
  const v = path.split(".").reduce<string | Tree | undefined>((node, k) => (node && typeof node === "object" ? node[k] : undefined), tree)
  return typeof v === "string" ? v : undefined
}
/** Every leaf path under a node ("token.ok", ...). */
const leaves = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)))

const KEYS = Object.keys(GHN_CHECK_TEXTS) as GhnCheckKey[]
const texts = (key: GhnCheckKey): { message: string; fix?: string } => GHN_CHECK_TEXTS[key]
const accountCheck = { en: en.accountCheck as unknown as Tree, vi: vi.accountCheck as unknown as Tree }

describe("medusa-ghn-check's words: the CLI's English, the admin's en and vi", () => {
  it("en.json carries the CLI's very texts: every title, environment name, verdict and fix, and nothing else", () => {
    for (const [id, title] of Object.entries(GHN_CHECK_TITLES)) expect([id, at(accountCheck.en, `titles.${id}`)]).toEqual([id, title])
    for (const [env, name] of Object.entries(GHN_CHECK_ENV_NAMES)) expect([env, at(accountCheck.en, `env.${env}`)]).toEqual([env, name])
    for (const key of KEYS) {
      expect([key, at(accountCheck.en, `result.${key}`)]).toEqual([key, texts(key).message])
      expect([key, at(accountCheck.en, `fix.${key}`)]).toEqual([key, texts(key).fix])
    }
    expect(leaves(accountCheck.en.result as Tree).sort()).toEqual([...KEYS].sort())
    expect(leaves(accountCheck.en.fix as Tree).sort()).toEqual(KEYS.filter((k) => texts(k).fix).sort())
  })

  it("vi.json translates every title, verdict and fix, with the same placeholders as the English", () => {
    const pairs: [string, string, string | undefined][] = [
      ...Object.entries(GHN_CHECK_TITLES).map(([id, t]): [string, string, string | undefined] => [`titles.${id}`, t, at(accountCheck.vi, `titles.${id}`)]),
      ...Object.entries(GHN_CHECK_ENV_NAMES).map(([env, t]): [string, string, string | undefined] => [`env.${env}`, t, at(accountCheck.vi, `env.${env}`)]),
      ...KEYS.map((key): [string, string, string | undefined] => [`result.${key}`, texts(key).message, at(accountCheck.vi, `result.${key}`)]),
      ...KEYS.filter((key) => texts(key).fix).map((key): [string, string, string | undefined] => [`fix.${key}`, texts(key).fix!, at(accountCheck.vi, `fix.${key}`)]),
    ]
    for (const [path, english, vietnamese] of pairs) {
      expect([path, typeof vietnamese]).toEqual([path, "string"])
      expect([path, ghnCheckPlaceholders(vietnamese!)]).toEqual([path, ghnCheckPlaceholders(english)])
      // a Vietnamese text, not the English one copied (GHN's environment names stay as GHN spells them)
      if (!/^env\.(production|staging)$/.test(path)) expect([path, vietnamese]).not.toEqual([path, english])
    }
    expect(leaves(accountCheck.vi.result as Tree).sort()).toEqual([...KEYS].sort())
    expect(leaves(accountCheck.vi.fix as Tree).sort()).toEqual(KEYS.filter((k) => texts(k).fix).sort())
  })

  describe("the admin's i18next shows a line as the CLI prints it", () => {
    let sb: GhnSandbox
    let admin: i18n
    beforeAll(async () => {
      sb = await startGhnSandbox({ port: 0, quiet: true })
      // as Medusa's dashboard sets it up: the plugin's namespace "ghn", values not HTML-escaped
      admin = i18next.createInstance()
      await admin.init({ resources: { en: { ghn: en }, vi: { ghn: vi } }, lng: "en", fallbackLng: "en", defaultNS: "ghn", interpolation: { escapeValue: false } })
    })
    afterAll(() => sb.close())

    const options = (extra: Record<string, unknown> = {}) => parseGhnOptions({ token: OWNER_TOKEN, shopId: 190001, environment: sb.url, ...extra })
    const shown = (line: GhnCheck, lng: "en" | "vi") => {
      const t = admin.getFixedT(lng, "ghn")
      const values = ghnCheckTextValues(line, { production: t("accountCheck.env.production"), staging: t("accountCheck.env.staging"), custom: t("accountCheck.env.custom") })
      return {
        title: t(`accountCheck.titles.${line.id}`, values),
        message: t(`accountCheck.result.${line.key}`, values),
        fix: line.fix ? t(`accountCheck.fix.${line.key}`, values) : undefined,
      }
    }

    it("in English word for word, in Vietnamese with every placeholder filled, for passing, failing and skipped lines", async () => {
      const reports = [
        await runGhnCheck({ options: options(), createTestOrder: true }),
        await runGhnCheck({ options: options({ token: "refused-token-1" }) }),
        await runGhnCheck({ options: options({ shopId: await shopWithoutAddress(sb.url) }) }),
        await runGhnCheck({ options: options(), receiver: LOCKED }),
        await runGhnCheck({ options: options({ locationShops: { sloc_a: 190004, sloc_b: 190003 } }) }),
      ]
      const lines = reports.flatMap((r) => r.checks)
      // the cases above reach this many of the verdicts
      expect(new Set(lines.map((l) => l.key)).size).toBeGreaterThanOrEqual(16)
      for (const line of lines) {
        expect([line.key, shown(line, "en")]).toEqual([line.key, { title: line.title, message: line.message, fix: line.fix }])
        const vietnamese = shown(line, "vi")
        expect([line.key, JSON.stringify(vietnamese)]).not.toEqual([line.key, expect.stringContaining("{{")])
        expect([line.key, vietnamese.message]).not.toEqual([line.key, line.message])
      }
    })
  })
})
