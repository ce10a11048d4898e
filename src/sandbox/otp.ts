/** OTPs delivered through the sandbox SMS outbox. */
import { randomInt } from "node:crypto"
import type { Sandbox } from "./sandbox"
import type { SmsRecord } from "./types"
import { isoSeconds } from "./text"

export const OTP_TTL_SECONDS = 300

export function issueOtp(sb: Sandbox, o: { phone: string; purpose: SmsRecord["purpose"]; requestedBy: number; orderCode?: string; requesterName?: string }): SmsRecord {
  const now = sb.now()
  // a new OTP replaces the unused ones of the same phone, purpose and requester
  for (const s of sb.state.sms) {
    if (!s.used && s.phone === o.phone && s.purpose === o.purpose && s.requested_by === o.requestedBy) s.used = true
  }
  const otp = String(randomInt(0, 1000000)).padStart(6, "0")
  const text =
    o.purpose === "affiliate"
      ? `[GHN] Ma OTP ${otp} de xac nhan ${o.requesterName ?? "doi tac"} tao cua hang/them nhan vien cho tai khoan cua ban. Hieu luc ${OTP_TTL_SECONDS / 60} phut. Khong chia se ma nay.`
      : `[GHN] Ma OTP ${otp} de xac nhan thay doi tien thu ho (COD)${o.orderCode ? ` don hang ${o.orderCode}` : ""}. Hieu luc ${OTP_TTL_SECONDS / 60} phut.`
  const rec: SmsRecord = {
    id: sb.state.counters.sms++,
    phone: o.phone,
    text,
    otp,
    purpose: o.purpose,
    created_at: isoSeconds(now),
    expires_at: now + OTP_TTL_SECONDS * 1000,
    used: false,
    requested_by: o.requestedBy,
    ...(o.orderCode ? { order_code: o.orderCode } : {}),
  }
  sb.state.sms.push(rec)
  sb.markDirty()
  return rec
}

/** Finds a valid (unused, unexpired) OTP; does not consume it. */
export function findOtp(sb: Sandbox, o: { phone: string; purpose: SmsRecord["purpose"]; requestedBy: number; otp: string }): SmsRecord | null {
  if (!o.otp) return null
  const now = sb.now()
  for (let i = sb.state.sms.length - 1; i >= 0; i--) {
    const s = sb.state.sms[i]
    if (s.phone === o.phone && s.purpose === o.purpose && s.requested_by === o.requestedBy && s.otp === o.otp) {
      if (s.used || now > s.expires_at) return null
      return s
    }
  }
  return null
}

export function consumeOtp(sb: Sandbox, rec: SmsRecord): void {
  rec.used = true
  sb.markDirty()
}

export function smsView(s: SmsRecord): Record<string, unknown> {
  return {
    id: s.id,
    phone: s.phone,
    text: s.text,
    otp: s.otp,
    purpose: s.purpose,
    created_at: s.created_at,
    expires_at: isoSeconds(s.expires_at),
    used: s.used,
    requested_by: s.requested_by,
    ...(s.order_code ? { order_code: s.order_code } : {}),
  }
}
