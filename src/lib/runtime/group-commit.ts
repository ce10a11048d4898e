/**
 * A group commit: `run` handles items in batches, one batch at a time, and the items that arrive
 * while a batch runs go together in the next. A lone item goes at once (no timer, no added wait);
 * a burst pays one round trip for many. A batch that fails is tried again item by item, so one
 * item that cannot be handled fails only its own caller.
 *
 * `run` answers one result per item, in the items' order.
 */
export function groupCommit<I, O>(run: (items: I[]) => Promise<O[]>, maxBatch = 64): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (out: O) => void; reject: (error: unknown) => void }
  const queue: Waiting[] = []
  let running = false

  const settle = async (batch: Waiting[]) => {
    const out = await run(batch.map((w) => w.item))
    if (out.length !== batch.length) throw new Error(`groupCommit: ${out.length} results for ${batch.length} items`)
    batch.forEach((w, i) => w.resolve(out[i]))
  }
  const drain = async () => {
    running = true
    while (queue.length) {
      const batch = queue.splice(0, maxBatch)
      try {
        await settle(batch)
      } catch (error) {
        if (batch.length === 1) batch[0].reject(error)
        else await Promise.all(batch.map((w) => settle([w]).catch(w.reject)))
      }
    }
    running = false
  }
  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject })
      if (!running) void drain()
    })
}
