import { type DestinationStream, type Logger, pino } from 'pino';

/** Causes followed when logging an error: enough for a wrapped driver error, never a runaway chain. */
const MAX_CAUSES = 3;

interface LoggedError {
  type: string;
  message: string;
  code?: string | number;
  stack?: string;
  cause?: LoggedError;
}

/**
 * An error as one structured log entry: type, message, code and stack (and its causes). Never the
 * error's other own properties: pg hangs its whole client object on pool errors, and a dumped
 * request or response can carry secrets.
 */
export function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
    ...(error.cause !== undefined && depth < MAX_CAUSES ? { cause: loggedError(error.cause, depth + 1) } : {}),
  };
}

/**
 * The server's logger: JSON lines, errors under `err` through loggedError. By default to stdout
 * without waiting on each write: lines logged while one is being written go out together (a line
 * per request would otherwise be a write call per request), and pino writes what is left on exit.
 */
export function createLogger(
  level: string,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  return pino({ level, base: { service: 'server' }, serializers: { err: loggedError } }, destination);
}
