// The process logger (pino): JSON lines for machines, the default wherever stdout is not a terminal (systemd,
// containers, pipes); readable lines through pino's own pretty transport when a person runs the service at a
// terminal. pino-pretty is loaded only then, in the transport's worker thread.
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Config, LogFormat } from '../config.js';

/** The format in force: LOG_FORMAT when set, else pretty exactly when stdout is a terminal. */
export function effectiveLogFormat(config: Pick<Config, 'logFormat'>, stdoutIsTerminal: boolean): LogFormat {
  return config.logFormat ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stdoutIsTerminal: boolean,
): LoggerOptions {
  if (effectiveLogFormat(config, stdoutIsTerminal) === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      // Colours only for a terminal; the time of day is enough for a person watching; pid and host are noise there.
      options: { colorize: stdoutIsTerminal, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  return pino(loggerOptions(config, process.stdout.isTTY === true));
}
