import { healthOf } from "../health"
import { ghnProviderIdOf } from "../../runtime/provider-id"

/** The provider as a store registers it (any id; the one provider-id rule names it). */
const PROVIDER = ghnProviderIdOf("ghn")
const SECOND = ghnProviderIdOf("second")

const at = (iso: string) => new Date(iso)

describe("the Health section's answer", () => {
  it("gives each account its calls by class over the hour and the day (codes most first), the budget's use, quiet parcels, COD captures and the token; the runs' failure rate", () => {
    const health = healthOf({
      accounts: [
        { provider_id: PROVIDER, shop_id: 190001, environment: "production", budget_per_second: 20 },
        { provider_id: SECOND, shop_id: 190004, environment: "production", budget_per_second: 5 },
      ],
      callbacks: { last_received_at: at("2026-11-29T07:59:00Z"), pending: 3, oldest_pending_at: at("2026-11-29T07:50:00Z"), failed: 1 },
      parcels: [{ provider_id: PROVIDER, quiet: 2, oldest_news_at: at("2026-11-26T00:00:00Z"), cod_failed: 1, cod_waiting: 4 }],
      calls: [
        { account: "190001", outcome: "2xx", code: "", calls: 90, total_ms: 9000, last_hour: true },
        { account: "190001", outcome: "4xx", code: "PHONE_INVALID", calls: 2, total_ms: 200, last_hour: true },
        { account: "190001", outcome: "5xx", code: "GHN_503", calls: 5, total_ms: 5000, last_hour: false },
        { account: "190001", outcome: "4xx", code: "ORDER_INVALID", calls: 3, total_ms: 300, last_hour: false },
        { account: "190001", outcome: "timeout", code: "", calls: 1, total_ms: 10000, last_hour: false },
      ],
      busiest_minute: [{ account: "190001", calls: 300, last_ok_at: at("2026-11-29T07:58:00Z") }],
      runs: [
        { id: "ghnrun_2", status: "completed", total: 10, created: 9, failed: 1, created_at: at("2026-11-29T07:00:00Z") },
        { id: "ghnrun_1", status: "completed", total: 10, created: 6, failed: 4, created_at: at("2026-11-28T07:00:00Z") },
      ],
      refused_token: { at: "2026-11-29T06:00:00Z", shop_id: 190004, code: "GHN_401", message: "Token is not valid" },
    })
    const [first, second] = health.accounts
    expect(first.calls.hour).toMatchObject({ "2xx": 90, "4xx": 2, "5xx": 0, timeout: 0, avg_ms: 100 })
    expect(first.calls.day).toMatchObject({ "2xx": 90, "4xx": 5, "5xx": 5, timeout: 1 })
    expect(first.calls.day.codes).toEqual([
      { outcome: "5xx", code: "GHN_503", calls: 5 },
      { outcome: "4xx", code: "ORDER_INVALID", calls: 3 },
      { outcome: "4xx", code: "PHONE_INVALID", calls: 2 },
    ])
    expect(first.budget).toEqual({ busiest_minute_calls: 300, minute_limit: 1200, share: 0.25 })
    expect(first.parcels).toEqual({ quiet: 2, oldest_news_at: at("2026-11-26T00:00:00Z") })
    expect(first.cod).toEqual({ failed: 1, waiting: 4 })
    expect(first.token).toEqual({ refused: null, last_accepted_at: at("2026-11-29T07:58:00Z") })
    // An account GHN has not been called for yet: zeros, no average; its refused token named.
    expect(second.calls.day).toMatchObject({ "2xx": 0, codes: [], avg_ms: null })
    expect(second.token.refused).toEqual({ at: "2026-11-29T06:00:00Z", code: "GHN_401", message: "Token is not valid" })
    expect(health.runs).toMatchObject({ orders: 20, failed: 5, failure_rate: 0.25 })
    expect(health.callbacks.pending).toBe(3)
  })
})
