import { groupCommit } from "../group-commit"

/** A `run` whose batches finish when the test says, recording each batch it was given. */
function controlledRun() {
  const batches: number[][] = []
  const finishers: (() => void)[] = []
  const run = (items: number[]) => {
    batches.push(items)
    return new Promise<string[]>((resolve, reject) => {
      finishers.push(() => (items.includes(13) && items.length > 0 ? reject(new Error(`13 is refused`)) : resolve(items.map((n) => `stored ${n}`))))
    })
  }
  const finishNext = async () => {
    finishers.shift()!()
    // Lets the settled batch's callers and the next batch's start run.
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { run, batches, finishNext }
}

describe("groupCommit", () => {
  it("runs a lone item at once, and gathers the items that arrive meanwhile into the next batch", async () => {
    const { run, batches, finishNext } = controlledRun()
    const store = groupCommit(run)
    const first = store(1)
    expect(batches).toEqual([[1]])
    const rest = [store(2), store(3), store(4)]
    expect(batches).toEqual([[1]])
    await finishNext()
    expect(await first).toBe("stored 1")
    expect(batches).toEqual([[1], [2, 3, 4]])
    await finishNext()
    expect(await Promise.all(rest)).toEqual(["stored 2", "stored 3", "stored 4"])
  })

  it("never puts more than its maximum in one batch", async () => {
    const { run, batches, finishNext } = controlledRun()
    const store = groupCommit(run, 2)
    const all = [1, 2, 3, 4, 5].map((n) => store(n))
    await finishNext()
    await finishNext()
    await finishNext()
    expect(batches).toEqual([[1], [2, 3], [4, 5]])
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5].map((n) => `stored ${n}`))
  })

  it("fails only the item a failed batch cannot take: the others are tried alone and answered", async () => {
    const { run, batches, finishNext } = controlledRun()
    const store = groupCommit(run)
    const first = store(1)
    const rest = [store(12), store(13), store(14)].map((p) => p.then((v) => v, (e: Error) => e.message))
    await finishNext()
    await finishNext()
    // The batch [12, 13, 14] failed; each is tried alone.
    expect(batches.slice(2)).toEqual([[12], [13], [14]])
    await finishNext()
    await finishNext()
    await finishNext()
    expect(await first).toBe("stored 1")
    expect(await Promise.all(rest)).toEqual(["stored 12", "13 is refused", "stored 14"])
  })

  it("refuses a run that answers a different number of results than it was given", async () => {
    const store = groupCommit(async (items: number[]) => items.slice(1))
    await expect(store(1)).rejects.toThrow("0 results for 1 items")
  })
})
