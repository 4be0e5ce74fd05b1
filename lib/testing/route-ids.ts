import { v4Routes, type RouteContract, type V4RouteId } from '../contracts/routes';
import type { z } from 'zod';

/*
 * The ids a /v4 route takes, read from its contract (path, query, body, upload fields), for the
 * ownership test to require a case for each. A field counts as an id when its name says so
 * (`id`, `…Id`, `…Ids`) or its schema is a UUID (as `rescheduleOf` is).
 */

type Def = {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const ID_NAME = /^id$|Id$|Ids$/;

function isUuid(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'string') return def.format === 'uuid' || def.format === 'guid';
  const inner = def.innerType ?? def.in ?? def.element;
  return inner ? isUuid(inner) : false;
}

function idFields(schema: z.ZodType | undefined, prefix: string, seen = new Set<z.ZodType>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const found: string[] = [];
  if (def.type === 'object' && def.shape) {
    for (const [name, field] of Object.entries(def.shape)) {
      if (ID_NAME.test(name) || isUuid(field)) found.push(`${prefix}${name}`);
      found.push(...idFields(field, `${prefix}${name}.`, seen));
    }
  }
  for (const inner of [def.innerType, def.in, def.out, def.element, def.left, def.right, ...(def.options ?? [])]) {
    found.push(...idFields(inner, prefix, seen));
  }
  if (def.type === 'lazy' && def.getter) found.push(...idFields(def.getter(), prefix, seen));
  return [...new Set(found)];
}

/** `path.id`, `query.…`, `body.insuranceDetails.frontImageId`, … for one route. */
export function routeIdFields(id: V4RouteId): string[] {
  const route: RouteContract = v4Routes[id];
  return [
    ...[...route.path.matchAll(/\{(\w+)\}/g)].map((m) => `path.${m[1]}`),
    ...idFields(route.query, 'query.'),
    ...idFields(route.body, 'body.'),
    ...idFields(route.upload?.fields, 'body.'),
  ].sort();
}
