// Routes declare their request and response schemas with the contract's zod schemas (`schema: {params,
// querystring, headers, body, response}`): Fastify validates the request with them before the handler
// runs, and the same schemas are the OpenAPI document (http/openapi.ts). One description, no second copy.
//
// Validation fails with the contract's 400 `validation` answer, exactly as a handler's parse() did
// (http/validate.ts). Answers are written with JSON.stringify of what the handler returned, so their bytes
// and field order are the same as without a schema; the response schema is checked against the answer
// (a drift between the document and the server), which fails the call in tests and is logged otherwise:
// a cash call whose money moved must never turn into a 500 because a description lags behind. Outside
// tests only a sample is checked: parsing every answer with zod was a measurable part of a call's CPU
// (BENCHMARKS.md, "Decisions and their figures"), and a drift shows in the sample as surely, only a
// little later.
import type {
  FastifyInstance,
  FastifyReply,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
} from 'fastify';
import { errorBody } from '@cashdesk/contract';
import { z } from 'zod';
import { validationError } from './validate.js';

/** The zod schema of a route part, or of a response (plain or per content type, see openapi.ts). */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  return schema instanceof z.ZodType ? schema : null;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    // Fastify hands a missing body over as null; the contract's schemas (and their messages) know undefined.
    const input = httpPart === 'body' && data === null ? undefined : data;
    const result = schema.safeParse(input);
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };
};

export class ResponseSchemaMismatch extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`the answer of ${route} does not match its response schema`);
  }
}

export interface ResponseCheck {
  /** true: a mismatch fails the call (tests); false: it is logged and the answer goes out as it is. */
  strict: boolean;
  onMismatch(mismatch: ResponseSchemaMismatch): void;
  /** Checks one answer in this many of each route (default 1, every answer; strict checks every one). */
  sampleEvery?: number;
}

/** Outside strict mode, one answer in this many of each route is checked against its schema. */
export const RESPONSE_CHECK_SAMPLE = 64;

export function zodSerializerCompiler(check: ResponseCheck): FastifySerializerCompiler<unknown> {
  const every = check.strict ? 1 : Math.max(1, check.sampleEvery ?? 1);
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    // Counts down to the next answer to check; the first answer of each route is always checked.
    let untilChecked = 0;
    return (data: unknown) => {
      if (zodSchema && untilChecked-- === 0) {
        untilChecked = every - 1;
        const result = zodSchema.safeParse(data);
        if (!result.success) {
          const mismatch = new ResponseSchemaMismatch(`${method} ${url}`, result.error.issues);
          if (check.strict) throw mismatch;
          check.onMismatch(mismatch);
        }
      }
      return JSON.stringify(data);
    };
  };
}

/** Whether a mismatch fails the call: under the test runner, or when CHECK_RESPONSES=1. */
export function strictResponsesByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VITEST === 'true' || env.CHECK_RESPONSES === '1';
}

export function installRouteSchemas(app: FastifyInstance, strict = strictResponsesByDefault()): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(
    zodSerializerCompiler({
      strict,
      sampleEvery: RESPONSE_CHECK_SAMPLE,
      onMismatch: (mismatch) =>
        app.log.error({ route: mismatch.route, issues: mismatch.issues.slice(0, 5) }, mismatch.message),
    }),
  );
}

/** A route's answers: its own by status, and the contract's error body for every 4xx and 5xx. */
export function answers<R extends Record<number, unknown>>(
  own: R,
): R & { '4xx': typeof errorBody; '5xx': typeof errorBody } {
  return { ...own, '4xx': errorBody, '5xx': errorBody };
}

/** A documented answer that is not JSON (an event stream, a CSV file, a text download). */
export function textAnswer(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string() } } };
}

/**
 * A status and a body to send: the shape of a money or linking call's answer (the ledger's `Outcome`,
 * which fits it), named here so the floor takes no type from a domain.
 */
export interface StatusAndBody {
  status: number;
  body: unknown;
}

/**
 * Sends a money or linking call's outcome (the ledger's `Outcome`). Its body may be a replay read back
 * from the database, so its type is not known here; the serializer checks it against the route's schema.
 */
export function sendOutcome(reply: FastifyReply, outcome: StatusAndBody): FastifyReply {
  return reply.status(outcome.status).send(outcome.body);
}
