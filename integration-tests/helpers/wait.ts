/** Polls `check` until it holds: for what Medusa does asynchronously (subscribers, webhooks). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const start = Date.now()
  let last: unknown
  while (Date.now() - start < timeoutMs) {
    try {
      if (await check()) return
    } catch (error) {
      last = error
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`condition not met in ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ""}`)
}
