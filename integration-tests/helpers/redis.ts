import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import * as net from "node:net"
import { freePort } from "./ports"
import { waitFor } from "./wait"

export type TestRedis = { url: string; stop(): Promise<void> }

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) })
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)))
    socket.once("connect", () => (socket.destroy(), resolve(true)))
    socket.once("error", () => resolve(false))
  })
}

const HOW = "set REDIS_URL to a Redis, or put redis-server on PATH (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis)"

/** Why no Redis can be had (neither REDIS_URL nor a redis-server on PATH), or null. */
export function redisMissing(): string | null {
  if (process.env.REDIS_URL) return null
  if (spawnSync("redis-server", ["--version"]).status === 0) return null
  return `Redis: neither REDIS_URL nor redis-server on PATH: ${HOW}`
}

/**
 * The Redis the production-topology tests run Medusa's Redis modules on: the one at REDIS_URL,
 * else a `redis-server` from PATH on a free port (empty, kept in memory, stopped afterwards).
 * Neither: the tests skip with a banner (redisMissing, describeWhen) or, under CI, fail saying
 * what to install; they never pass silently.
 */
export async function ensureRedis(): Promise<TestRedis> {
  if (process.env.REDIS_URL) {
    if (!(await answers(process.env.REDIS_URL))) throw new Error(`REDIS_URL=${process.env.REDIS_URL} does not answer: start that Redis, or unset REDIS_URL to let the tests start redis-server`)
    return { url: process.env.REDIS_URL, stop: async () => {} }
  }
  if (spawnSync("redis-server", ["--version"]).status !== 0) {
    throw new Error(`these tests run Medusa with its Redis modules and need Redis: ${HOW}`)
  }
  const port = await freePort()
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" })
  const url = `redis://127.0.0.1:${port}`
  await waitFor(() => answers(url), {
    what: `redis-server answering on port ${port}`,
    timeoutMs: 30_000,
    intervalMs: 100,
    failIf: () => child.exitCode !== null && `redis-server exited (${child.exitCode})`,
  })
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once("exit", r))
      child.kill("SIGTERM")
      await exited
    },
  }
}
