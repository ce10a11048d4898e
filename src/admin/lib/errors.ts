import type { TFunction } from "i18next"

/** A failure as the plugin's routes keep it: the code, the server's text, and the stable reason's parameters (src/lib/shipping-run failureOf). */
export type CodedFailure = { code: string | null; message: string; params?: ({ reason?: string; ghn_text?: string } & Record<string, unknown>) | null }

const kg = (grams: unknown, lng: string) => new Intl.NumberFormat(lng.startsWith("vi") ? "vi-VN" : "en-US", { maximumFractionDigits: 1 }).format(Number(grams) / 1000)

/**
 * A failure in the admin's language: its stable reason worded by src/admin/i18n `errors` (an
 * address GHN cannot match, a parcel, a phone, GHN unavailable, an order a run cannot ship), with
 * GHN's own words beside it when GHN refused; a code the admin does not know names GHN's code and
 * GHN's text. The server's English text is kept for the tooltip (`detail`), never in the line.
 */
export function failureText(t: TFunction, lng: string, failure: CodedFailure): { text: string; ghn: string | null; detail: string } {
  const p = failure.params ?? {}
  const reason = p.reason
  const ghn = typeof p.ghn_text === "string" && p.ghn_text ? p.ghn_text : null
  const values: Record<string, unknown> = {
    ...p,
    part: typeof p.part === "string" ? t(`errors.part_${p.part}`, { defaultValue: p.part }) : "",
    candidates: Array.isArray(p.candidates) && p.candidates.length ? t("errors.candidates", { list: p.candidates.join("; ") }) : "",
    weight: kg(p.weight_g, lng),
    limit: kg(p.limit_g, lng),
    service: p.service_type_id === 5 ? t("errors.heavy") : t("errors.light"),
    status: typeof p.status === "string" ? t(`errors.orderStatus_${p.status}`, { defaultValue: p.status }) : "",
    interpolation: { escapeValue: false },
  }
  if (reason && t(`errors.${reason}`, { defaultValue: "" })) return { text: String(t(`errors.${reason}`, values)).trim(), ghn, detail: failure.message }
  if (ghn) return { text: t("errors.ghn", { code: failure.code ?? "—", interpolation: { escapeValue: false } }), ghn, detail: failure.message }
  return { text: t("errors.other", { code: failure.code ?? "—", interpolation: { escapeValue: false } }), ghn: null, detail: failure.message }
}
