/**
 * The Health section's answer (GET /admin/ghn/health) from the figures the GHN module reads: per
 * GHN account, what an operations team looks at before its customers notice. Pure.
 */
import type { GhnCallOutcome } from "../ghn"

/**
 * Parcels are counted up to this many (quiet in transit, in transit at all): the count then reads
 * at most this many index entries, so the figure costs the same at 100,000 parcels as at 1,000;
 * past it the screen and the alert say "at least".
 */
export const HEALTH_COUNT_CAP = 1000

/** A count read up to HEALTH_COUNT_CAP, as a person reads it: "1000+" once it reached the cap. */
export const countText = (n: number): string | number => (n >= HEALTH_COUNT_CAP ? `${HEALTH_COUNT_CAP}+` : n)

/** GHN's answers over a window, by class; a refusal's codes with their counts, most first. */
export type CallClasses = Record<Exclude<GhnCallOutcome, "aborted">, number> & { codes: { outcome: string; code: string; calls: number }[]; avg_ms: number | null }

export type HealthAccountInput = { provider_id: string | null; shop_id: number; environment: string; budget_per_second: number | null }

export type HealthInput = {
  accounts: HealthAccountInput[]
  callbacks: { last_received_at: Date | null; pending: number; oldest_pending_at: Date | null; failed: number }
  parcels: { provider_id: string | null; quiet: number; oldest_news_at: Date | null; cod_failed: number; cod_waiting: number }[]
  calls: { account: string; outcome: string; code: string; calls: number; total_ms: number; last_hour: boolean }[]
  busiest_minute: { account: string; calls: number; last_ok_at: Date | null }[]
  runs: { id: string; status: string; total: number; created: number; failed: number; created_at: Date }[]
  refused_token: { at: string; shop_id: number; code: string | null; message: string } | null
}

export type HealthAccount = HealthAccountInput & {
  calls: { hour: CallClasses; day: CallClasses }
  /** The busiest minute of the last hour against the budget (calls a minute at ghnRequestsPerSecond). */
  budget: { busiest_minute_calls: number; minute_limit: number | null; share: number | null }
  parcels: { quiet: number; oldest_news_at: Date | null }
  cod: { failed: number; waiting: number }
  token: { refused: { at: string; code: string | null; message: string } | null; last_accepted_at: Date | null }
}

export type Health = {
  callbacks: HealthInput["callbacks"]
  accounts: HealthAccount[]
  runs: { last: HealthInput["runs"]; orders: number; failed: number; failure_rate: number | null }
}

function classes(rows: HealthInput["calls"]): CallClasses {
  const out = { "2xx": 0, "4xx": 0, "429": 0, "5xx": 0, timeout: 0, network: 0, codes: [] as CallClasses["codes"], avg_ms: null as number | null }
  let calls = 0
  let ms = 0
  const codes = new Map<string, { outcome: string; code: string; calls: number }>()
  for (const r of rows) {
    if (r.outcome in out && r.outcome !== "codes" && r.outcome !== "avg_ms") out[r.outcome as Exclude<GhnCallOutcome, "aborted">] += r.calls
    calls += r.calls
    ms += r.total_ms
    if (r.code) {
      const key = `${r.outcome}|${r.code}`
      const c = codes.get(key) ?? { outcome: r.outcome, code: r.code, calls: 0 }
      c.calls += r.calls
      codes.set(key, c)
    }
  }
  out.codes = [...codes.values()].sort((a, b) => b.calls - a.calls || a.code.localeCompare(b.code))
  out.avg_ms = calls ? Math.round(ms / calls) : null
  return out
}

export function healthOf(input: HealthInput): Health {
  const accounts = input.accounts.map((a): HealthAccount => {
    const key = String(a.shop_id)
    const own = input.calls.filter((c) => c.account === key)
    const parcels = input.parcels.find((p) => p.provider_id === a.provider_id)
    const busiest = input.busiest_minute.find((b) => b.account === key)
    const minuteLimit = a.budget_per_second ? a.budget_per_second * 60 : null
    const refused = input.refused_token && input.refused_token.shop_id === a.shop_id ? input.refused_token : null
    return {
      ...a,
      calls: { hour: classes(own.filter((c) => c.last_hour)), day: classes(own) },
      budget: { busiest_minute_calls: busiest?.calls ?? 0, minute_limit: minuteLimit, share: minuteLimit ? Math.round(((busiest?.calls ?? 0) / minuteLimit) * 100) / 100 : null },
      parcels: { quiet: parcels?.quiet ?? 0, oldest_news_at: parcels?.oldest_news_at ?? null },
      cod: { failed: parcels?.cod_failed ?? 0, waiting: parcels?.cod_waiting ?? 0 },
      token: { refused: refused ? { at: refused.at, code: refused.code, message: refused.message } : null, last_accepted_at: busiest?.last_ok_at ?? null },
    }
  })
  const orders = input.runs.reduce((n, r) => n + r.created + r.failed, 0)
  const failed = input.runs.reduce((n, r) => n + r.failed, 0)
  return { callbacks: input.callbacks, accounts, runs: { last: input.runs, orders, failed, failure_rate: orders ? Math.round((failed / orders) * 1000) / 1000 : null } }
}
