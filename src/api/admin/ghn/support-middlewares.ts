import type { MiddlewareRoute } from "@medusajs/framework/http"

/** Validation of the support-ticket and settings routes (merged into src/api/middlewares.ts). */
export const supportRoutes: MiddlewareRoute[] = []
