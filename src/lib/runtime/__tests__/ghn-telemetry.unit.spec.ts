import { metrics, trace } from "@opentelemetry/api"
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { createGhnClient } from "../../ghn"
import { ghnCallObserver, ghnCallStats } from "../ghn-telemetry"
import { fail, ok, useRecordingServer } from "../../ghn/__tests__/recording-server"

const TOKEN = "TelemetrySecretToken-0a1b2c3d"
const srv = useRecordingServer()
const spans = new InMemorySpanExporter()
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 60_000 })

beforeAll(() => {
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }))
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }))
})
afterAll(() => {
  trace.disable()
  metrics.disable()
})

describe("GHN calls as OpenTelemetry sees them", () => {
  it("exports a span per GHN call (operation, class, GHN's code, status, attempts, duration) and counts them, with no token or receiver in either", async () => {
    ghnCallStats.drain()
    const client = createGhnClient({ environment: srv.url, token: TOKEN, shopId: 885, retry: { retries: 1, minDelayMs: 1, maxDelayMs: 2 }, onCall: ghnCallObserver("885") })
    try {
      srv.enqueue(ok({ total: 30000 }))
      await client.fees.calculate({ weight: 500, to_district_id: 1442, to_ward_code: "20109" })
      srv.enqueue(fail(400, "Số điện thoại không hợp lệ", "PHONE_INVALID"))
      await client.orders.update({ order_code: "A1", to_name: "Nguyễn Văn A", to_phone: "0912345678", to_address: "12 Lê Lợi" }).catch(() => undefined)
    } finally {
      await client.close()
    }
    const exported = spans.getFinishedSpans()
    expect(exported.map((s) => [s.name, s.attributes["ghn.outcome"], s.attributes["ghn.code"], s.attributes["http.response.status_code"], s.status.code])).toEqual([
      ["GHN fees.calculate", "2xx", undefined, 200, 0],
      ["GHN orders.update", "4xx", "PHONE_INVALID", 400, 2],
    ])
    for (const span of exported) expect(span.endTime[0] * 1e3 + span.endTime[1] / 1e6).toBeGreaterThanOrEqual(span.startTime[0] * 1e3 + span.startTime[1] / 1e6)
    const told = JSON.stringify(exported.map((s) => ({ name: s.name, attributes: s.attributes, status: s.status })))
    for (const secret of [TOKEN, "0912345678", "Nguyễn Văn A", "Lê Lợi"]) expect(told).not.toContain(secret)

    await reader.forceFlush()
    const points = metricExporter.getMetrics().flatMap((r) => r.scopeMetrics).flatMap((s) => s.metrics)
    const calls = points.find((m) => m.descriptor.name === "ghn.calls")!
    expect(calls.dataPoints.map((p) => [p.attributes["ghn.operation"], p.attributes["ghn.outcome"], p.value]).sort()).toEqual([
      ["fees.calculate", "2xx", 1],
      ["orders.update", "4xx", 1],
    ])
    expect(points.find((m) => m.descriptor.name === "ghn.call.duration")).toBeDefined()
    expect(JSON.stringify(points)).not.toContain(TOKEN)
    // And counted for the Health section.
    expect(ghnCallStats.drain().map((b) => [b.account, b.outcome, b.code, b.calls]).sort()).toEqual([
      ["885", "2xx", "", 1],
      ["885", "4xx", "PHONE_INVALID", 1],
    ])
  })
})
