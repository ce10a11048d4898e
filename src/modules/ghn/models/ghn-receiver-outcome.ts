import { model } from "@medusajs/framework/utils"

/**
 * How one COD parcel of the store ended for its receiver (delivered, returned, refused), kept as
 * the parcel reaches its final status: the receiver's history is counted from these rows, by the
 * phone, on the (phone, at) index; never recomputed from the shipments.
 */
export const GhnReceiverOutcome = model
  .define("ghn_receiver_outcome", {
    id: model.id({ prefix: "ghnrcv" }).primaryKey(),
    /** The receiver's phone, normalised (src/lib/address/phone.ts normalizeVnPhone). */
    phone: model.text(),
    order_code: model.text().unique(),
    order_id: model.text().nullable(),
    outcome: model.enum(["delivered", "returned", "refused"]),
    cod_amount: model.number(),
    failed_attempts: model.number().default(0),
    /** When the parcel reached its final status (GHN's time). */
    at: model.dateTime(),
  })
  .indexes([{ on: ["phone", "at"] }])
