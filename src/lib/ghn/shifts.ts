/**
 * Pick Shift and the conversion of its "seconds from 00:00 today" times into dates.
 */
import { z } from "zod"
import { vietnamMidnight } from "./dates"
import { GHN_PATHS } from "./constants"
import { int, list, textOr } from "./response"
import type { GhnCallOptions, Transport } from "./transport"

export const pickShiftSchema = z.looseObject({
  id: int(),
  title: textOr(),
  from_time: int(),
  to_time: int(),
})
export type GhnPickShift = z.output<typeof pickShiftSchema>

export { vietnamMidnight }

/**
 * The concrete window of a pick shift. `from_time` / `to_time` count seconds from 00:00
 * (Asia/Ho_Chi_Minh) of `day`, the day the shift list was fetched (default: now); values
 * above 86400 fall on later days.
 */
export function pickShiftWindow(shift: Pick<GhnPickShift, "from_time" | "to_time">, day: Date = new Date()): { from: Date; to: Date } {
  const midnight = vietnamMidnight(day).getTime()
  return { from: new Date(midnight + shift.from_time * 1000), to: new Date(midnight + shift.to_time * 1000) }
}

export function createShiftsApi(t: Transport) {
  return {
    /** Pick Shift: the pickup shifts (ids are generated per date: never hard-code them). Token only. */
    async list(call?: GhnCallOptions): Promise<GhnPickShift[]> {
      return t.request({
        operation: "shifts.list",
        method: "GET",
        path: GHN_PATHS.pickShift,
        shopId: "never",
        retry: "safe",
        data: list(pickShiftSchema),
        call,
      })
    },
  }
}
export type GhnShiftsApi = ReturnType<typeof createShiftsApi>
