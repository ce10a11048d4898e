// After every integration test: the GHN sandbox must have seen no request field the spec does
// not name for its operation (GET /_sandbox/violations). A test whose flows sent one fails,
// naming the operation and the field; the record is cleared for the next test.
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
  const named = [...new Set(violations.map((v) => `${v.operation}: ${v.field}`))]
  throw new Error(`the plugin sent fields the GHN spec does not name: ${named.join(", ")}`)
})
