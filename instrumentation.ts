/**
 * The development store's OpenTelemetry, registered as docs/production.md shows a store's own
 * `instrumentation.ts`: on only when GHN_OTEL_COLLECTOR names an OTLP/HTTP collector (the
 * production test starts one and reads what the plugin's spans and metrics say). Medusa's `start`
 * and `develop` load this file from the store's root; without the variable it registers nothing.
 */
export function register() {
  const collector = process.env.GHN_OTEL_COLLECTOR
  if (!collector) return
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when a collector is named */
  const { registerOtel } = require("@medusajs/medusa")
  const { OTLPTraceExporter } = require("@opentelemetry/exporter-trace-otlp-http")
  const { OTLPMetricExporter } = require("@opentelemetry/exporter-metrics-otlp-http")
  const { PeriodicExportingMetricReader } = require("@opentelemetry/sdk-metrics")
  /* eslint-enable @typescript-eslint/no-require-imports */
  registerOtel({
    serviceName: "medusa-ghn-development-store",
    exporter: new OTLPTraceExporter({ url: `${collector}/v1/traces` }),
    metricReader: new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter({ url: `${collector}/v1/metrics` }), exportIntervalMillis: 1000 }),
  })
}
