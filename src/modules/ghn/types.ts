import type { InferTypeOf } from "@medusajs/framework/types"
import type { GhnCreateIntent } from "./models/ghn-create-intent"
import type { GhnReceiverOutcome } from "./models/ghn-receiver-outcome"
import type { GhnShipment } from "./models/ghn-shipment"
import type { GhnTicket } from "./models/ghn-ticket"

/** A shipment record as the module reads it. */
export type GhnShipmentRow = InferTypeOf<typeof GhnShipment>
/** A support ticket record as the module reads it. */
export type GhnTicketRow = InferTypeOf<typeof GhnTicket>
/** A Create Order intent as the module reads it. */
export type GhnIntentRow = InferTypeOf<typeof GhnCreateIntent>
/** A COD parcel's end for its receiver. */
export type GhnReceiverOutcomeRow = InferTypeOf<typeof GhnReceiverOutcome>
