/**
 * The GHN sandbox that the integration tests' global set-up started, driven over HTTP through
 * its control API (/_sandbox/...) and its GHN API, as any client of it would.
 */
const url = () => {
  const value = process.env.GHN_BASE_URL
  if (!value) throw new Error("GHN_BASE_URL is not set: the integration tests' global set-up starts the sandbox")
  return value
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url() + path, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  const json = text ? JSON.parse(text) : null
  if (!res.ok) throw new Error(`sandbox ${method} ${path} -> ${res.status}: ${text}`)
  return json
}

const OWNER = { Token: "sandbox-owner-token", ShopId: "190001" }

export const sandbox = {
  url,
  reset: () => call("POST", "/_sandbox/reset", {}),
  /** The sandbox clock (ms): GHN's "now", which tests may have moved. */
  now: async () => (await call("GET", "/_sandbox/clock")).now as number,
  fixture: () => call("GET", "/_sandbox/fixture"),
  order: async (code: string) => unwrap(await call("GET", `/_sandbox/orders/${encodeURIComponent(code)}`), "order"),
  orders: async () => unwrap(await call("GET", "/_sandbox/orders"), "orders") as any[],
  ordersByClientCode: async (clientCode: string) =>
    ((await sandbox.orders()) as any[]).filter((o) => o.client_order_code === clientCode),
  /** Moves an order through statuses as GHN's operations would (each fires its callback); `status:REASON` carries a reason code. */
  move: async (code: string, ...steps: string[]) => {
    for (const step of steps) {
      const [status, reason_code] = step.split(":")
      const res = await fetch(`${url()}/_sandbox/orders/${encodeURIComponent(code)}/status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status, ...(reason_code ? { reason_code } : {}) }),
      })
      if (!res.ok) throw new Error(`sandbox refused ${code} -> ${step}: ${await res.text()}`)
    }
  },
  /** GHN re-weighs (and re-measures) a parcel at its hub: update_weight and update_fee follow. */
  reweigh: async (code: string, measures: { weight?: number; length?: number; width?: number; height?: number }) => {
    const res = await fetch(`${url()}/_sandbox/orders/${encodeURIComponent(code)}/weight`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(measures),
    })
    if (!res.ok) throw new Error(`sandbox refused to re-weigh ${code}: ${await res.text()}`)
  },
  setStatus: (code: string, status: string, reason_code?: string) =>
    call("POST", `/_sandbox/orders/${encodeURIComponent(code)}/status`, { status, ...(reason_code ? { reason_code } : {}) }),
  faults: (faults: Record<string, unknown>[]) => call("POST", "/_sandbox/faults", { faults }),
  webhook: (target: string | null, headers: Record<string, string> = {}) => call("POST", "/_sandbox/webhook", { url: target, headers }),
  webhooks: async () => unwrap(await call("GET", "/_sandbox/webhooks"), "webhooks") as any[],
  requestCount: async (path: string) => {
    const stats = await call("GET", "/_sandbox/stats")
    return Number(stats.requests?.[path] ?? 0)
  },
  /** When each request to a GHN path arrived at the sandbox (ms), oldest first: a client's pace as GHN saw it. */
  requestTimes: async (path: string) => (await call("GET", `/_sandbox/request-times?path=${encodeURIComponent(path)}`)).times as number[],
  /** Calculate Fee asked of the sandbox directly, with names resolved through its master data. */
  fee: async (q: {
    service_type_id: number
    weight: number
    length: number
    width: number
    height: number
    from: { district: string; ward: string }
    to: { district: string; ward: string }
    insurance_value?: number
  }) => {
    const from = await legacyIds(q.from.district, q.from.ward)
    const to = await legacyIds(q.to.district, q.to.ward)
    const { data } = await call(
      "POST",
      "/shiip/public-api/v2/shipping-order/fee",
      {
        service_type_id: q.service_type_id,
        weight: q.weight,
        length: q.length,
        width: q.width,
        height: q.height,
        from_district_id: from.district_id,
        from_ward_code: from.ward_code,
        to_district_id: to.district_id,
        to_ward_code: to.ward_code,
        insurance_value: q.insurance_value ?? 0,
        cod_value: 0,
      },
      OWNER
    )
    return data as { total: number }
  },
}

function unwrap(value: any, key: string) {
  return value && typeof value === "object" && key in value ? value[key] : value
}

async function legacyIds(districtName: string, wardName: string) {
  const provinces = (await call("GET", "/shiip/public-api/master-data/province", undefined, OWNER)).data as any[]
  for (const p of provinces) {
    const districts = (await call("POST", "/shiip/public-api/master-data/district", { province_id: p.ProvinceID }, OWNER)).data as any[]
    const d = districts.find((x) => x.DistrictName === districtName)
    if (!d) continue
    const wards = ((await call("POST", "/shiip/public-api/master-data/ward", { district_id: d.DistrictID }, OWNER)).data ?? []) as any[]
    const w = wards.find((x) => x.WardName === wardName)
    if (w) return { district_id: d.DistrictID as number, ward_code: String(w.WardCode) }
  }
  throw new Error(`sandbox has no ${wardName}, ${districtName}`)
}
