// Turns a zod failure into the contract's 400 `validation` answer with its issues: for the route schemas
// Fastify checks (http/route-schemas.ts) and for the few values a handler still parses itself.
import { ERR } from '@cashdesk/contract';
import type { z } from 'zod';
import { ApiError } from './api-error.js';

export function validationError(error: z.ZodError): ApiError {
  return new ApiError(ERR.validation, {
    issues: error.issues.slice(0, 20).map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  });
}

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw validationError(result.error);
}
