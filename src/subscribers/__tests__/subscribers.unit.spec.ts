jest.mock("../../runners/cod", () => ({ captureGhnCod: jest.fn(), refreshOrderCodChecks: jest.fn() }))
jest.mock("../../runners/shipments", () => ({ applyGhnCallback: jest.fn(), recoveryPass: jest.fn() }))
jest.mock("../../runners/shipping-runs", () => ({ executeShippingRun: jest.fn() }))
jest.mock("../../workflows/create-ghn-return-order", () => ({ createGhnReturnOrderWorkflow: jest.fn() }))
jest.mock("../../workflows/notify-ghn-shopper", () => ({ notifyGhnShopperWorkflow: jest.fn() }))
jest.mock("../../lib/runtime/in-flight", () => ({ ...jest.requireActual("../../lib/runtime/in-flight"), isScriptRun: jest.fn(() => false) }))

import type { SubscriberArgs } from "@medusajs/framework"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ShopperUpdateData } from "../../contracts/events"
import { isScriptRun } from "../../lib/runtime/in-flight"
import { GHN_MODULE } from "../../modules/ghn"
import { captureGhnCod, refreshOrderCodChecks } from "../../runners/cod"
import { applyGhnCallback, recoveryPass } from "../../runners/shipments"
import { executeShippingRun } from "../../runners/shipping-runs"
import { fakeContainer, stubWorkflow } from "../../runners/__tests__/fakes"
import { createGhnReturnOrderWorkflow } from "../../workflows/create-ghn-return-order"
import { notifyGhnShopperWorkflow } from "../../workflows/notify-ghn-shopper"
import ghnCodDelivered, { config as codDeliveredConfig } from "../ghn-cod-delivered"
import ghnExchangeOrClaimCreated, { config as exchangeClaimConfig } from "../ghn-exchange-claim-created"
import ghnOrderCodCheck, { config as orderCodCheckConfig } from "../ghn-order-cod-check"
import ghnReceiverPhoneChanged, { config as phoneChangedConfig } from "../ghn-receiver-phone-changed"
import ghnReturnRequested, { config as returnRequestedConfig } from "../ghn-return-requested"
import ghnShipmentUpdated, { config as shipmentUpdatedConfig } from "../ghn-shipment-updated"
import ghnShippingRunQueued, { config as runQueuedConfig } from "../ghn-shipping-run-queued"
import ghnShopperNotify, { config as shopperNotifyConfig } from "../ghn-shopper-notify"

/** What Medusa hands a subscriber: the event (its name and data) and the container. */
function argsOf<T>(name: string, data: T, container: MedusaContainer): SubscriberArgs<T> {
  return { event: { name, data }, container, pluginOptions: {} } as unknown as SubscriberArgs<T>
}

/** Medusa's query as the subscribers read it: rows per entity, filtered by id. */
function fakeQuery(rows: Record<string, { id: string; [key: string]: unknown }[]>) {
  return { graph: jest.fn(async ({ entity, filters }: { entity: string; filters: { id: string } }) => ({ data: (rows[entity] ?? []).filter((r) => r.id === filters.id) })) }
}

beforeEach(() => {
  jest.clearAllMocks()
  jest.mocked(isScriptRun).mockReturnValue(false)
})

describe("ghn-shipment-updated", () => {
  it("applies the stored callback the event names, on ghn.shipment.updated", async () => {
    const { container } = fakeContainer({})
    await ghnShipmentUpdated(argsOf("ghn.shipment.updated", { event_id: "cb_1", order_code: "GHN1" }, container))
    expect(applyGhnCallback).toHaveBeenCalledWith(container, { event_id: "cb_1", order_code: "GHN1" })
    expect(shipmentUpdatedConfig).toEqual({ event: "ghn.shipment.updated", context: { subscriberId: "ghn-sync-shipment" } })
  })
})

describe("ghn-cod-delivered", () => {
  it("captures the delivered shipment's COD, on ghn.cod.delivered", async () => {
    const { container } = fakeContainer({})
    await ghnCodDelivered(argsOf("ghn.cod.delivered", { order_code: "GHN1" }, container))
    expect(captureGhnCod).toHaveBeenCalledWith(container, "GHN1")
    expect(codDeliveredConfig).toEqual({ event: "ghn.cod.delivered", context: { subscriberId: "ghn-capture-cod" } })
  })

  it("leaves it to the worker's next pass in a `medusa exec` script", async () => {
    jest.mocked(isScriptRun).mockReturnValue(true)
    const { container } = fakeContainer({})
    await ghnCodDelivered(argsOf("ghn.cod.delivered", { order_code: "GHN1" }, container))
    expect(captureGhnCod).not.toHaveBeenCalled()
  })
})

describe("ghn-shipping-run-queued", () => {
  it("executes the queued run, on ghn.shipping_run.queued", async () => {
    const { container } = fakeContainer({})
    await ghnShippingRunQueued(argsOf("ghn.shipping_run.queued", { id: "run_1" }, container))
    expect(executeShippingRun).toHaveBeenCalledWith(container, "run_1")
    expect(runQueuedConfig).toEqual({ event: "ghn.shipping_run.queued", context: { subscriberId: "ghn-shipping-run-queued" } })
  })
})

describe("ghn-shopper-notify", () => {
  const update: ShopperUpdateData = {
    update: "out_for_delivery", order_code: "GHN1", order_id: "order_1", fulfillment_id: "ful_1", status: "delivering", reason: null, reason_code: null, delivery_attempts: 0,
  }

  it("runs the notification workflow with the update, on each ghn.parcel.<moment>", async () => {
    const { container } = fakeContainer({})
    const run = stubWorkflow(notifyGhnShopperWorkflow).mockResolvedValue({ result: [] })
    await ghnShopperNotify(argsOf("ghn.parcel.out_for_delivery", update, container))
    expect(notifyGhnShopperWorkflow).toHaveBeenCalledWith(container)
    expect(run).toHaveBeenCalledWith({ input: update })
    expect(shopperNotifyConfig).toEqual({
      event: ["ghn.parcel.shipped", "ghn.parcel.out_for_delivery", "ghn.parcel.delivery_failed", "ghn.parcel.delivered", "ghn.parcel.returned"],
      context: { subscriberId: "ghn-shopper-notify" },
    })
  })

  it("says nothing when another process sent the same notification, warns on any other failure, never throws", async () => {
    const { container, logger } = fakeContainer({})
    stubWorkflow(notifyGhnShopperWorkflow)
      .mockRejectedValueOnce(new Error('duplicate key value violates unique constraint "IDX_notification_idempotency_key"'))
      .mockRejectedValueOnce(new Error("SMTP refused"))
    await expect(ghnShopperNotify(argsOf("ghn.parcel.out_for_delivery", update, container))).resolves.toBeUndefined()
    expect(logger.warn).not.toHaveBeenCalled()
    await expect(ghnShopperNotify(argsOf("ghn.parcel.out_for_delivery", update, container))).resolves.toBeUndefined()
    expect(logger.warn).toHaveBeenCalledWith("GHN: the shopper notification of GHN1 (out_for_delivery) was not sent: SMTP refused")
  })
})

describe("ghn-return-requested", () => {
  it("books GHN's pickup for the return, on Medusa's order.return_requested", async () => {
    const { container } = fakeContainer({})
    const run = stubWorkflow(createGhnReturnOrderWorkflow).mockResolvedValue({ result: null })
    await ghnReturnRequested(argsOf("order.return_requested", { order_id: "order_1", return_id: "ret_1" }, container))
    expect(run).toHaveBeenCalledWith({ input: { return_id: "ret_1" } })
    expect(returnRequestedConfig).toEqual({ event: "order.return_requested", context: { subscriberId: "ghn-create-return-order" } })
  })
})

describe("ghn-exchange-claim-created", () => {
  const query = fakeQuery({
    order_exchange: [{ id: "exc_1", return_id: "ret_exc" }, { id: "exc_no_return", return_id: null }],
    order_claim: [{ id: "claim_1", return_id: "ret_claim" }],
  })

  it("books GHN's pickup for an exchange's or a claim's return, on order.exchange_created and order.claim_created", async () => {
    const { container } = fakeContainer({ [ContainerRegistrationKeys.QUERY]: query })
    const run = stubWorkflow(createGhnReturnOrderWorkflow).mockResolvedValue({ result: null })
    await ghnExchangeOrClaimCreated(argsOf("order.exchange_created", { order_id: "order_1", exchange_id: "exc_1" }, container))
    await ghnExchangeOrClaimCreated(argsOf("order.claim_created", { order_id: "order_1", claim_id: "claim_1" }, container))
    expect(query.graph).toHaveBeenCalledWith({ entity: "order_exchange", fields: ["id", "return_id"], filters: { id: "exc_1" } })
    expect(query.graph).toHaveBeenCalledWith({ entity: "order_claim", fields: ["id", "return_id"], filters: { id: "claim_1" } })
    expect(run.mock.calls).toEqual([[{ input: { return_id: "ret_exc" } }], [{ input: { return_id: "ret_claim" } }]])
    expect(exchangeClaimConfig).toEqual({ event: ["order.exchange_created", "order.claim_created"], context: { subscriberId: "ghn-create-exchange-claim-return-order" } })
  })

  it("books nothing for a change with no return, or an event naming neither", async () => {
    const { container } = fakeContainer({ [ContainerRegistrationKeys.QUERY]: query })
    const run = stubWorkflow(createGhnReturnOrderWorkflow)
    await ghnExchangeOrClaimCreated(argsOf("order.exchange_created", { order_id: "order_1", exchange_id: "exc_no_return" }, container))
    await ghnExchangeOrClaimCreated(argsOf("order.claim_created", { order_id: "order_1" }, container))
    expect(run).not.toHaveBeenCalled()
  })
})

describe("ghn-receiver-phone-changed", () => {
  function setUp(refused: string[]) {
    const ghn = {
      recheckCodRisk: jest.fn(async () => [
        { order_code: "GHN_OK", refused: false },
        ...refused.map((order_code) => ({ order_code, refused: true })),
      ]),
    }
    const query = fakeQuery({ order: [{ id: "order_1", display_id: 42, shipping_address: { phone: "+84 912 345 678" } }] })
    return { ghn, query, ...fakeContainer({ [GHN_MODULE]: ghn, [ContainerRegistrationKeys.QUERY]: query }) }
  }

  it("checks codRisk again on the order's phone now, in its national form, on Medusa's order.updated", async () => {
    const { ghn, container, logger } = setUp([])
    await ghnReceiverPhoneChanged(argsOf("order.updated", { id: "order_1" }, container))
    expect(ghn.recheckCodRisk).toHaveBeenCalledWith({ order_id: "order_1" }, "0912345678")
    expect(logger.warn).not.toHaveBeenCalled()
    expect(phoneChangedConfig).toEqual({ event: "order.updated", context: { subscriberId: "ghn-recheck-cod-risk" } })
  })

  it("tells the admin which COD shipments codRisk would now refuse", async () => {
    const { container, logger } = setUp(["GHN_A", "GHN_B"])
    await ghnReceiverPhoneChanged(argsOf("order.updated", { id: "order_1" }, container))
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/^GHN: order #42's receiver \(0912345678\) .* GHN_A, GHN_B are not picked up yet/))
  })

  it("does nothing for an order that is gone", async () => {
    const { ghn, container } = setUp([])
    await ghnReceiverPhoneChanged(argsOf("order.updated", { id: "order_gone" }, container))
    expect(ghn.recheckCodRisk).not.toHaveBeenCalled()
  })
})

describe("ghn-order-cod-check", () => {
  it("brings the COD tab's check of the order up to date on Medusa's order events that change what it owes or carries", async () => {
    const { container } = fakeContainer({})
    await ghnOrderCodCheck(argsOf("order-edit.confirmed", { order_id: "order_1" }, container))
    await ghnOrderCodCheck(argsOf("order.updated", { id: "order_2" }, container))
    expect(jest.mocked(refreshOrderCodChecks).mock.calls).toEqual([[container, ["order_1"]], [container, ["order_2"]]])
    expect(orderCodCheckConfig.event).toEqual(expect.arrayContaining(["order.fulfillment_created", "order.fulfillment_canceled", "order.exchange_created", "order.claim_created", "order.return_requested", "order-edit.confirmed"]))
  })
})
