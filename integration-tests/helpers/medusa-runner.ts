/**
 * Medusa's integration test runner, on a database cloned from the run's migrated template.
 *
 * Migrating a fresh database takes about 10 of the 16 seconds a file spends booting Medusa.
 * `npm run test:integration` migrates one template database per content of the migrations
 * (scripts/test-db-template.js) and names it in GHN_TEST_DB_TEMPLATE; each file's database is
 * then a copy of it (CREATE DATABASE … TEMPLATE, a file copy in PostgreSQL), and Medusa's own
 * migration and link sync find nothing left to do. A module the template lacks is still migrated
 * by Medusa as usual, so a file whose configuration adds one (REDIS_URL, CACHING_MODULE) is right too.
 * Without the variable (one file run alone) this is Medusa's runner unchanged.
 */
import { medusaIntegrationTestRunner as medusaRunner } from "@medusajs/test-utils"
import { Client } from "pg"

type RunnerOptions = Parameters<typeof medusaRunner>[0]

/** Copies the template into `database` (when the run made one); Medusa's runner then finds it exists. */
async function cloneTemplate(database: string) {
  const template = process.env.GHN_TEST_DB_TEMPLATE
  if (!template) return
  const client = new Client({
    host: process.env.DB_HOST || "localhost",
    port: Number(process.env.DB_PORT || 5432),
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || "",
    database: "postgres",
  })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(database)}`)
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)} TEMPLATE ${client.escapeIdentifier(template)}`)
  } finally {
    await client.end().catch(() => {})
  }
}

export function medusaIntegrationTestRunner(options: RunnerOptions) {
  // Medusa's default name (medusa-<ulid>-integration-<worker>) is made inside the runner; choose it here to clone into it.
  const dbName = options.dbName ?? `ghn-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}-${process.env.JEST_WORKER_ID || "1"}`
  return medusaRunner({
    ...options,
    dbName,
    hooks: {
      ...options.hooks,
      beforeServerStart: async (container) => {
        await cloneTemplate(dbName)
        await options.hooks?.beforeServerStart?.(container)
      },
    },
  })
}
