/**
 * Which Update Order fields GHN lets a caller change in each status (the spec's status table).
 * Groups (the spec's shorthand): sender = every from_* field (from_hotline included), receiver =
 * the to_* name, phone and address fields (the ward, district and province are the address),
 * return = every return_* field, service = service_type_id.
 */
const SENDER = ["from_name", "from_phone", "from_hotline", "from_address", "from_ward_name", "from_district_name", "from_province_name", "is_new_from_address"]
const RECEIVER = ["to_name", "to_phone", "to_address", "to_ward_name", "to_district_name", "to_province_name", "is_new_to_address"]
const RETURN = ["return_name", "return_phone", "return_address", "return_ward_name", "return_district_name", "return_province_name", "is_new_return_address"]
const SERVICE = ["service_type_id"]

const TABLE: Record<string, string[] | "all" | "all-except-pickup"> = {
  ready_to_pick: "all",
  picking: "all-except-pickup",
  money_collect_picking: ["order_value", "to_name", "to_phone", "weight", "content", "required_note", "note", "cod_amount", "cod_failed_amount", ...RETURN, "coupon", "items"],
  picked: [...SERVICE, ...RECEIVER, "weight", "content", "required_note", "note", "cod_amount", "cod_failed_amount", ...RETURN, "coupon", "items", "document_return", "double_check"],
  storing: [...SERVICE, ...RECEIVER, "content", "required_note", "note", "cod_amount", "cod_failed_amount", ...RETURN, "coupon", "document_return", "double_check"],
  delivering: [...SERVICE, ...RECEIVER, "required_note", "note", "cod_amount", "cod_failed_amount", ...RETURN, "document_return", "double_check"],
  delivery_fail: [...SERVICE, ...RECEIVER, "content", "required_note", "note", "cod_amount", ...RETURN, "document_return", "double_check"],
  waiting_to_return: [...SERVICE, ...RECEIVER, "content", "required_note", "note", "cod_amount", "cod_failed_amount", ...RETURN, "document_return", "double_check"],
  return: ["return_name", "return_phone"],
  return_fail: ["return_name", "return_phone", "return_address"],
}
TABLE.transporting = TABLE.storing
TABLE.sorting = TABLE.storing
TABLE.return_transporting = TABLE.return
TABLE.return_sorting = TABLE.return

const PICKUP = new Set([...SENDER, "pick_shift", "pickup_time", "pick_station_id"])

/** The Update Order fields the admin edits (its route and edit drawer), offered where the status allows. */
export const ADMIN_UPDATE_FIELDS = [
  "note",
  "required_note",
  "to_name",
  "to_phone",
  "to_address",
  "cod_amount",
  "cod_failed_amount",
  "pickup_time",
  "document_return",
  "double_check",
] as const

/** True when GHN accepts a change of `field` for an order in `status`. */
export function canUpdateField(status: string, field: string): boolean {
  const rule = (TABLE as Record<string, string[] | "all" | "all-except-pickup">)[status]
  if (!rule) return false // delivered, money_collect_delivering, returning, returned, cancel, exception, lost, damage
  if (rule === "all") return true
  if (rule === "all-except-pickup") return !PICKUP.has(field)
  return rule.includes(field)
}

/** The fields of a change that the order's status forbids. */
export function forbiddenUpdates(status: string, fields: string[]): string[] {
  return fields.filter((f) => !canUpdateField(status, f))
}

/** Statuses in which Delivery Again and Return Order are accepted (the spec's table). */
export const REDELIVERABLE = ["storing", "waiting_to_return"]
export const RETURNABLE = ["delivery_fail", "storing", "waiting_to_return", "return"]
