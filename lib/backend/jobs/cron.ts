import 'server-only';

/*
 * Five-field cron expressions (minute hour day-of-month month day-of-week), read in UTC as
 * pg-boss reads them by default, for the in-process scheduler on the embedded database. Numbers,
 * `*`, lists, ranges and steps; no names (JAN, MON) and no seconds field: every recurring job of
 * the app is written with these, and pg-boss validates the same strings on PostgreSQL.
 */

export interface CronFields {
  minute: ReadonlySet<number>;
  hour: ReadonlySet<number>;
  dayOfMonth: ReadonlySet<number>;
  month: ReadonlySet<number>;
  dayOfWeek: ReadonlySet<number>;
  /** Standard cron: when both day fields are restricted, a day matching either runs. */
  dayOfMonthRestricted: boolean;
  dayOfWeekRestricted: boolean;
}

const RANGES: ReadonlyArray<readonly [number, number]> = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7], // 7 is Sunday too
];

function parseField(text: string, [min, max]: readonly [number, number], expression: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Invalid cron expression "${expression}": "${part}"`);
    const [, whole, from, to, stepText] = match;
    const step = stepText === undefined ? 1 : Number(stepText);
    const low = whole === '*' ? min : Number(from);
    const high = whole === '*' ? max : to !== undefined ? Number(to) : stepText !== undefined ? max : low;
    if (step < 1 || low < min || high > max || low > high) {
      throw new Error(`Invalid cron expression "${expression}": "${part}" is out of range`);
    }
    for (let v = low; v <= high; v += step) values.add(v);
  }
  return values;
}

export function parseCron(expression: string): CronFields {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`Invalid cron expression "${expression}": five fields expected (minute granularity)`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = parts.map((p, i) => parseField(p, RANGES[i]!, expression)) as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  if (dayOfWeek.delete(7)) dayOfWeek.add(0);
  return {
    minute,
    hour,
    dayOfMonth,
    month,
    dayOfWeek,
    dayOfMonthRestricted: parts[2] !== '*',
    dayOfWeekRestricted: parts[4] !== '*',
  };
}

/** Whether the minute that contains `at` (UTC) is one of the expression's. */
export function cronMatches(fields: CronFields, at: Date): boolean {
  if (!fields.minute.has(at.getUTCMinutes()) || !fields.hour.has(at.getUTCHours())) return false;
  if (!fields.month.has(at.getUTCMonth() + 1)) return false;
  const dom = fields.dayOfMonth.has(at.getUTCDate());
  const dow = fields.dayOfWeek.has(at.getUTCDay());
  if (fields.dayOfMonthRestricted && fields.dayOfWeekRestricted) return dom || dow;
  return dom && dow;
}
