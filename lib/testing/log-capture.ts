import { onTestFinished } from 'vitest';
import { createLogger, replaceRootLogger } from '../logging/logger';

/** One parsed log line: pino's fields (level by name, msg, time, err) and the scope's bindings. */
export type LogLine = Record<string, any> & { level: string; msg?: string };

/**
 * Inside a test: everything logged until the test ends is parsed into the returned array
 * instead of going to stdout, at every level (unit tests otherwise run with LOG_LEVEL=silent).
 */
export function captureLogs(): LogLine[] {
  const lines: LogLine[] = [];
  const restore = replaceRootLogger(
    createLogger({ write: (line: string) => void lines.push(JSON.parse(line) as LogLine) }, 'trace'),
  );
  onTestFinished(restore);
  return lines;
}
