import fc from 'fast-check';

/*
 * fast-check arbitraries of the values a JSON Schema (as the published OpenAPI document holds
 * them) calls valid: the contract-conformance test sends them and expects the server to agree.
 * Covers the keywords the document uses: type, const, enum, minimum/maximum, minLength/
 * maxLength (characters), pattern, format (date, email, uuid), properties/required, items and
 * allOf of if/then (a property regenerated under each matching `then`), oneOf/anyOf. Everything generated is
 * checked against the schema again by the caller (ajv), so a shortcut here can only lose
 * cases, never invent valid ones.
 */

export type JsonSchema = Record<string, any>;

export interface ArbitraryOptions {
  /** Strings for HTTP headers: printable Latin-1 only (a header cannot carry anything else). */
  latin1?: boolean;
  /** Dates for `format: date` (the windows the descriptions state); any real day by default. */
  dateRange?: { min: Date; max: Date };
}

const charCount = (value: string) => [...value].length;

function lengthOk(schema: JsonSchema, value: string): boolean {
  const n = charCount(value);
  return n >= (schema.minLength ?? 0) && n <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Free text: short and long, ASCII and any Unicode grapheme (accents, CJK, emoji), or Latin-1 for headers. */
function freeText(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 300, 300);
  const units: fc.Arbitrary<string>[] = options.latin1
    ? [
        fc
          .integer({ min: 0x20, max: 0xff })
          .filter((c) => c !== 0x7f)
          .map((c) => String.fromCharCode(c)),
      ]
    : [fc.string({ minLength: 1, maxLength: 1 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })];
  const char = fc.oneof(...units);
  const text = (min: number, max: number) =>
    fc.array(char, { minLength: min, maxLength: max }).map((parts) => parts.join(''));
  return fc
    .oneof(
      { weight: 4, arbitrary: text(minLength, Math.min(maxLength, minLength + 12)) },
      { weight: 1, arbitrary: text(Math.max(minLength, maxLength - 3), maxLength) },
    )
    .filter((v) => lengthOk(schema, v) && (!schema.pattern || new RegExp(schema.pattern, 'u').test(v)));
}

function stringArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  if (schema.format === 'date') {
    const { min, max } = options.dateRange ?? { min: new Date('1900-01-01'), max: new Date('2099-12-31') };
    return fc
      .date({ min, max, noInvalidDate: true })
      .map(isoDay)
      .filter((v) => !schema.pattern || new RegExp(schema.pattern, 'u').test(v));
  }
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    let matching: fc.Arbitrary<string>;
    try {
      matching = fc.stringMatching(new RegExp(schema.pattern));
      fc.sample(matching, 1);
    } catch {
      // fast-check cannot build strings from lookaheads (the password rule): draw printable
      // text and keep what matches.
      matching = fc.string({ unit: fc.constantFrom(...'aZ9xY0 -_.!é'.split('')), minLength: 8, maxLength: 24 });
    }
    const usable = matching.filter((v) => lengthOk(schema, v) && pattern.test(v));
    return options.latin1 ? usable.filter((v) => /^[\x20-\x7e\xa0-\xff]*$/.test(v)) : usable;
  }
  if (schema.format === 'email') return fc.emailAddress().filter((v) => lengthOk(schema, v));
  return freeText(schema, options);
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e9;
  const max = schema.maximum ?? 1e9;
  if (schema.type === 'integer') {
    // Small values find the seeded rows; the whole range finds the edges.
    return fc.oneof(
      fc.integer({ min, max: Math.min(max, min + 40) }),
      fc.integer({ min, max }),
      fc.constantFrom(min, max),
    );
  }
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    fc.constantFrom(min, max),
  );
}

function objectArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  const base = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryOf(property, options)])),
    { requiredKeys: schema.required ?? [] },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const conditions = (schema.allOf ?? []).filter((part: JsonSchema) => part.if && part.then);
  if (!conditions.length) return base;
  // `if: { properties: { k: { const } } }, then: { properties: { p: {...} } }`: regenerate p
  // under the merged constraints wherever the condition holds.
  return base.chain((value) => {
    const overrides: Record<string, fc.Arbitrary<unknown>> = {};
    for (const { if: condition, then } of conditions) {
      const holds = Object.entries(condition.properties ?? {}).every(
        ([key, rule]) => key in value && (rule as JsonSchema).const === value[key],
      );
      if (!holds) continue;
      for (const [key, extra] of Object.entries(then.properties ?? {})) {
        if (key in value) overrides[key] = arbitraryOf({ ...properties[key], ...(extra as JsonSchema) }, options);
      }
    }
    return Object.keys(overrides).length ? fc.record(overrides).map((o) => ({ ...value, ...o })) : fc.constant(value);
  });
}

export function arbitraryOf(schema: JsonSchema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  // Alternatives (a discriminated union is a oneOf of objects told apart by a const).
  const alternatives: JsonSchema[] | undefined = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives) && alternatives.length)
    return fc.oneof(...alternatives.map((a) => arbitraryOf(a, options)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, options);
    case 'integer':
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, options), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectArbitrary(schema, options);
    default:
      return fc.jsonValue();
  }
}
