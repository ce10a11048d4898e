export interface PaceClock {
  now(): number
  sleep(ms: number): Promise<void>
}

const realClock: PaceClock = { now: Date.now, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }

/**
 * Runs `fn` on each item in turn, the i-th not before `start + i × spreadMs / items.length`: a
 * batch spread evenly over `spreadMs` instead of sent in a burst (0: one after the other). An item
 * that takes longer than its slot delays the next one only, never the batch's pace after it.
 */
export async function paced<T, R>(items: readonly T[], spreadMs: number, fn: (item: T) => Promise<R>, clock: PaceClock = realClock): Promise<R[]> {
  const start = clock.now()
  const gap = items.length && spreadMs > 0 ? spreadMs / items.length : 0
  const results: R[] = []
  for (let i = 0; i < items.length; i++) {
    const wait = start + i * gap - clock.now()
    if (wait > 0) await clock.sleep(wait)
    results.push(await fn(items[i]))
  }
  return results
}
