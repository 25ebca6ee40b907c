import pino, { type Logger } from 'pino';

export interface CapturedLog {
  log: Logger;
  /** Every line logged so far, parsed. */
  lines(): { level: number; msg: string; [field: string]: unknown }[];
  /** How many lines so far have this message. */
  count(message: string): number;
}

/** A real pino logger that keeps its lines in memory. */
export function captureLog(level: pino.Level = 'info'): CapturedLog {
  const raw: string[] = [];
  const log = pino({ level }, { write: (line: string) => void raw.push(line) });
  const lines = () => raw.map((line) => JSON.parse(line));
  return { log, lines, count: (message) => lines().filter((l) => l.msg === message).length };
}
