/**
 * A store as production runs it, for the specs that kill or restart its processes: a server and a
 * worker (`MEDUSA_WORKER_MODE`), each a `medusa start` process on Medusa's Redis modules (event
 * bus, workflow engine, locking, caching), on a PostgreSQL database of their own, seeded with the
 * GHN store. Started before the file's tests, stopped and dropped after them.
 */
import { apiClient, freshDatabase, migrate, sqlClient, startStore, type Database, type Store } from "../../bench/lib/harness"
import { ensureRedis, type TestRedis } from "./redis"
import { seedGhnStore, type SeededStore } from "./store"

type Sql = Awaited<ReturnType<typeof sqlClient>>

export type ServerAndWorker = {
  readonly redis: TestRedis
  readonly db: Database
  /** The database, for what a test checks below Medusa's API. */
  readonly sql: Sql
  readonly server: Store
  readonly worker: Store
  readonly seeded: SeededStore
  /** An admin's headers on the server. */
  admin(): Promise<{ headers: Record<string, string> }>
  /** SIGKILL to the worker: nothing it holds (locks, leases, a workflow midway) is given back. Resolves once it is gone. */
  killWorker(): Promise<void>
  /** A new worker process on the same database and Redis. */
  startWorker(): Promise<void>
}

/** `name` names the database; `afterAll` runs before the processes stop (a fault to clear, say). */
export function serverAndWorker(name: string, opts: { afterAll?: () => Promise<unknown> } = {}): ServerAndWorker {
  const sandboxUrl = () => process.env.GHN_BASE_URL!
  const started: Partial<{ redis: TestRedis; db: Database; sql: Sql; server: Store; worker: Store; seeded: SeededStore }> = {}
  const get = <K extends keyof typeof started>(key: K) => {
    const value = started[key]
    if (!value) throw new Error(`the ${name} topology has no ${key}: read it inside a test`)
    return value as NonNullable<(typeof started)[K]>
  }
  const startWorker = async () => {
    started.worker = await startStore(get("db"), sandboxUrl(), { REDIS_URL: get("redis").url, MEDUSA_WORKER_MODE: "worker" })
  }

  beforeAll(async () => {
    started.redis = await ensureRedis()
    started.db = await freshDatabase(name)
    await migrate(started.db, sandboxUrl())
    started.sql = await sqlClient(started.db)
    started.server = await startStore(started.db, sandboxUrl(), { REDIS_URL: started.redis.url, MEDUSA_WORKER_MODE: "server" })
    await startWorker()
    started.seeded = await seedGhnStore(apiClient(started.server.url), { headers: { authorization: `Bearer ${await started.server.adminToken()}` } })
  })

  afterAll(async () => {
    await opts.afterAll?.().catch(() => undefined)
    await Promise.all([started.server, started.worker].map((s) => s?.stop()))
    await started.sql?.end()
    await started.db?.drop()
    await started.redis?.stop()
  })

  // Each started part read where it is used (in a test), never before the file's beforeAll.
  const parts = Object.fromEntries(
    (["redis", "db", "sql", "server", "worker", "seeded"] as const).map((key) => [key, { get: () => get(key), enumerable: true }])
  )
  return Object.defineProperties({
    admin: async () => ({ headers: { authorization: `Bearer ${await get("server").adminToken()}` } }),
    killWorker: async () => {
      const { child } = get("worker")
      child.kill("SIGKILL")
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once("exit", r)))
    },
    startWorker,
  }, parts) as ServerAndWorker
}
