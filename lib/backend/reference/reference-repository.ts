import 'server-only';
import { asc } from 'drizzle-orm';
import { executor } from '../../db/transaction';
import { countries } from '../../db/schema';

export async function listCountries() {
  const db = await executor();
  return db.select().from(countries).orderBy(asc(countries.sortOrder));
}
