/**
 * GHN (Giao Hàng Nhanh) API client: typed, validated, retried where safe. No Medusa imports.
 */
export { createGhnClient, environmentOfUrl, resolveBaseUrl, type GhnClient, type GhnClientOptions } from "./client"
export * from "./constants"
export * from "./errors"
export {
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  callOutcomeOf,
  messageText,
  parseValidationFields,
  type GhnCallOptions,
  type GhnCallOutcome,
  type GhnCallRecord,
  type GhnLogger,
  type GhnRawAnswer,
  type GhnRetryOptions,
} from "./transport"
export { OPERATION_LABELS } from "./validation"
export * from "./orders"
export * from "./fees"
export * from "./services"
export * from "./shops"
export * from "./affiliate"
export * from "./tickets"
export * from "./print"
export * from "./shifts"
export * from "./master-data"
