// One logger for every process: JSON lines for machines (containers, log shippers), a readable, coloured line per
// event for a person at a terminal (LOG_FORMAT=pretty, which `npm start` picks when its output is a terminal). The
// printer for readable lines is a development package, loaded only when asked for: production installs leave it out.
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { importDevelopmentOnly } from './process-lifecycle.js';
import { traceLogFields } from './tracing/spans.js';

export interface LoggerSettings {
  level: string;
  format: 'json' | 'pretty';
  /** Where lines go instead of stdout (tests read them). */
  stream?: DestinationStream;
  redact?: string[];
}

export async function createLogger(s: LoggerSettings): Promise<Logger> {
  // trace_id and span_id on every line written while a span is active (nothing while tracing is off).
  const options: LoggerOptions = {
    level: s.level,
    mixin: traceLogFields,
    ...(s.redact ? { redact: s.redact } : {}),
  };
  if (s.stream) return pino(options, s.stream);
  if (s.format === 'pretty') {
    const { default: pretty } = await importDevelopmentOnly(
      () => import('pino-pretty'),
      'LOG_FORMAT=pretty needs the development package pino-pretty, which this install leaves out: set LOG_FORMAT=json',
    );
    return pino(options, pretty({ colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' }));
  }
  return pino(options);
}

export type { Logger };
