/**
 * When the integration needs a person (issue 42): each alert's condition over the Health figures
 * (./health.ts), with the thresholds a store sets (option `alerts`), and its words in Vietnamese
 * and English for when it opens and when it clears. Pure: the runner keeps each incident once in
 * PostgreSQL (src/runners/alerts.ts).
 */
import type { ShopperLocale } from "../checkout/shopper-errors"
import { countText, type Health } from "./health"

export const ALERT_KINDS = ["no_callbacks", "backlog", "ghn_errors", "run_failures", "cod_failures", "token_refused"] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export type AlertThresholds = {
  /** No callback for this many hours while parcels are in transit. */
  noCallbackHours: number
  /** A callback waiting to be applied for more than this many minutes. */
  backlogMinutes: number
  /** GHN's failures (4xx, 429, 5xx, timeouts, no answer) above this share of the last hour's calls, */
  errorRate: number
  /** counted once the hour has at least this many calls. */
  errorMinCalls: number
  /** A shipping run of the last ones failing more than this share of its orders. */
  runFailedShare: number
  /** COD captures failed at least this many times. */
  codFailures: number
}

export const DEFAULT_ALERT_THRESHOLDS: AlertThresholds = { noCallbackHours: 6, backlogMinutes: 15, errorRate: 0.2, errorMinCalls: 20, runFailedShare: 0.5, codFailures: 1 }

/** One alert's state now: firing or not, for an account (its shop id; "store" for what is the store's). */
export type AlertState = { kind: AlertKind; account: string; firing: boolean; params: Record<string, string | number> }

/** Whether parcels are in transit at all: without them a quiet webhook is normal. */
export type AlertInput = { health: Health; now: Date; parcelsInTransit: number }

export function alertStates({ health, now, parcelsInTransit }: AlertInput, t: AlertThresholds): AlertState[] {
  const states: AlertState[] = []
  const lastCallback = health.callbacks.last_received_at ? new Date(health.callbacks.last_received_at).getTime() : null
  const hoursQuiet = lastCallback === null ? Infinity : (now.getTime() - lastCallback) / 3_600_000
  states.push({ kind: "no_callbacks", account: "store", firing: parcelsInTransit > 0 && hoursQuiet >= t.noCallbackHours, params: { hours: t.noCallbackHours, parcels: countText(parcelsInTransit) } })
  const oldest = health.callbacks.oldest_pending_at ? new Date(health.callbacks.oldest_pending_at).getTime() : null
  const waitedMinutes = oldest === null ? 0 : Math.floor((now.getTime() - oldest) / 60_000)
  states.push({ kind: "backlog", account: "store", firing: waitedMinutes >= t.backlogMinutes, params: { minutes: waitedMinutes, pending: health.callbacks.pending } })
  const worst = health.runs.last.find((r) => r.created + r.failed > 0 && r.failed / (r.created + r.failed) > t.runFailedShare)
  states.push({ kind: "run_failures", account: "store", firing: !!worst, params: worst ? { run_id: worst.id, failed: worst.failed, orders: worst.created + worst.failed } : {} })
  for (const a of health.accounts) {
    const account = String(a.shop_id)
    const h = a.calls.hour
    const calls = h["2xx"] + h["4xx"] + h["429"] + h["5xx"] + h.timeout + h.network
    const failed = calls - h["2xx"]
    states.push({ kind: "ghn_errors", account, firing: calls >= t.errorMinCalls && failed / calls > t.errorRate, params: { shop: a.shop_id, failed, calls } })
    states.push({ kind: "cod_failures", account, firing: a.cod.failed >= t.codFailures, params: { shop: a.shop_id, failed: a.cod.failed } })
    states.push({ kind: "token_refused", account, firing: !!a.token.refused, params: { shop: a.shop_id, code: a.token.refused?.code ?? "" } })
  }
  return states
}

type Words = Record<ShopperLocale, { open: (p: Record<string, string | number>) => string; clear: (p: Record<string, string | number>) => string }>

const WORDS: Record<AlertKind, Words> = {
  no_callbacks: {
    vi: { open: (p) => `GHN không gọi về cửa hàng đã ${p.hours} giờ trong khi ${p.parcels} kiện đang vận chuyển: kiểm tra webhook trong cổng GHN.`, clear: () => "GHN đã gọi về cửa hàng trở lại." },
    en: { open: (p) => `GHN has not called the store back for ${p.hours} hours while ${p.parcels} parcels are in transit: check the webhook in GHN's portal.`, clear: () => "GHN calls the store back again." },
  },
  backlog: {
    vi: { open: (p) => `${p.pending} cập nhật từ GHN chờ xử lý, lâu nhất ${p.minutes} phút: kiểm tra worker.`, clear: () => "Các cập nhật từ GHN đã được xử lý hết." },
    en: { open: (p) => `${p.pending} GHN callbacks wait to be applied, the oldest for ${p.minutes} minutes: check the worker.`, clear: () => "Every GHN callback is applied again." },
  },
  ghn_errors: {
    vi: { open: (p) => `GHN lỗi ${p.failed} trên ${p.calls} lần gọi trong giờ qua (cửa hàng ${p.shop}).`, clear: (p) => `GHN trả lời bình thường trở lại (cửa hàng ${p.shop}).` },
    en: { open: (p) => `GHN failed ${p.failed} of ${p.calls} calls in the last hour (shop ${p.shop}).`, clear: (p) => `GHN answers normally again (shop ${p.shop}).` },
  },
  run_failures: {
    vi: { open: (p) => `Lượt gửi hàng ${p.run_id}: ${p.failed} trên ${p.orders} đơn lỗi.`, clear: () => "Các lượt gửi hàng gần đây không còn lỗi quá ngưỡng." },
    en: { open: (p) => `Shipping run ${p.run_id}: ${p.failed} of ${p.orders} orders failed.`, clear: () => "The recent shipping runs are below the failure threshold again." },
  },
  cod_failures: {
    vi: { open: (p) => `${p.failed} lần ghi nhận tiền thu hộ (COD) bị lỗi (cửa hàng ${p.shop}): xem tab COD.`, clear: (p) => `Tiền thu hộ đã được ghi nhận đủ (cửa hàng ${p.shop}).` },
    en: { open: (p) => `${p.failed} cash-on-delivery captures failed (shop ${p.shop}): see the COD tab.`, clear: (p) => `Cash on delivery is recorded again (shop ${p.shop}).` },
  },
  token_refused: {
    vi: { open: (p) => `GHN từ chối token của cửa hàng ${p.shop} (${p.code}): kiểm tra Cài đặt → GHN → Kết nối.`, clear: (p) => `GHN chấp nhận lại token của cửa hàng ${p.shop}.` },
    en: { open: (p) => `GHN refused shop ${p.shop}'s token (${p.code}): check Settings → GHN → Connection.`, clear: (p) => `GHN accepts shop ${p.shop}'s token again.` },
  },
}

/** The alert's title and sentence, when it opens or clears, in the team's language. */
export function alertText(state: Pick<AlertState, "kind" | "params">, phase: "open" | "clear", locale: ShopperLocale): { title: string; description: string } {
  const title = locale === "vi" ? (phase === "open" ? "Cảnh báo GHN" : "GHN đã ổn") : phase === "open" ? "GHN alert" : "GHN back to normal"
  return { title, description: WORDS[state.kind][locale][phase](state.params) }
}
