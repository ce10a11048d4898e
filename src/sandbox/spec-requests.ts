/**
 * The strict sandbox: one table, per GHN operation the sandbox serves, of the request fields
 * the contract names (../shared/ghn-api-spec.md, its request tables; ghn-notes.md for the
 * master-data endpoints the spec leaves "not shown"), with their type, where they are read
 * (query string, JSON body or form) and the spec's required rules.
 *
 * Every GHN route is registered with its entry (`sb.api(method, path, SPEC_REQUESTS.x, handler)`;
 * `sb.route` takes control routes only), so no route can forget it. Each request is checked
 * against its entry before the handler runs, and what a strict reading of the contract would
 * not accept is recorded in GET /_sandbox/violations:
 * - `unknown_field`: a field the contract does not name for the operation (or names elsewhere:
 *   a body field of a query operation is `body:<name>`, a query parameter of a body operation
 *   `query:<name>`, a ShopId header on an operation that does not use it `header:ShopId`);
 *   recorded whatever the answer;
 * - `required`: a field the contract marks required (or required under a condition it states)
 *   that is missing or empty, and `type`: a value not of the contract's type (null included,
 *   unless the spec gives null as the default); both recorded only when the sandbox accepts
 *   the request anyway (answers below 400), since a refusal already enforces the rule;
 * - `method`: an HTTP method the contract does not list for the operation.
 * The sandbox still answers as GHN would: a violation is recorded, never refused.
 */
import type { Ctx } from "./sandbox"

export type SpecType = "int" | "string" | "bool" | "int[]" | "string[]" | "object[]" | "file[]" | "any"
export type Where = "query" | "json" | "form" | "none"
type Body = Record<string, unknown>

export interface SpecField {
  type: SpecType
  /** the spec says Required (a function: required under the condition the spec states) */
  required?: boolean | ((root: Body) => boolean)
  /** the spec gives null as the default (client_order_code) */
  nullable?: boolean
  /** element fields of an object[] */
  items?: Record<string, SpecField>
}

export interface SpecOperation {
  /** the operation's name in the spec's Summary table (or the notes) */
  operation: string
  /** where the contract states it: "spec: <section>" or "notes: <section>" */
  source: string
  /** methods the contract lists */
  methods: string[]
  /** where the fields are read */
  in: Where[]
  /** ShopId header per the spec's Authentication section; "any" where the contract is silent */
  shopId: "required" | "optional" | "unused" | "any"
  fields: Record<string, SpecField>
}

export interface Violation {
  at: string
  operation: string
  field: string
  rule: "unknown_field" | "required" | "type" | "method" | "content_type" | "empty_when_new"
  detail?: string
}

// ------------------------------------------------------------------ field helpers

const int = (required?: SpecField["required"]): SpecField => ({ type: "int", ...(required ? { required } : {}) })
const str = (required?: SpecField["required"]): SpecField => ({ type: "string", ...(required ? { required } : {}) })
const bool = (): SpecField => ({ type: "bool" })
const REQ = true
const filled = (v: unknown): boolean => v !== undefined && v !== null && v !== "" && v !== 0 && !(Array.isArray(v) && v.length === 0)
const noItems = (b: Body) => !Array.isArray(b.items) || b.items.length === 0

/** Create Order's recipient, sender and return blocks (spec, Create Order). */
function addressBlocks(conditional: boolean): Record<string, SpecField> {
  const out: Record<string, SpecField> = {}
  for (const p of ["to", "from", "return"] as const) {
    for (const f of ["name", "phone", "address", "ward_name", "province_name"]) out[`${p}_${f}`] = str()
    out[`${p}_district_name`] = str()
    out[`is_new_${p}_address`] = bool()
  }
  out.from_hotline = str()
  // "to_district_name | String | Required when is_new_to_address is false; leave empty when true"
  if (conditional) out.to_district_name = str((b) => b.is_new_to_address !== true)
  return out
}

/** Create Order's fields; `conditional`: with the spec's conditional requirements (not for Update Order, a partial update). */
function createOrderFields(conditional: boolean): Record<string, SpecField> {
  const isType5 = (b: Body) => conditional && b.service_type_id === 5
  return {
    ...addressBlocks(conditional),
    client_order_code: { type: "string", nullable: true }, // "default null"
    weight: int(),
    length: int(),
    width: int(),
    height: int(),
    // "Required when items is not sent"
    content: str(conditional ? noItems : undefined),
    service_type_id: int(),
    payment_type_id: int(),
    coupon: str(),
    cod_amount: int(),
    cod_failed_amount: int(),
    insurance_value: int(),
    order_value: int(),
    required_note: str(),
    note: str(),
    pick_station_id: int(),
    pick_shift: { type: "int[]" },
    // "Required when service_type_id is 5 and when content is absent"
    items: {
      type: "object[]",
      ...(conditional ? { required: (b: Body) => b.service_type_id === 5 || !filled(b.content) } : {}),
      items: {
        name: str(),
        code: str(),
        quantity: int(),
        price: int(),
        // "length, width, height | Int | cm; required when service_type_id is 5"; "weight | Int | Gram; required when service_type_id is 5"
        length: int(isType5),
        width: int(isType5),
        height: int(isType5),
        weight: int(isType5),
      },
    },
  }
}

const ORDER_CODES = { order_codes: { type: "string[]" } as SpecField }

// ------------------------------------------------------------------ the table

export const SPEC_REQUESTS = {
  getOtp: {
    operation: "Get OTP", source: "spec: Get OTP (affiliate step 1)", methods: ["POST"], in: ["json"], shopId: "optional",
    fields: { phone: str(REQ), language: str() },
  },
  createShopByOtp: {
    operation: "Create Shop by OTP", source: "spec: Create Shop by OTP (affiliate step 2)", methods: ["POST"], in: ["json"], shopId: "optional",
    fields: { phone: str(REQ), otp: str(REQ), address: str(), district_id: int(), ward_code: str(), language: str() },
  },
  addStaffByOtp: {
    operation: "Add Staff to Shop by OTP", source: "spec: Add Staff to Shop by OTP", methods: ["POST"], in: ["json"], shopId: "optional",
    fields: { phone: str(REQ), otp: str(REQ), shop_id: int(REQ), language: str() },
  },
  createShop: {
    operation: "Create Shop", source: "spec: Create Shop", methods: ["POST"], in: ["json"], shopId: "required",
    fields: { name: str(REQ), phone: str(), address: str(), ward_code: str(), district_id: int(), bank_account_id: int() },
  },
  getShop: {
    operation: "Get Shop", source: "spec: Get Shop (Header: Token only. Query parameters)", methods: ["GET"], in: ["query"], shopId: "unused",
    fields: { offset: int(), limit: int(), client_phone: str() },
  },
  createOrder: {
    operation: "Create Order", source: "spec: Create Order", methods: ["POST"], in: ["json"], shopId: "required",
    fields: createOrderFields(true),
  },
  previewOrder: {
    operation: "Preview Order", source: "spec: Preview Order (same body and validation rules as Create Order)", methods: ["POST"], in: ["json"], shopId: "required",
    fields: createOrderFields(true),
  },
  updateOrder: {
    operation: "Update Order", source: "spec: Update Order (every Create Order field, plus order_code, cod_amount, otp; the status table names pickup_time, document_return, double_check)", methods: ["POST"], in: ["json"], shopId: "required",
    fields: {
      ...createOrderFields(false),
      order_code: str(REQ),
      otp: str(),
      // named by the spec's table of updatable fields, with no type given
      pickup_time: { type: "any" },
      document_return: { type: "any" },
      double_check: { type: "any" },
    },
  },
  orderInfo: {
    operation: "Order Info", source: "spec: Order Info (Query parameter order_code)", methods: ["GET"], in: ["query"], shopId: "required",
    fields: { order_code: str(REQ) },
  },
  calculateFee: {
    operation: "Calculate Fee", source: "spec: Calculate Fee", methods: ["POST", "GET"], in: ["json"], shopId: "required",
    fields: {
      weight: int(REQ),
      to_district_id: int(REQ),
      to_ward_code: str(REQ),
      from_district_id: int(),
      from_ward_code: str(),
      service_type_id: int(),
      length: int(),
      width: int(),
      height: int(),
      insurance_value: int(),
      cod_value: int(),
      cod_failed_amount: int(),
      coupon: str(),
      // "items | Object[] | Required for heavy goods (type 5). Each: name (required), code, quantity (required),
      //  length, width, height, weight (required for multi-parcel heavy goods)"
      items: {
        type: "object[]",
        required: (b) => b.service_type_id === 5,
        items: {
          name: str(REQ),
          code: str(),
          quantity: int(REQ),
          length: int(),
          width: int(),
          height: int(),
          // "Each item of a heavy-goods order is one parcel": multi-parcel = two items or more
          weight: int((b) => b.service_type_id === 5 && Array.isArray(b.items) && b.items.length >= 2),
        },
      },
    },
  },
  leadtime: {
    operation: "Leadtime", source: "spec: Leadtime", methods: ["POST"], in: ["json"], shopId: "required",
    // service_id is mentioned only as the field not to use ("which has no effect"): not named here
    fields: {
      to_district_id: int(REQ), to_ward_code: str(REQ), from_district_id: int(), from_ward_code: str(),
      service_type_id: int(), weight: int(), length: int(), width: int(), height: int(),
    },
  },
  getService: {
    operation: "Get Service", source: "spec: Get Service", methods: ["POST"], in: ["json"], shopId: "required",
    fields: { shop_id: int(REQ), from_district: int(REQ), to_district: int(REQ) },
  },
  cancelOrder: {
    operation: "Cancel Order", source: "spec: Cancel Order", methods: ["POST"], in: ["json"], shopId: "required",
    fields: { ...ORDER_CODES, reason_code: str(), reason: str() },
  },
  deliveryAgain: {
    operation: "Delivery Again", source: "spec: Delivery Again", methods: ["POST"], in: ["json"], shopId: "required",
    fields: { ...ORDER_CODES },
  },
  returnOrder: {
    operation: "Return Order", source: "spec: Return Order (same shape as Delivery Again)", methods: ["POST"], in: ["json"], shopId: "required",
    fields: { ...ORDER_CODES },
  },
  printToken: {
    operation: "Print Order (token)", source: "spec: Print Order (print token)", methods: ["POST"], in: ["json"], shopId: "required",
    fields: { ...ORDER_CODES, item_index: { type: "int[]" } },
  },
  labelPage: {
    operation: "Print Order (label page)", source: "spec: Print Order (print token): GET on the print host with the token as query parameter token", methods: ["GET"], in: ["query"], shopId: "any",
    fields: { token: str(REQ) },
  },
  pickShift: {
    operation: "Pick Shift", source: "spec: Pick Shift (Header: Token only. No body, no query)", methods: ["GET"], in: ["none"], shopId: "unused",
    fields: {},
  },
  getProvince: {
    operation: "Get Province", source: "spec: Get Province (No parameters)", methods: ["GET"], in: ["none"], shopId: "required",
    fields: {},
  },
  getDistrict: {
    operation: "Get District", source: "notes: Master data (GET or POST, input province_id)", methods: ["GET", "POST"], in: ["query", "json"], shopId: "any",
    fields: { province_id: int() },
  },
  getWard: {
    operation: "Get Ward", source: "notes: Master data (GET ?district_id= or POST, input district_id)", methods: ["GET", "POST"], in: ["query", "json"], shopId: "any",
    fields: { district_id: int() },
  },
  getNewProvinces: {
    operation: "Get Province (new model)", source: "notes: Master data, new two-level model (GET, offset, limit)", methods: ["GET"], in: ["query"], shopId: "any",
    fields: { offset: int(), limit: int() },
  },
  getNewWards: {
    operation: "Get Ward (new model)", source: "notes: Master data, new two-level model (GET, province_id, offset, limit)", methods: ["GET"], in: ["query"], shopId: "any",
    fields: { province_id: int(), offset: int(), limit: int() },
  },
  createTicket: {
    operation: "Create Ticket", source: "spec: Create Ticket (form; values in the query string are not read)", methods: ["POST"], in: ["form"], shopId: "optional",
    fields: { order_code: str(REQ), category: str(REQ), description: str(REQ), attachments: { type: "file[]" } },
  },
  replyTicket: {
    operation: "Create Feedback of Ticket", source: "spec: Create Feedback of Ticket (form)", methods: ["POST"], in: ["form"], shopId: "optional",
    fields: { ticket_id: int(REQ), description: str(REQ), attachments: { type: "file[]" } },
  },
  getTicket: {
    operation: "Get Ticket", source: "spec: Get Ticket (Query parameter ticket_id)", methods: ["GET"], in: ["query"], shopId: "optional",
    fields: { ticket_id: int(REQ) },
  },
} satisfies Record<string, SpecOperation>

export type SpecOperationKey = keyof typeof SPEC_REQUESTS

// ------------------------------------------------------------------ the check

/** A value read from a query string or form: a string, or a file part. */
type Raw = { text: string } | { file: true }

function typeOf(v: unknown): string {
  if (v === null) return "null"
  if (Array.isArray(v)) return "array"
  return typeof v
}

/** JSON value against the spec's type; returns what is wrong, or null. */
function jsonTypeError(f: SpecField, v: unknown): string | null {
  if (f.type === "any") return null
  if (v === null) return f.nullable ? null : `null where the spec says ${f.type}`
  const want = (ok: boolean) => (ok ? null : `${typeOf(v)} ${JSON.stringify(v)?.slice(0, 40)} where the spec says ${f.type}`)
  switch (f.type) {
    case "int":
      return want(typeof v === "number" && Number.isInteger(v))
    case "string":
      return want(typeof v === "string")
    case "bool":
      return want(typeof v === "boolean")
    case "int[]":
      return want(Array.isArray(v) && v.every((e) => typeof e === "number" && Number.isInteger(e)))
    case "string[]":
      return want(Array.isArray(v) && v.every((e) => typeof e === "string"))
    case "object[]":
      return want(Array.isArray(v) && v.every((e) => e !== null && typeof e === "object" && !Array.isArray(e)))
    case "file[]":
      return `${typeOf(v)} in a JSON body where the spec says a file`
  }
}

/** Query or form value against the spec's type. */
function textTypeError(f: SpecField, v: Raw): string | null {
  if (f.type === "any") return null
  if ("file" in v) return f.type === "file[]" ? null : `a file where the spec says ${f.type}`
  switch (f.type) {
    case "int":
      return /^-?\d+$/.test(v.text) ? null : `${JSON.stringify(v.text.slice(0, 40))} where the spec says int`
    case "bool":
      return v.text === "true" || v.text === "false" ? null : `${JSON.stringify(v.text.slice(0, 40))} where the spec says bool`
    case "file[]":
      return "a text value where the spec says a file"
    case "string":
      return null
    default:
      return `a single value where the spec says ${f.type}`
  }
}

function isRequired(f: SpecField, root: Body): boolean {
  return typeof f.required === "function" ? f.required(root) : !!f.required
}

function missing(v: unknown): boolean {
  if (v === undefined || v === null || v === "" || v === 0) return true
  if (typeof v === "object" && v !== null && "text" in v) return (v as { text: string }).text === ""
  return Array.isArray(v) && v.length === 0
}

/** JSON object against a field table (nested object[] element tables included). */
function checkObject(fields: Record<string, SpecField>, obj: Body, root: Body, prefix: string, push: (v: Omit<Violation, "at" | "operation">) => void): void {
  for (const key of Object.keys(obj)) {
    const f = fields[key]
    if (!f) {
      push({ field: `${prefix}${key}`, rule: "unknown_field" })
      continue
    }
    const err = jsonTypeError(f, obj[key])
    if (err) push({ field: `${prefix}${key}`, rule: "type", detail: err })
    else if (f.type === "object[]" && f.items && Array.isArray(obj[key])) {
      ;(obj[key] as unknown[]).forEach((e, i) => checkObject(f.items!, e as Body, root, `${prefix}${key}[${i}].`, push))
    }
  }
  for (const [key, f] of Object.entries(fields)) {
    if (missing(obj[key]) && isRequired(f, root)) push({ field: `${prefix}${key}`, rule: "required" })
  }
}

/** Text fields (query or form) against a field table. */
function checkText(fields: Record<string, SpecField>, values: Map<string, Raw>, prefix: string, push: (v: Omit<Violation, "at" | "operation">) => void): void {
  const root: Body = {}
  for (const [key, v] of values) {
    root[key] = "text" in v ? v.text : v
    const f = fields[key]
    if (!f) {
      push({ field: `${prefix}${key}`, rule: "unknown_field" })
      continue
    }
    const err = textTypeError(f, v)
    if (err) push({ field: `${prefix}${key}`, rule: "type", detail: err })
  }
  for (const [key, f] of Object.entries(fields)) {
    const v = values.get(key)
    if ((v === undefined || ("text" in v && v.text === "")) && isRequired(f, root)) push({ field: `${prefix}${key}`, rule: "required" })
  }
}

function parseJsonObject(buf: Buffer): Body | null | "empty" {
  const text = buf.toString("utf8")
  if (text.trim() === "") return "empty"
  try {
    const v = JSON.parse(text)
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Body) : null
  } catch {
    return null
  }
}

/** Operations whose body takes Create Order's recipient block (and its new-model rule). */
const NEW_ADDRESS_OPERATIONS = new Set(["Create Order", "Preview Order", "Update Order"])

export interface FormValues {
  fields: Map<string, string>
  files: Array<{ field: string }>
}

/**
 * The violations of one request. `readForm` reads a form body (tickets). Unknown fields and
 * methods are to be recorded whatever the answer; required and type only when it is accepted.
 */
export async function specViolations(op: SpecOperation, ctx: Ctx, readForm: (ctx: Ctx) => Promise<FormValues>, where: Where[] = op.in): Promise<Array<Omit<Violation, "at" | "operation">>> {
  op = { ...op, in: where }
  const out: Array<Omit<Violation, "at" | "operation">> = []
  const push = (v: Omit<Violation, "at" | "operation">) => out.push(v)
  if (!op.methods.includes(ctx.method)) push({ field: `(method ${ctx.method})`, rule: "method", detail: `the spec lists ${op.methods.join(", ")}` })
  if (op.shopId === "unused") {
    const h = ctx.req.headers["shopid"]
    if (h !== undefined) push({ field: "header:ShopId", rule: "unknown_field", detail: "the spec: ShopId is not used by this operation" })
  }
  const readsQuery = op.in.includes("query")
  const readsJson = op.in.includes("json")
  // query string
  const query = new Map<string, Raw>()
  for (const [k, v] of ctx.query) if (!query.has(k)) query.set(k, { text: v })
  if (readsQuery) checkText(op.fields, query, "", push)
  else for (const k of query.keys()) push({ field: `query:${k}`, rule: "unknown_field" })
  // body
  if (ctx.body.length === 0) {
    // no body: the required fields of a JSON or form operation are missing (unless read from the query)
    if (op.in.includes("form")) checkText(op.fields, new Map(), "", push)
    else if (readsJson && !readsQuery) checkObject(op.fields, {}, {}, "", push)
    return out
  }
  if (op.in.includes("form")) {
    let form: FormValues
    try {
      form = await readForm(ctx)
    } catch {
      return out // malformed: refused by the handler
    }
    const values = new Map<string, Raw>()
    for (const [k, v] of form.fields) values.set(k, { text: v })
    for (const f of form.files) if (!values.has(f.field)) values.set(f.field, { file: true })
    checkText(op.fields, values, "", push)
    return out
  }
  const body = parseJsonObject(ctx.body)
  if (body === null || body === "empty") return out // malformed JSON is refused by the handler
  if (readsJson) {
    // The spec's headers: Content-Type application/json for every JSON body.
    const type = String(ctx.req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase()
    if (type !== "application/json") push({ field: "header:Content-Type", rule: "content_type", detail: `the spec: Content-Type application/json, got ${JSON.stringify(type || "(none)")}` })
    checkObject(op.fields, body, body, "", push)
    // Create Order's to_district_name: "leave empty when true" (is_new_to_address).
    if (NEW_ADDRESS_OPERATIONS.has(op.operation) && body.is_new_to_address === true && typeof body.to_district_name === "string" && body.to_district_name !== "") {
      push({ field: "to_district_name", rule: "empty_when_new", detail: "the spec: leave to_district_name empty when is_new_to_address is true" })
    }
  } else for (const k of Object.keys(body)) push({ field: `body:${k}`, rule: "unknown_field" })
  return out
}
