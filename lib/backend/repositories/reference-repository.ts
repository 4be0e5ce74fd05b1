import 'server-only';
import { asc } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { countries } from '../../db/schema';

export async function listCountries() {
  const db = await getDb();
  return db.select().from(countries).orderBy(asc(countries.sortOrder));
}
