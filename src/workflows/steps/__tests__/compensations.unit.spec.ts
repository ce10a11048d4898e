/**
 * Every step that writes is undone when a later step of its workflow fails: each step runs in a
 * real (in-memory) Medusa workflow followed by a step that throws, against fakes of the plugin's
 * module, Medusa's fulfilment and payment modules, and GHN.
 */
import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ghnProviderIdOf } from "../../../lib/runtime/provider-id"
import { GHN_MODULE } from "../../../modules/ghn"
import { applyGhnEventStep } from "../apply-ghn-event"
import { markGhnCodCapturingStep } from "../mark-ghn-cod-capturing"
import { markGhnEventsProcessedStep } from "../mark-ghn-events-processed"
import type { Plan } from "../plan-ghn-cod-capture"
import { recordGhnCodCaptureStep } from "../record-ghn-cod-capture"
import { recordGhnTicketStep } from "../record-ghn-ticket"
import { recordReceiverOutcomeStep } from "../record-receiver-outcome"
import { refreshRepliedTicketStep } from "../refresh-replied-ghn-ticket"
import { setFulfillmentGhnStatusStep } from "../set-fulfillment-ghn-status"
import { syncGhnTicketsStep } from "../sync-ghn-tickets"
import type { SavedAddressPlan } from "../plan-saved-addresses"
import { recordGhnAddressChoicesStep } from "../record-ghn-address-choices"
import { writeSavedAddressMetadataStep } from "../write-saved-address-metadata"
import { setGhnLocationShopsStep } from "../set-ghn-location-shops"
import { ensureGhnServiceZoneStep } from "../ensure-ghn-service-zone"
import { enableGhnProviderOnLocationStep } from "../enable-ghn-provider-on-location"

type Row = Record<string, any> & { id: string }

const byId = (rows: Row[], id: string) => rows.find((r) => r.id === id)!
const update = (rows: Row[]) => async (data: Row) => Object.assign(byId(rows, data.id), data)

function fakes() {
  const shipments: Row[] = [
    {
      id: "ship_1",
      order_code: "GHN1",
      order_id: "order_1",
      fulfillment_id: "ful_1",
      is_return: false,
      status: "ready_to_pick",
      status_at: new Date("2026-11-20T08:00:00Z"),
      created_at: new Date("2026-11-20T07:00:00Z"),
      history: { events: [] },
      total_fee: 30000,
      fees: null,
      cod_amount: 500000,
      is_cod_collected: false,
      cod_collect_date: null,
      is_cod_transferred: false,
      cod_transfer_date: null,
      weight: 800,
      converted_weight: 800,
      last_synced_at: null,
      cod_capture_status: null,
      cod_captured_amount: 0,
      cod_capture_id: null,
      cod_captured_at: null,
      cod_capture_error: null,
      cod_capture_before: null,
      shop_id: 190001,
      // A store may register the provider under any id.
      provider_id: ghnProviderIdOf("hcm-shop"),
    },
  ]
  const events: Row[] = [
    { id: "evt_1", order_code: "GHN1", processed_at: null, event: { type: "switch_status", status: "picking", time: "2026-11-20T09:00:00.000Z", source: "webhook" } },
  ]
  const tickets: Row[] = [{ id: "tkt_1", ticket_id: 77, order_code: "GHN1", shop_id: 190001, status_id: 1, status: "Mới", conversation_count: 0, last_synced_at: null }]
  const fulfillments: Row[] = [{ id: "ful_1", data: { order_code: "GHN1", ghn_status: "ready_to_pick" } }]
  const captures: Row[] = [{ id: "capt_1", payment_id: "pay_1", amount: 500000, metadata: null }]
  const outcomes: Row[] = []
  const ghnApi = {
    tickets: {
      async get(id: number) {
        return { id, status_id: 3, status: "Đang xử lý", conversations: [{}, {}] }
      },
    },
  }
  const ghn = {
    async listGhnShipments(filter: Row | { order_code: string }) {
      return shipments.filter((s) => ("id" in filter ? s.id === filter.id : s.order_code === (filter as { order_code: string }).order_code)).map((s) => ({ ...s }))
    },
    updateGhnShipments: update(shipments),
    async shipmentByOrderCode(code: string) {
      const row = shipments.find((s) => s.order_code === code)
      return row && { ...row }
    },
    async writeShipmentFields(id: string, fields: Row) {
      Object.assign(byId(shipments, id), fields)
    },
    async parsePendingCallbacks(code: string) {
      return events.filter((e) => e.order_code === code && !e.processed_at).map((e) => ({ id: e.id, event: e.event }))
    },
    async markCallbacksApplied(ids: string[]) {
      for (const id of ids) byId(events, id).processed_at = new Date()
    },
    async markCallbacksPending(ids: string[]) {
      for (const id of ids) byId(events, id).processed_at = null
    },
    async markCallbacksWaiting() {},
    async listGhnTickets(filter: { ticket_id: number | number[] }) {
      const ids = ([] as number[]).concat(filter.ticket_id)
      return tickets.filter((t) => ids.includes(t.ticket_id)).map((t) => ({ ...t }))
    },
    async createGhnTickets(data: Row) {
      const row = { ...data, id: `tkt_${tickets.length + 1}` }
      tickets.push(row)
      return row
    },
    async deleteGhnTickets(id: string) {
      tickets.splice(tickets.findIndex((t) => t.id === id), 1)
    },
    updateGhnTickets: async (data: Row) => ({ ...(await update(tickets)(data)) }),
    async recordReceiverOutcome(row: Row) {
      if (outcomes.some((o) => o.order_code === row.order_code)) return null
      outcomes.push({ ...row, id: `ghnrcv_${outcomes.length + 1}` })
      return `ghnrcv_${outcomes.length}`
    },
    async deleteGhnReceiverOutcomes(id: string) {
      outcomes.splice(outcomes.findIndex((o) => o.id === id), 1)
    },
    async accountOfOrderCode() {
      return { client: ghnApi }
    },
  }
  const container = createMedusaContainer()
  container.register({
    logger: asValue({ info() {}, warn() {}, error() {}, debug() {} }),
    [GHN_MODULE]: asValue(ghn),
    [Modules.FULFILLMENT]: asValue({
      async retrieveFulfillment(id: string) {
        return { ...byId(fulfillments, id) }
      },
      async listFulfillments({ id }: { id: string }) {
        return fulfillments.filter((f) => f.id === id).map((f) => ({ ...f }))
      },
      async updateFulfillment(id: string, data: Row) {
        Object.assign(byId(fulfillments, id), data)
      },
    }),
    [Modules.PAYMENT]: asValue({ updateCaptures: update(captures), listCaptures: async (filter: { payment_id: string }) => captures.filter((c) => c.payment_id === filter.payment_id).map((c) => ({ ...c })) }),
    [ContainerRegistrationKeys.QUERY]: asValue({
      async graph() {
        return { data: [{ id: "order_1", shipping_address: { phone: "+84 912 345 678" } }] }
      },
    }),
  })
  return { container, shipments, events, tickets, fulfillments, captures, outcomes }
}

const fails = createStep("a-later-step-fails", async () => {
  throw new Error("a later step failed")
})

/** Runs `step` then a failing step; returns the error Medusa reports. */
async function runThenFail<I>(name: string, step: (input: I) => unknown, input: I, container: ReturnType<typeof fakes>["container"]) {
  const workflow = createWorkflow(name, (workflowInput: I) => {
    step(workflowInput)
    fails()
    return new WorkflowResponse(undefined)
  })
  const { errors } = await workflow(container).run({ input, throwOnError: false })
  return errors.map((e) => (e.error as Error).message)
}

describe("compensations of the plugin's steps", () => {
  it("apply-ghn-event puts the shipment back as it was", async () => {
    const f = fakes()
    const before = structuredClone(f.shipments[0])
    expect(await runThenFail("t-apply", applyGhnEventStep, { order_code: "GHN1" }, f.container)).toEqual(["a later step failed"])
    expect(f.shipments[0]).toEqual(before)
  })

  it("mark-ghn-events-processed leaves the callbacks pending again, for the next application", async () => {
    const f = fakes()
    const applied = { found: true, applied_event_ids: ["evt_1"], status_changed: false }
    await runThenFail("t-mark-events", markGhnEventsProcessedStep, { order_code: "GHN1", applied }, f.container)
    expect(f.events[0].processed_at).toBeNull()
  })

  it("set-fulfillment-ghn-status puts the fulfilment's data back", async () => {
    const f = fakes()
    await runThenFail("t-ful-status", setFulfillmentGhnStatusStep, { fulfillment_id: "ful_1", status: "picking" }, f.container)
    expect(f.fulfillments[0].data).toEqual({ order_code: "GHN1", ghn_status: "ready_to_pick" })
  })

  it("mark-ghn-cod-capturing keeps what the next pass needs to adopt a capture Medusa made (Medusa never undoes one)", async () => {
    const f = fakes()
    const plan: Plan = { kind: "capture", payment_id: "pay_1", amount: 500000, shipment_id: "ship_1", order_code: "GHN1", record: true, before: [] }
    await runThenFail("t-capturing", markGhnCodCapturingStep, plan, f.container)
    expect(f.shipments[0]).toMatchObject({
      cod_capture_status: "failed",
      cod_capture_error: expect.stringContaining("next pass"),
      cod_capture_before: { payment_id: "pay_1", captures: [] },
    })
  })

  it("record-ghn-cod-capture puts the shipment's capture fields back and untags the capture", async () => {
    const f = fakes()
    Object.assign(f.shipments[0], { status: "delivered", cod_capture_status: "capturing", cod_capture_before: { payment_id: "pay_1", captures: [] } })
    const plan: Plan = { kind: "capture", payment_id: "pay_1", amount: 500000, shipment_id: "ship_1", order_code: "GHN1", record: true, before: [] }
    await runThenFail("t-record-capture", recordGhnCodCaptureStep, { plan, payment: { captures: [{ id: "capt_1", amount: 500000 } as { id: string }] } }, f.container)
    expect(f.shipments[0]).toMatchObject({ cod_capture_status: "capturing", cod_capture_id: null, cod_capture_before: { payment_id: "pay_1", captures: [] } })
    expect(f.captures[0].metadata).toEqual({})
  })

  it("mark-ghn-cod-capturing keeps the collection's payments before Medusa marks it paid", async () => {
    const f = fakes()
    const plan: Plan = { kind: "mark_paid", payment_collection_id: "paycol_2", amount: 100000, shipment_id: "ship_1", order_code: "GHN1", record: true, before: ["pay_0"], total_after: 100000 }
    await runThenFail("t-marking", markGhnCodCapturingStep, plan, f.container)
    expect(f.shipments[0]).toMatchObject({ cod_capture_status: "failed", cod_captured_amount: 100000, cod_capture_before: { payment_collection_id: "paycol_2", payments: ["pay_0"] } })
  })

  it("record-ghn-cod-capture tags the capture of the collection Medusa marked paid, and leaves a part short of the COD due again", async () => {
    const f = fakes()
    const plan: Plan = { kind: "mark_paid", payment_collection_id: "paycol_2", amount: 500000, shipment_id: "ship_1", order_code: "GHN1", record: true, before: [], total_after: 500000, more: true }
    const workflow = createWorkflow("t-record-marked", (input: Parameters<typeof recordGhnCodCaptureStep>[0]) => new WorkflowResponse(recordGhnCodCaptureStep(input)))
    await workflow(f.container).run({ input: { plan, payment: null, marked: { id: "pay_1" } } })
    expect(f.captures[0].metadata).toEqual({ ghn_order_code: "GHN1" })
    expect(f.shipments[0]).toMatchObject({ cod_capture_status: null, cod_captured_amount: 500000, cod_capture_id: "capt_1", cod_capture_before: null })
  })

  it("record-receiver-outcome removes the receiver's row it added, and adds it from the parcel's state (a run stopped after the move)", async () => {
    const f = fakes()
    Object.assign(f.shipments[0], { status: "delivered" })
    // This run did not move the status (an earlier, stopped run did): the outcome is still recorded, then undone.
    const applied = { found: true, applied_event_ids: [], status_changed: false, status: "delivered", shipment_id: "ship_1", order_id: "order_1", is_return: false }
    const workflow = createWorkflow("t-outcome-kept", (input: typeof applied) => new WorkflowResponse(recordReceiverOutcomeStep(input)))
    await workflow(f.container).run({ input: applied })
    expect(f.outcomes).toEqual([expect.objectContaining({ phone: "0912345678", order_code: "GHN1", outcome: "delivered", cod_amount: 500000 })])
    f.outcomes.length = 0
    await runThenFail("t-outcome", recordReceiverOutcomeStep, applied, f.container)
    expect(f.outcomes).toEqual([])
  })

  it("record-ghn-ticket deletes the record it made", async () => {
    const f = fakes()
    const created = { ticket: { id: 88, status_id: 1, status: "Mới", conversations: [] }, shop_id: 190001, order_id: "order_1" }
    await runThenFail("t-record-ticket", recordGhnTicketStep, { created, input: { order_code: "GHN1", category: "Tư vấn", description: "?" } } as never, f.container)
    expect(f.tickets.map((t) => t.ticket_id)).toEqual([77])
  })

  it("write-ghn-saved-address-metadata puts each address's metadata back as it was", async () => {
    const addresses: Row[] = [{ id: "cuaddr_1", metadata: { note: "cổng sau", ghn_ward_id: 999, ghn_province_id: 1 } }]
    const container = createMedusaContainer()
    container.register({
      [Modules.CUSTOMER]: asValue({
        // Medusa's merge: a key set to "" is removed.
        async updateCustomerAddresses(id: string, data: { metadata: Record<string, unknown> }) {
          const row = byId(addresses, id)
          for (const [k, v] of Object.entries(data.metadata)) v === "" ? delete row.metadata[k] : (row.metadata[k] = v)
        },
      }),
    })
    const plan: SavedAddressPlan = {
      address_id: "cuaddr_1",
      customer_id: "cus_1",
      label: "12 Lê Lợi",
      before: { ...addresses[0].metadata },
      outcome: { kind: "resolved", metadata: { note: "cổng sau", ghn_district_id: 1442, ghn_ward_code: "20109" }, changed: true },
    }
    await runThenFail("t-saved-metadata", writeSavedAddressMetadataStep, [plan], container)
    expect(addresses[0].metadata).toEqual({ note: "cổng sau", ghn_ward_id: 999, ghn_province_id: 1 })
  })

  it("record-ghn-address-choices puts the admin's list back: rows made removed, rows changed or removed restored", async () => {
    const choices: Row[] = [
      { id: "ach_1", address_id: "a1", customer_id: "c1", code: "address_not_found", part: "ward", address_label: "x", candidates: [], deleted_at: null },
      { id: "ach_2", address_id: "a2", customer_id: "c1", code: "address_ambiguous", part: "ward", address_label: "y", candidates: [], deleted_at: null },
    ]
    const live = () => choices.filter((c) => !c.deleted_at).map(({ id, code }) => ({ id, code }))
    const container = createMedusaContainer()
    container.register({
      [GHN_MODULE]: asValue({
        async listGhnAddressChoices(f: { address_id: string[] }) {
          return choices.filter((c) => !c.deleted_at && f.address_id.includes(c.address_id)).map((c) => ({ ...c }))
        },
        async createGhnAddressChoices(rows: Row[]) {
          const made = rows.map((r, i) => ({ ...r, id: `ach_new_${i}`, deleted_at: null }))
          choices.push(...made)
          return made
        },
        updateGhnAddressChoices: async (data: Row) => Object.assign(byId(choices, data.id), data),
        async deleteGhnAddressChoices(ids: string | string[]) {
          for (const id of ([] as string[]).concat(ids)) choices.splice(choices.findIndex((c) => c.id === id), 1)
        },
        async softDeleteGhnAddressChoices(id: string) {
          byId(choices, id).deleted_at = new Date()
        },
        async restoreGhnAddressChoices(id: string) {
          byId(choices, id).deleted_at = null
        },
      }),
    })
    const before = live()
    const candidate = { model: "legacy" as const, label: "Phường Bến Nghé, Quận 1, Hồ Chí Minh", province_id: 202, province_name: "Hồ Chí Minh" }
    const plans: SavedAddressPlan[] = [
      { address_id: "a1", customer_id: "c1", label: "x", before: {}, outcome: { kind: "resolved", metadata: {}, changed: true } },
      { address_id: "a2", customer_id: "c1", label: "y", before: {}, outcome: { kind: "choice", choice: { code: "address_not_found", part: "ward", candidates: [candidate] }, metadata: {}, changed: true } },
      { address_id: "a3", customer_id: "c2", label: "z", before: {}, outcome: { kind: "choice", choice: { code: "address_ambiguous", part: "ward", candidates: [candidate] }, metadata: {}, changed: true } },
    ]
    await runThenFail("t-address-choices", recordGhnAddressChoicesStep, plans, container)
    expect(live()).toEqual(before)
    expect(byId(choices, "ach_2")).toMatchObject({ code: "address_ambiguous", address_label: "y", candidates: [] })
  })

  it("sync-ghn-tickets and refresh-replied-ghn-ticket put the ticket records back", async () => {
    for (const [name, step, input] of [
      ["t-sync-tickets", syncGhnTicketsStep, { ticket_ids: [77] }],
      ["t-refresh-replied", refreshRepliedTicketStep, 77],
    ] as const) {
      const f = fakes()
      const before = { ...f.tickets[0] }
      await runThenFail(name, step as (input: unknown) => unknown, input, f.container)
      expect(f.tickets[0]).toEqual(before)
    }
  })

  it("set-ghn-location-shops puts back the shops stored before: a location set again, one added cleared", async () => {
    const stored: Record<string, number> = { sloc_hn: 190001 }
    const container = createMedusaContainer()
    container.register({
      logger: asValue({ info() {}, warn() {}, error() {}, debug() {} }),
      [GHN_MODULE]: asValue({
        async storedLocationShops() {
          return { ...stored }
        },
        async setLocationShops(entries: { location_id: string; shop_id: number | null }[]) {
          for (const e of entries) e.shop_id === null ? delete stored[e.location_id] : (stored[e.location_id] = e.shop_id)
        },
      }),
    })
    const input = [
      { location_id: "sloc_hn", shop_id: 190002 },
      { location_id: "sloc_hcm", shop_id: 190003 },
    ]
    expect(await runThenFail("t-location-shops", setGhnLocationShopsStep, input, container)).toEqual(["a later step failed"])
    expect(stored).toEqual({ sloc_hn: 190001 })
  })

  it("ensure-ghn-service-zone and enable-ghn-provider-on-location remove the set, zone and links they made, and nothing they did not", async () => {
    const sets: Row[] = []
    const links: Row[] = []
    const container = createMedusaContainer()
    container.register({
      logger: asValue({ info() {}, warn() {}, error() {}, debug() {} }),
      [Modules.FULFILLMENT]: asValue({
        async createFulfillmentSets(data: Row) {
          const set = { ...data, id: `fuset_${sets.length + 1}`, service_zones: data.service_zones.map((z: Row, i: number) => ({ ...z, id: `serzo_${i + 1}` })) }
          sets.push(set)
          return set
        },
        async listServiceZones(filter: { fulfillment_set: { id: string } }) {
          return sets.find((s) => s.id === filter.fulfillment_set.id)!.service_zones
        },
        async deleteFulfillmentSets(ids: string[]) {
          for (const id of ids) sets.splice(sets.findIndex((s) => s.id === id), 1)
        },
      }),
      [ContainerRegistrationKeys.LINK]: asValue({
        async create(link: Row) {
          links.push(link)
        },
        async dismiss(link: Row) {
          links.splice(links.findIndex((l) => JSON.stringify(l) === JSON.stringify(link)), 1)
        },
      }),
    })
    const zone = { location_id: "sloc_hn", fulfillment_set_name: "Kho GHN", service_zone_name: "Việt Nam (GHN, Kho)" }
    expect(await runThenFail("t-zone", ensureGhnServiceZoneStep, zone, container)).toEqual(["a later step failed"])
    expect(await runThenFail("t-provider", enableGhnProviderOnLocationStep, { location_id: "sloc_hn", provider_id: ghnProviderIdOf("ghn"), enabled: false }, container)).toEqual(["a later step failed"])
    expect({ sets, links }).toEqual({ sets: [], links: [] })
    // A zone given and a provider already enabled: nothing made, nothing removed.
    links.push({ already: true })
    await runThenFail("t-zone-given", ensureGhnServiceZoneStep, { ...zone, service_zone_id: "serzo_x" }, container)
    await runThenFail("t-provider-on", enableGhnProviderOnLocationStep, { location_id: "sloc_hn", provider_id: ghnProviderIdOf("ghn"), enabled: true }, container)
    expect({ sets, links }).toEqual({ sets: [], links: [{ already: true }] })
  })
})
