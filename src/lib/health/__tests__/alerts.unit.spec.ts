import { ALERT_KINDS, alertStates, alertText, DEFAULT_ALERT_THRESHOLDS } from "../alerts"
import { HEALTH_COUNT_CAP, healthOf } from "../health"
import { ghnProviderIdOf } from "../../runtime/provider-id"

/** The provider as a store registers it (any id; the one provider-id rule names it). */
const PROVIDER = ghnProviderIdOf("ghn")

const now = new Date("2026-11-29T08:00:00Z")
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000)

const health = (over: { lastCallback?: Date | null; oldestPending?: Date | null; codFailed?: number; refused?: boolean; hour?: [number, number]; runs?: [number, number][] } = {}) =>
  healthOf({
    accounts: [{ provider_id: PROVIDER, shop_id: 190001, environment: "production", budget_per_second: 20 }],
    callbacks: { last_received_at: over.lastCallback === undefined ? ago(5) : over.lastCallback, pending: over.oldestPending ? 4 : 0, oldest_pending_at: over.oldestPending ?? null, failed: 0 },
    parcels: [{ provider_id: PROVIDER, quiet: 0, oldest_news_at: null, cod_failed: over.codFailed ?? 0, cod_waiting: 0 }],
    calls: over.hour
      ? [
          { account: "190001", outcome: "2xx", code: "", calls: over.hour[0], total_ms: 0, last_hour: true },
          { account: "190001", outcome: "5xx", code: "GHN_503", calls: over.hour[1], total_ms: 0, last_hour: true },
        ]
      : [],
    busiest_minute: [],
    runs: (over.runs ?? []).map(([created, failed], i) => ({ id: `ghnrun_${i}`, status: "completed", total: created + failed, created, failed, created_at: ago(i) })),
    refused_token: over.refused ? { at: ago(30).toISOString(), shop_id: 190001, code: "GHN_401", message: "Token is not valid!" } : null,
  })

const firing = (states: ReturnType<typeof alertStates>) => states.filter((s) => s.firing).map((s) => `${s.kind}:${s.account}`).sort()

describe("the alerts' conditions", () => {
  it("fire on nothing when all is well", () => {
    expect(firing(alertStates({ health: health({ hour: [100, 1], runs: [[10, 0]] }), now, parcelsInTransit: 5 }, DEFAULT_ALERT_THRESHOLDS))).toEqual([])
  })

  it("fire each at its threshold, and not below it", () => {
    const t = DEFAULT_ALERT_THRESHOLDS
    const states = alertStates(
      { health: health({ lastCallback: ago(6 * 60), oldestPending: ago(15), codFailed: 1, refused: true, hour: [16, 5], runs: [[4, 5], [10, 0]] }), now, parcelsInTransit: 3 },
      t
    )
    expect(firing(states)).toEqual(["backlog:store", "cod_failures:190001", "ghn_errors:190001", "no_callbacks:store", "run_failures:store", "token_refused:190001"])
    expect(states.find((s) => s.kind === "run_failures")!.params).toEqual({ run_id: "ghnrun_0", failed: 5, orders: 9 })
    // Below: 5h59 quiet, 14 minutes waiting, 20% errors, a run failing half (not more), fewer calls than counted.
    const below = alertStates({ health: health({ lastCallback: ago(6 * 60 - 1), oldestPending: ago(14), hour: [16, 4], runs: [[5, 5]] }), now, parcelsInTransit: 3 }, t)
    expect(firing(below)).toEqual([])
    expect(firing(alertStates({ health: health({ hour: [5, 10] }), now, parcelsInTransit: 0 }, t))).toEqual([])
    // No parcel in transit: a quiet webhook is normal.
    expect(firing(alertStates({ health: health({ lastCallback: null }), now, parcelsInTransit: 0 }, t))).toEqual([])
  })

  it(`says "at least" of parcels counted up to the cap (${HEALTH_COUNT_CAP}), the count's constant cost`, () => {
    const quiet = (parcelsInTransit: number) => alertStates({ health: health({ lastCallback: null }), now, parcelsInTransit }, DEFAULT_ALERT_THRESHOLDS).find((s) => s.kind === "no_callbacks")!
    expect(quiet(HEALTH_COUNT_CAP - 1).params.parcels).toBe(HEALTH_COUNT_CAP - 1)
    expect(alertText(quiet(HEALTH_COUNT_CAP), "open", "en").description).toContain(`while ${HEALTH_COUNT_CAP}+ parcels are in transit`)
  })

  it("words each alert's opening and clearing in Vietnamese and English", () => {
    const states = alertStates({ health: health({ lastCallback: null, oldestPending: ago(30), codFailed: 2, refused: true, hour: [0, 30], runs: [[0, 3]] }), now, parcelsInTransit: 1 }, DEFAULT_ALERT_THRESHOLDS)
    expect(states.map((s) => s.kind).filter((k, i, all) => all.indexOf(k) === i).sort()).toEqual([...ALERT_KINDS].sort())
    for (const state of states) {
      for (const phase of ["open", "clear"] as const) {
        const vi = alertText(state, phase, "vi")
        const en = alertText(state, phase, "en")
        expect(vi.description).not.toBe(en.description)
        expect(`${vi.title} ${vi.description}`).not.toMatch(/undefined|\{|\}/)
        expect(`${en.title} ${en.description}`).not.toMatch(/undefined|\{|\}/)
      }
    }
    expect(alertText(states.find((s) => s.kind === "token_refused")!, "open", "vi").description).toBe("GHN từ chối token của cửa hàng 190001 (GHN_401): kiểm tra Cài đặt → GHN → Kết nối.")
  })
})
