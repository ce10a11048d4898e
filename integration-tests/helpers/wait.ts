/**
 * The one place the integration tests wait: for a state (an event applied, a row, a status, a
 * sandbox request count, a server answering), polled until it holds. The ceiling is generous (a
 * loaded machine is slow, never wrong); a test never sleeps a fixed time instead.
 */
export type WaitOptions = {
  /** The ceiling: the state is a failure if it does not hold by then. */
  timeoutMs?: number
  /** What is waited for, for the failure's message. */
  what?: string
  /** Between two checks. */
  intervalMs?: number
  /** Checked before each poll: a message ends the wait at once (a process that exited, say). */
  failIf?: () => string | undefined | null | false
}

/**
 * Polls `check` until it holds: for what Medusa, a worker or the sandbox does asynchronously.
 * A number as the second argument is the ceiling in ms.
 */
export async function waitFor(check: () => Promise<boolean> | boolean, options: number | WaitOptions = {}) {
  const { timeoutMs = 60_000, what = "condition", intervalMs = 150, failIf } = typeof options === "number" ? { timeoutMs: options } : options
  const start = Date.now()
  let last: unknown
  for (;;) {
    const failed = failIf?.()
    if (failed) throw new Error(`${what}: ${failed}`)
    try {
      if (await check()) return
    } catch (error) {
      last = error
    }
    if (Date.now() - start >= timeoutMs) break
    await new Promise((r) => setTimeout(r, intervalMs))
  }
  throw new Error(`${what} not met in ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ""}`)
}

/** Polls `read` until it gives a value (not undefined), and returns it. */
export async function waitForValue<T>(read: () => Promise<T | undefined> | T | undefined, options: number | WaitOptions = {}): Promise<T> {
  let value: T | undefined
  await waitFor(async () => (value = await read()) !== undefined, options)
  return value as T
}
