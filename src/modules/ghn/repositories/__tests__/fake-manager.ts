import type { DAL } from "@medusajs/framework/types"

/** A statement a repository ran: its SQL (whitespace folded) and bindings, and whether it ran in a transaction. */
export type Statement = { sql: string; bindings: unknown[]; transaction: boolean }

/**
 * A stand-in for the module's base repository and its manager, as Medusa's decorators use them:
 * it records each statement and answers with `answer`'s rows, without a database. For what the
 * repositories send (how many statements, which bindings); what PostgreSQL does with them is
 * tested against a real one in integration-tests/modules.
 */
export function fakeBaseRepository(answer: (sql: string, bindings: unknown[]) => unknown[] = () => []) {
  const statements: Statement[] = []
  const managerOf = (transaction: boolean) => ({
    getTransactionContext: () => undefined,
    getKnex: () => ({
      raw: async (sql: string, bindings: unknown[]) => {
        const folded = sql.replace(/\s+/g, " ").trim()
        statements.push({ sql: folded, bindings, transaction })
        return { rows: answer(folded, bindings) }
      },
    }),
  })
  const baseRepository = {
    getFreshManager: () => managerOf(false),
    transaction: async (task: (manager: unknown) => Promise<unknown>) => await task(managerOf(true)),
  } as unknown as DAL.RepositoryService
  /** A caller's transaction, as a workflow or another method would pass it in `sharedContext.transactionManager`. */
  const transactionManager = managerOf(true)
  return { baseRepository, statements, transactionManager }
}
