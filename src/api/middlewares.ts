import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { addGhnFulfillmentContext } from "./admin/ghn/fulfillment-context"
import { supportRoutes } from "./admin/ghn/support-middlewares"
import { LabelQuery, LabelsBody, ShipmentsQuery, SwitchStatusBody, UpdateShipmentBody } from "./admin/ghn/validators"
import { DistrictsQuery, LeadtimeBody, NewWardsQuery, WardsQuery } from "./store/ghn/validators"

const query = (schema: Parameters<typeof validateAndTransformQuery>[0]) =>
  validateAndTransformQuery(schema, { defaults: [], isList: false })

export default defineMiddlewares({
  routes: [
    // GHN's status callback: public, authenticated by the webhook secret; raw body kept.
    { matcher: "/hooks/ghn", methods: ["POST"], bodyParser: { preserveRawBody: true } },

    { matcher: "/store/ghn/districts", methods: ["GET"], middlewares: [query(DistrictsQuery)] },
    { matcher: "/store/ghn/wards", methods: ["GET"], middlewares: [query(WardsQuery)] },
    { matcher: "/store/ghn/new-wards", methods: ["GET"], middlewares: [query(NewWardsQuery)] },
    { matcher: "/store/ghn/leadtime", methods: ["POST"], middlewares: [validateAndTransformBody(LeadtimeBody)] },

    // Medusa's own route: product measures and COD for the GHN provider (see fulfillment-context.ts).
    { matcher: "/admin/orders/:id/fulfillments", methods: ["POST"], middlewares: [addGhnFulfillmentContext] },
    { matcher: "/admin/ghn/labels/:order_code", methods: ["GET"], middlewares: [query(LabelQuery)] },
    { matcher: "/admin/ghn/labels", methods: ["POST"], middlewares: [validateAndTransformBody(LabelsBody)] },
    { matcher: "/admin/ghn/shipments", methods: ["GET"], middlewares: [query(ShipmentsQuery)] },
    { matcher: "/admin/ghn/shipments/:order_code", methods: ["POST"], middlewares: [validateAndTransformBody(UpdateShipmentBody)] },
    { matcher: "/admin/ghn/redeliver", methods: ["POST"], middlewares: [validateAndTransformBody(SwitchStatusBody)] },
    { matcher: "/admin/ghn/return", methods: ["POST"], middlewares: [validateAndTransformBody(SwitchStatusBody)] },
    ...supportRoutes,
  ],
})
