import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { pickShiftWindow, vietnamMidnight } from "../../../../lib/ghn"
import { ghnModule } from "../../../utils"
import { callGhn } from "../support-utils"

const DAY = 86_400

/**
 * Pick Shift: GHN's pickup shifts with their windows as dates (Asia/Ho_Chi_Minh), today's first.
 * Ids change every day: shown, never stored.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const now = new Date()
  const shifts = await callGhn("GHN Pick Shift", () => ghn.client.shifts.list())
  const list = shifts.map((s) => {
    const { from, to } = pickShiftWindow(s, now)
    return { id: s.id, title: s.title, from_time: s.from_time, to_time: s.to_time, from: from.toISOString(), to: to.toISOString(), today: s.from_time < DAY }
  })
  res.json({
    shifts: list,
    today: list.filter((s) => s.today),
    date: vietnamMidnight(now).toISOString(),
    pick_shift_option: ghn.options.pickShift,
  })
}
