import type { PGlite, Transaction } from '@electric-sql/pglite';
import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';

type Run<T> = () => Promise<T>;

/** `SELECT`, `INSERT`, … : the statement's first word, as the PostgreSQL instrumentation names its spans. */
const operationOf = (sql: string) => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'UNKNOWN';

/**
 * The embedded database (PGlite) has no OpenTelemetry instrumentation, so its queries get spans here, at its client's
 * own methods, named and described as the PostgreSQL instrumentation does (`pglite.query:SELECT`, the statement text
 * with `$n` placeholders, never the values). Like that instrumentation's `requireParentSpan`, a query outside any
 * span (start-up's migrations, timers) makes none. A query inside a transaction gets its span too.
 */
export function tracePgliteQueries(prototype: PGlite, tracer: Tracer): void {
  const traced = <T>(sql: string, run: Run<T>): Promise<T> => {
    if (trace.getSpan(context.active()) === undefined) return run();
    const operation = operationOf(sql);
    return tracer.startActiveSpan(
      `pglite.query:${operation}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
          [ATTR_DB_OPERATION_NAME]: operation,
          [ATTR_DB_QUERY_TEXT]: sql,
        },
      },
      async (span) => {
        try {
          return await run();
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          if (error instanceof Error) span.recordException(error);
          throw error;
        } finally {
          span.end();
        }
      },
    );
  };

  const tracedTransaction = (tx: Transaction): Transaction =>
    Object.assign(Object.create(tx) as Transaction, {
      query: (sql: string, ...rest: unknown[]) => traced(sql, () => tx.query(sql, ...(rest as []))),
      exec: (sql: string, ...rest: unknown[]) => traced(sql, () => tx.exec(sql, ...(rest as []))),
    });

  const { query, exec, transaction } = prototype;
  Object.assign(prototype, {
    query(this: PGlite, sql: string, ...rest: unknown[]) {
      return traced(sql, () => query.call(this, sql, ...(rest as [])));
    },
    exec(this: PGlite, sql: string, ...rest: unknown[]) {
      return traced(sql, () => exec.call(this, sql, ...(rest as [])));
    },
    transaction<T>(this: PGlite, callback: (tx: Transaction) => Promise<T>) {
      return transaction.call(this, (tx) => callback(tracedTransaction(tx))) as Promise<T>;
    },
  });
}
