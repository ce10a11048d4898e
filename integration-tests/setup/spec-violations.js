// After every integration test: the GHN sandbox must have recorded no violation of the spec for
// any operation (GET /_sandbox/violations; src/sandbox/spec-requests.ts holds the spec's request
// table of each operation): no request field, query parameter or header the spec does not name
// (rule unknown_field), no method it does not list (method), and no required-by-spec rule or
// type the sandbox relaxed on a request it accepted (required, type). A test whose flows
// produced one fails, naming the operation, the field and the rule; the record is cleared for
// the next test.
afterEach(async () => {
  const base = process.env.GHN_BASE_URL
  if (!base) return
  let violations = []
  try {
    const res = await fetch(`${base}/_sandbox/violations`)
    if (!res.ok) return
    violations = (await res.json()).violations ?? []
  } catch {
    return // the sandbox is not up (a test that runs without it)
  }
  if (!violations.length) return
  await fetch(`${base}/_sandbox/violations`, { method: "DELETE" }).catch(() => undefined)
  const named = [...new Set(violations.map((v) => `${v.operation}: ${v.field} (${v.rule ?? "unknown_field"}${v.detail ? `: ${v.detail}` : ""})`))]
  throw new Error(`the plugin's GHN requests break the spec: ${named.join(", ")}`)
})
