/**
 * Where services log: the server's logger (Fastify's pino) satisfies it, and so does anything else
 * with these levels, so nothing below the routes needs Fastify for logging.
 */
export interface Logger {
  info(objOrMsg: unknown, msg?: string): void;
  warn(objOrMsg: unknown, msg?: string): void;
  error(objOrMsg: unknown, msg?: string): void;
}
