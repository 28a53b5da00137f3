import type { PageAnswer, PageRequest } from '@pitclock/contracts/schemas';
import { countUpTo, readPage, type Db, type KeyedRow, type SortColumns } from '@pitclock/kit';
import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

type TableWithId = PgTable & { id: PgColumn };
type Row<T extends TableWithId> = T['$inferSelect'] & { id: number };

/**
 * A page (kit's readPage) of the rows of `table` that match `where`, under the request's sort among
 * `columns`: each row whole, with ties broken by the table's id.
 */
export const readTablePage = <T extends TableWithId, C extends string>(
  db: Db,
  table: T,
  { request, columns, where }: { request: PageRequest<C>; columns: SortColumns<C>; where: SQL | undefined },
): Promise<PageAnswer<Row<T>>> =>
  readPage({
    request,
    columns,
    id: table.id,
    rows: async (parts): Promise<KeyedRow<Row<T>>[]> => {
      const rows = (await db
        .select({ row: table as PgTable, sortKey: parts.sortKey })
        .from(table as PgTable)
        .where(and(where, parts.where))
        .orderBy(...parts.orderBy)
        .limit(parts.limit)) as { row: Row<T>; sortKey: string | number | boolean }[];
      return rows.map(({ row, sortKey }) => ({ row, id: row.id, sortKey }));
    },
    count: () =>
      countUpTo(
        db,
        db
          .select({ one: sql`1` })
          .from(table as PgTable)
          .where(where),
      ),
  });
