/**
 * What the plugin tells a store's operations team: each GHN call as an OpenTelemetry span and in
 * its metrics (through @opentelemetry/api, so a store that registers Medusa's instrumentation sees
 * them with no other set-up; without it every call here is a no-op), and counted for the GHN
 * page's Health section (GhnCallStats, kept by the GHN module). Never the token, a URL's query or
 * a receiver's data: the operation, its class, GHN's code and status, attempts and duration.
 */
import { type Attributes, type Counter, type Histogram, metrics, type MeterProvider, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api"
import type { GhnCallRecord } from "../ghn"
import { GhnCallStats } from "../health/call-stats"

export const TELEMETRY_NAME = "medusa-fulfillment-ghn"

/** The calls counted in this process for the Health section, until the GHN module keeps them. */
export const ghnCallStats = new GhnCallStats()

type Instruments = { provider: MeterProvider; calls: Counter; duration: Histogram; callbacks: Counter; callbackDelay: Histogram; runOrders: Counter }
let instruments: Instruments | undefined

/**
 * The plugin's instruments on the meter provider registered now: instruments made before a store's
 * instrumentation registered its provider would stay no-ops, so they are made again when it changes.
 */
export function ghnInstruments(): Instruments {
  const provider = metrics.getMeterProvider()
  if (instruments?.provider === provider) return instruments
  const meter = provider.getMeter(TELEMETRY_NAME)
  instruments = {
    provider,
    calls: meter.createCounter("ghn.calls", { description: "GHN API calls, by operation and class (2xx, 4xx, 429, 5xx, timeout, network)" }),
    duration: meter.createHistogram("ghn.call.duration", { description: "GHN API calls' duration, retries included", unit: "ms" }),
    callbacks: meter.createCounter("ghn.callbacks.applied", { description: "GHN callbacks applied, by outcome" }),
    callbackDelay: meter.createHistogram("ghn.callback.delay", { description: "From a callback's acknowledgement to its application", unit: "ms" }),
    runOrders: meter.createCounter("ghn.shipping_run.orders", { description: "Orders a shipping run shipped or failed" }),
  }
  return instruments
}

/** The `onCall` of an account's GHN client: a span, the metrics, and the Health section's count. */
export function ghnCallObserver(account: string): (call: GhnCallRecord) => void {
  return (call) => {
    ghnCallStats.add(account, call)
    const attributes: Attributes = {
      "ghn.operation": call.operation,
      "ghn.outcome": call.outcome,
      "ghn.account": account,
      "http.request.method": call.method,
      "http.response.status_code": call.status,
      "ghn.attempts": call.attempts,
      ...(call.code ? { "ghn.code": call.code } : {}),
    }
    const span = trace.getTracer(TELEMETRY_NAME).startSpan(`GHN ${call.operation}`, { kind: SpanKind.CLIENT, startTime: call.startedAt, attributes })
    if (call.outcome !== "2xx") span.setStatus({ code: SpanStatusCode.ERROR, message: call.code ? `${call.outcome} ${call.code}` : call.outcome })
    span.end(call.startedAt + call.durationMs)
    const { calls, duration } = ghnInstruments()
    const labels = { "ghn.operation": call.operation, "ghn.outcome": call.outcome, "ghn.account": account }
    calls.add(1, call.code ? { ...labels, "ghn.code": call.code } : labels)
    duration.record(call.durationMs, labels)
  }
}

/**
 * Runs `work` in a span of its own (a callback applied, a shipping run's order): an error ends the
 * span as failed and is thrown on.
 */
export async function inGhnSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return trace.getTracer(TELEMETRY_NAME).startActiveSpan(name, { attributes }, async (span) => {
    try {
      const result = await work()
      span.end()
      return result
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message?.slice(0, 200) })
      span.end()
      throw error
    }
  })
}
