import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GhnTicket as GhnTicketData, GhnTicketCategory } from "../../lib/ghn"
import { safeFileName } from "../../lib/format/file-name"
import { adminError, toMedusaError } from "../../lib/runtime/medusa-error"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

/** A file for GHN, base64-encoded (workflow inputs are stored as JSON, like Medusa's uploads). */
export type GhnTicketFile = { filename: string; content_base64: string; content_type?: string }

export type CreateGhnTicketInput = {
  order_code: string
  category: GhnTicketCategory
  description: string
  attachments?: GhnTicketFile[]
  /** The admin user opening it. */
  created_by?: string | null
}

/** The files as GHN's form takes them, each under a safe base name (never a path the sender made up). */
export const toGhnAttachments = (files: GhnTicketFile[] | undefined) =>
  (files ?? []).map((f) => ({ filename: safeFileName(f.filename), content: new Uint8Array(Buffer.from(f.content_base64, "base64")), contentType: f.content_type }))

/**
 * GHN's Create Ticket (sent as a form: multipart with the files), for an order code of one of
 * this store's GHN shipments, with that shipment's shop. GHN cannot delete a ticket: no compensation.
 */
export const createGhnTicketAtGhnStep = createStep("create-ghn-ticket-at-ghn", async (input: CreateGhnTicketInput, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const [shipment] = await ghn.listGhnShipments({ order_code: input.order_code }, { select: ["order_code", "shop_id", "order_id", "provider_id"] })
  if (!shipment) throw adminError(MedusaError.Types.NOT_FOUND, { code: "shipment_not_found", params: { order_code: input.order_code } })
  let ticket: GhnTicketData
  try {
    ticket = await ghn.accountOf(shipment.provider_id).client.tickets.create(
      { order_code: input.order_code, category: input.category, description: input.description, attachments: toGhnAttachments(input.attachments) },
      { shopId: shipment.shop_id }
    )
  } catch (error) {
    throw toMedusaError(error, "GHN Create Ticket")
  }
  return new StepResponse({ ticket, shop_id: shipment.shop_id as number, order_id: (shipment.order_id as string | null) ?? null })
})
