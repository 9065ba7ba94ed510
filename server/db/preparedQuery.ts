// Queries built and compiled once. Kysely builds a query's tree and compiles it to SQL on every call: for the
// session lookup (four joins, sixteen columns) that took ten times as long as SQLite took to answer it, and a
// signed-in read runs several such queries before its own (issue 29). A prepared query is written as any other
// Kysely query, in a function of its parameters; the first call on a dialect builds it with stand-ins for the
// parameters and compiles it, and every call after runs that SQL with the values in the stand-ins' places.
//
// Only for queries whose SQL does not depend on the values: scalar parameters compared, inserted or limited
// with. Not a list for `in` (its length is part of the SQL), not a value the query branches on (null turns
// `=` into `is`), not a raw identifier. A stand-in anywhere but in the parameters fails loudly at first use.
import { type Compilable, type CompiledQuery, createQueryId, type Kysely, NoResultError, type QueryNode } from 'kysely';
import type { Database } from './schema';

/** Stands in for the parameter at `index` while the query is compiled once. */
class Slot {
  constructor(readonly index: number) {}
}

type Plan = { sql: string; query: CompiledQuery['query']; parameters: readonly unknown[] };

export interface PreparedQuery<A extends unknown[], O> {
  /** Every row. */
  all(db: Kysely<Database>, ...args: A): Promise<O[]>;
  /** The first row, or undefined. */
  first(db: Kysely<Database>, ...args: A): Promise<O | undefined>;
  /** The first row, or Kysely's NoResultError as executeTakeFirstOrThrow throws it. */
  firstOrThrow(db: Kysely<Database>, ...args: A): Promise<O>;
}

export function preparedQuery<A extends unknown[], O>(
  build: (db: Kysely<Database>, ...args: A) => Compilable<O>,
): PreparedQuery<A, O> {
  // By the dialect's adapter: SQLite's and PostgreSQL's SQL differ (? and $1), every database of one dialect shares it.
  const plans = new Map<unknown, Plan>();

  const planFor = (db: Kysely<Database>, arity: number): Plan => {
    const adapter = db.getExecutor().adapter.constructor;
    let plan = plans.get(adapter);
    if (!plan) {
      const slots = Array.from({ length: arity }, (_, index) => new Slot(index));
      const compiled = build(db, ...(slots as unknown as A)).compile();
      const used = new Set(compiled.parameters.filter((value) => value instanceof Slot).map((slot) => slot.index));
      if (used.size !== arity || compiled.sql.includes('[object Object]')) {
        throw new Error(`a prepared query must use each of its ${arity} parameters as a bound value:\n${compiled.sql}`);
      }
      plan = { sql: compiled.sql, query: compiled.query, parameters: compiled.parameters };
      plans.set(adapter, plan);
    }
    return plan;
  };

  const compiledFor = (db: Kysely<Database>, args: A): CompiledQuery<O> => {
    // A list would be one bound value where its SQL needs one per item (`in (?, ?)`): refused before it runs.
    if (args.some(Array.isArray)) throw new Error('a prepared query takes scalar parameters, not a list');
    // A database with plugins would compile differently: it builds the query as usual.
    if (db.getExecutor().plugins.length > 0) return build(db, ...args).compile();
    const plan = planFor(db, args.length);
    const parameters = plan.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    return { sql: plan.sql, query: plan.query, parameters, queryId: createQueryId() };
  };

  return {
    all: async (db, ...args) => (await db.executeQuery(compiledFor(db, args))).rows,
    first: async (db, ...args) => (await db.executeQuery(compiledFor(db, args))).rows[0],
    firstOrThrow: async (db, ...args) => {
      const compiled = compiledFor(db, args);
      const [row] = (await db.executeQuery(compiled)).rows;
      if (row === undefined) throw new NoResultError(compiled.query as QueryNode);
      return row;
    },
  };
}
