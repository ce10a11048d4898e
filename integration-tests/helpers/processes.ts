import type { ChildProcess } from "node:child_process"

/** A child process a test started in its own process group, with its log and its exit. */
export type Child = { name: string; child: ChildProcess; logFile: string; exited: Promise<number | null> }

/** Stops a child's whole process group: SIGTERM, then SIGKILL after `timeoutMs`. */
export async function stopChild(c: Child | undefined, timeoutMs = 15_000) {
  if (!c || c.child.exitCode !== null || c.child.signalCode !== null) return
  try {
    process.kill(-c.child.pid!, "SIGTERM")
  } catch {}
  const done = await Promise.race([c.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs))])
  if (!done) {
    try {
      process.kill(-c.child.pid!, "SIGKILL")
    } catch {}
    await c.exited
  }
}
