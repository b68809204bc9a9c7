// One logger for every process: JSON lines for machines (containers, log shippers), a readable, coloured line per
// event for a person at a terminal (LOG_FORMAT=pretty, which `npm start` picks when its output is a terminal).
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export interface LoggerSettings {
  level: string;
  format: 'json' | 'pretty';
  /** Where lines go instead of stdout (tests read them). */
  stream?: DestinationStream;
  redact?: string[];
}

export function createLogger(s: LoggerSettings): Logger {
  const options: LoggerOptions = { level: s.level, ...(s.redact ? { redact: s.redact } : {}) };
  if (s.stream) return pino(options, s.stream);
  if (s.format === 'pretty')
    return pino(options, pretty({ colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' }));
  return pino(options);
}

export type { Logger };
