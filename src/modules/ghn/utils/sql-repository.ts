import type { Context, DAL } from "@medusajs/framework/types"
import type { Knex, SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"

/** What Medusa's module container gives each repository: the module's base repository (its manager, its transactions). */
export type RepositoryDependencies = { baseRepository: DAL.RepositoryService }

/**
 * The base of the module's repositories (./repositories): the SQL of one concern. Each public
 * method is under Medusa's transaction decorators, as a module service's are: `@InjectManager()`
 * runs it on the caller's transaction when `sharedContext.transactionManager` holds one (a
 * workflow's, another method's), else on a fresh manager, statement by statement;
 * `@InjectTransactionManager()` runs its statements in one transaction (the caller's, or its own).
 * Medusa registers every class of ./repositories in the module's container by name
 * (`IntentRepository` -> `intentRepository`); the service receives them there.
 */
export abstract class SqlRepository {
  /** Read by the decorators (their default manager property). */
  protected readonly baseRepository_: DAL.RepositoryService

  constructor({ baseRepository }: RepositoryDependencies) {
    this.baseRepository_ = baseRepository
  }

  /** A statement's rows, on the context's transaction when it has one, else on its manager's connection. */
  protected async rows<T>(sharedContext: Context, sql: string, bindings: unknown[] = []): Promise<T[]> {
    const manager = (sharedContext.transactionManager ?? sharedContext.manager) as SqlEntityManager | undefined
    if (!manager) throw new Error(`${this.constructor.name}: a statement ran outside a decorated method (no manager in its context)`)
    const knex = manager.getTransactionContext<Knex.Transaction>() ?? manager.getKnex()
    const { rows } = await knex.raw<{ rows: T[] }>(sql, bindings as Knex.RawBinding[])
    return rows
  }
}
