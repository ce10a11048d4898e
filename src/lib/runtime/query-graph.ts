/**
 * Medusa's `query.graph`, typed by the row the caller reads (its fields, as the caller asked for
 * them), so query results are typed rows, never untyped ones.
 */
export type QueryGraph = {
  graph<T>(args: { entity: string; fields: string[]; filters?: Record<string, unknown> }): Promise<{ data: T[] }>
}
