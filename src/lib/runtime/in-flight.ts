/**
 * Work a stop must not cut in half (a COD capture between Medusa's capture and its record): each
 * is tracked while it runs, and a graceful stop waits for them, at most `timeoutMs`.
 */
const running = new Set<Promise<unknown>>()

export function trackInFlight<T>(work: Promise<T>): Promise<T> {
  running.add(work)
  const done = () => running.delete(work)
  work.then(done, done)
  return work
}

/** Resolves once every tracked work has settled, or after `timeoutMs`: how many were still running. */
export async function inFlightSettled(timeoutMs: number): Promise<number> {
  if (!running.size) return 0
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))
  await Promise.race([Promise.allSettled([...running]), timeout])
  clearTimeout(timer)
  return running.size
}

/** `medusa exec <script>` (the demo's seed, a store's scripts): no recovery pass and no capture runs there. */
export function isScriptRun(argv: readonly string[] = process.argv): boolean {
  return argv[2] === "exec"
}
