import 'server-only';
import { sql } from 'drizzle-orm';
import { rows } from '../sql/sql-parts';

/**
 * Sitemap pages cut by id range (page k holds ids (k-1)*size+1 .. k*size): each page is a
 * primary-key range scan, and a page keeps its URL set as rows come and go. Pages can hold
 * fewer ids than `size` where ids were deleted.
 */
export async function sitemapPage(
  table: 'providers' | 'offices',
  page: number,
  size: number,
): Promise<{ rows: { id: number; updated_at: Date | string }[]; lastPage: number }> {
  // Providers change with their offices too: the same updatedAt as GET /v4/providers/{id}.
  const updated =
    table === 'providers'
      ? sql`greatest(t.updated_at, (select max(o.updated_at) from provider_offices x join offices o on o.id = x.office_id
                                     where x.provider_id = t.id))`
      : sql`t.updated_at`;
  const from = (page - 1) * size + 1;
  const list = await rows<{ id: number; updated_at: Date | string }>(
    sql`select t.id, ${updated} as updated_at
          from ${sql.identifier(table)} t
         where t.id between ${from} and ${from + size - 1}
         order by t.id`,
  );
  const [max] = await rows<{ max_id: number | null }>(sql`select max(id) as max_id from ${sql.identifier(table)}`);
  return { rows: list, lastPage: Math.max(1, Math.ceil((max?.max_id ?? 0) / size)) };
}
