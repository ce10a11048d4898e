import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { LabelQuery } from "./admin/ghn/validators"
import { DistrictsQuery, LeadtimeBody, NewWardsQuery, WardsQuery } from "./store/ghn/validators"

const query = (schema: Parameters<typeof validateAndTransformQuery>[0]) =>
  validateAndTransformQuery(schema, { defaults: [], isList: false })

export default defineMiddlewares({
  routes: [
    { matcher: "/store/ghn/districts", methods: ["GET"], middlewares: [query(DistrictsQuery)] },
    { matcher: "/store/ghn/wards", methods: ["GET"], middlewares: [query(WardsQuery)] },
    { matcher: "/store/ghn/new-wards", methods: ["GET"], middlewares: [query(NewWardsQuery)] },
    { matcher: "/store/ghn/leadtime", methods: ["POST"], middlewares: [validateAndTransformBody(LeadtimeBody)] },
    { matcher: "/admin/ghn/labels/:order_code", methods: ["GET"], middlewares: [query(LabelQuery)] },
  ],
})
