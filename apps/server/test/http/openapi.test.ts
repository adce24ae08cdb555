// The OpenAPI document and the route schemas it comes from: every route declares what it takes and what it
// answers, the document lists exactly the routes the server has, the checked-in copy (docs/openapi.json) is
// current, and the docs page works under the server's Content-Security-Policy with nothing from outside.
import fs from 'node:fs';
import { API_BASE } from '@cashdesk/contract';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DOCS_PATH, OPENAPI_PATH } from '../../src/http/openapi.js';
import { OPERATION_SUMMARIES } from '../../src/http/openapi-summaries.js';
import { ResponseSchemaMismatch, zodSerializerCompiler } from '../../src/http/route-schemas.js';
import { contentSecurityPolicy } from '../../src/http/response-headers.js';
import { OPENAPI_SNAPSHOT, openApiDocument } from '../../src/openapi-snapshot.js';
import { sqliteTestDatabase } from '../helpers/databases.js';
import { useTestServer } from '../helpers/test-server-suite.js';

/** Routes that take no input at all: no path parameter, no query, no body. */
const NO_BODY = new Set([`POST ${API_BASE}/a/sign_out`, `POST ${API_BASE}/a/lock`]);

/** Routes that answer something other than JSON, and as what. */
const NOT_JSON: Record<string, string> = {
  [`GET ${API_BASE}/a/cashier/events`]: 'text/event-stream',
  [`GET ${API_BASE}/a/manager/account/:id/events`]: 'text/event-stream',
  'GET /device/events/stream': 'text/event-stream',
  [`GET ${API_BASE}/a/manager/account/:id/transactions.csv`]: 'text/csv',
  'GET /downloads/cashdesk-demo-client.txt': 'text/plain',
  'GET /metrics': 'text/plain', // Prometheus text format
};

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}
interface Operation {
  summary?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: unknown[];
}

const METHODS_OF_DOCUMENT = ['get', 'post', 'put', 'patch', 'delete'];

function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

/** `/a/{id}/b` of the document as Fastify writes it: `/a/:id/b`. */
function fastifyPath(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}

function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
}

function keysOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
}

describe('route schemas and the OpenAPI document', () => {
  const routes: RouteOptions[] = [];
  let document: OpenApiDocument;

  // Demo mode: its download route is declared too.
  const suite = useTestServer(sqliteTestDatabase, {
    config: { demo: true },
    onRoute: (route) => routes.push(route),
  });
  beforeAll(async () => {
    const res = await fetch(`${suite.server.baseUrl}${OPENAPI_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await res.json()) as OpenApiDocument;
  });

  /** Every route of the API: Fastify's own HEAD twins and the docs page's assets (hidden) left out. */
  function apiRoutes(): RouteOptions[] {
    return routes.filter((route) => {
      const methods = [route.method].flat();
      return !(methods.length === 1 && methods[0] === 'HEAD') && !(route.schema as { hide?: boolean })?.hide;
    });
  }

  it('hides only the docs page itself from the document', () => {
    const hidden = routes.filter((route) => (route.schema as { hide?: boolean } | undefined)?.hide);
    expect(hidden.length).toBeGreaterThan(0);
    for (const route of hidden) expect(route.url.startsWith(DOCS_PATH)).toBe(true);
  });

  it('declares on every route what it takes: its path parameters, and a body where it takes one', () => {
    const missing: string[] = [];
    for (const route of apiRoutes()) {
      const key = routeKey([route.method].flat()[0]!, route.url);
      const schema = route.schema ?? {};
      const params = pathParams(route.url).sort();
      if (params.length > 0 && JSON.stringify(keysOf(schema.params)) !== JSON.stringify(params)) {
        missing.push(`${key}: params ${params.join(', ')}`);
      }
      if (route.method === 'POST' && !schema.body && !NO_BODY.has(key)) missing.push(`${key}: body`);
      if (route.method === 'GET' && schema.body) missing.push(`${key}: a GET with a body`);
      for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
        if (schema[part] !== undefined && !(schema[part] instanceof z.ZodType)) {
          missing.push(`${key}: ${part} is not a zod schema of the contract`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares on every route its answer and the error body of every 4xx and 5xx', () => {
    const missing: string[] = [];
    for (const route of apiRoutes()) {
      const key = routeKey([route.method].flat()[0]!, route.url);
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const success = Object.keys(response).filter((code) => /^2\d\d$/.test(code));
      if (success.length === 0) missing.push(`${key}: no 2xx answer`);
      if (!response['4xx'] || !response['5xx']) missing.push(`${key}: no 4xx/5xx error body`);
      if (!NOT_JSON[key] && !success.every((code) => response[code] instanceof z.ZodType)) {
        missing.push(`${key}: a 2xx answer that is not a zod schema`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists exactly the routes the server has, with the same method and path', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => METHODS_OF_DOCUMENT.includes(method))
        .map((method) => routeKey(method, fastifyPath(path))),
    );
    const declared = apiRoutes().map((route) => routeKey([route.method].flat()[0]!, route.url));
    expect(new Set(declared).size).toBe(declared.length);
    expect(documented.sort()).toEqual(declared.sort());
    // The parts every kind of caller uses are there.
    for (const key of [
      `POST ${API_BASE}/sign_in`,
      `POST ${API_BASE}/a/cashier/devices/:id/place/:place/update`,
      `GET ${API_BASE}/a/admin/users`,
      `POST ${API_BASE}/a/manager/account/:id/move`,
      'POST /device/events',
      'GET /healthz',
      `GET ${API_BASE}/client_config`,
      `GET ${API_BASE}/a/cashier/events`,
    ]) {
      expect(documented).toContain(key);
    }
  });

  it('sums up every operation in one line, and has no line for a route that is gone', () => {
    const declared = apiRoutes().map((route) => routeKey([route.method].flat()[0]!, route.url));
    expect(declared.filter((key) => !OPERATION_SUMMARIES[key])).toEqual([]);
    expect(Object.keys(OPERATION_SUMMARIES).filter((key) => !declared.includes(key))).toEqual([]);
    const unsummed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => METHODS_OF_DOCUMENT.includes(method) && !operation.summary)
        .map(([method]) => routeKey(method, path)),
    );
    expect(unsummed).toEqual([]);
    expect(document.paths[`${API_BASE}/a/cashier/devices/{id}/place/{place}/update`]!.post!.summary).toBe(
      OPERATION_SUMMARIES[`POST ${API_BASE}/a/cashier/devices/:id/place/:place/update`],
    );
  });

  it('documents bodies, parameters, answers, errors and who may call', () => {
    const deposit = document.paths[`${API_BASE}/a/cashier/devices/{id}/place/{place}/update`]!.post!;
    expect(Object.keys(deposit.requestBody!.content)).toEqual(['application/json']);
    expect(deposit.parameters!.map((p) => `${p.in} ${p.name}`).sort()).toEqual(['path id', 'path place']);
    expect(deposit.responses['200']!.content!['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/CashResult' },
    });
    expect(deposit.responses['4XX']!.content!['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/Error' },
    });
    expect(deposit.security).toEqual([{ session: [] }]);

    const remote = document.paths[`${API_BASE}/a/cashier/devices/remote/{id}`]!.get!;
    expect(remote.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'x-device-pin', required: true }),
    );
    const ledger = document.paths[`${API_BASE}/a/manager/account/{id}/transactions`]!.get!;
    expect(ledger.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['from', 'to', 'limit', 'before']),
    );
    expect(document.paths['/device/events']!.post!.security).toEqual([{ deviceToken: [] }]);
    expect(document.paths['/device/enroll']!.post!.security).toBeUndefined();
    expect(document.paths[`${API_BASE}/sign_in`]!.post!.security).toBeUndefined();

    const error = document.components.schemas.Error as { properties: { err: { enum: string[] } } };
    expect(error.properties.err.enum).toContain('validation');
    expect(error.properties.err.enum).toContain('overdraft');
  });

  it('documents the live-updates stream as text/event-stream and the ledger export as CSV', () => {
    const events = document.paths[`${API_BASE}/a/cashier/events`]!.get!;
    expect(Object.keys(events.responses['200']!.content!)).toEqual(['text/event-stream']);
    const csv = document.paths[`${API_BASE}/a/manager/account/{id}/transactions.csv`]!.get!;
    expect(Object.keys(csv.responses['200']!.content!)).toEqual(['text/csv']);
  });

  it('is checked in as docs/openapi.json, current with the routes (npm run openapi)', async () => {
    const checkedIn: unknown = JSON.parse(fs.readFileSync(OPENAPI_SNAPSHOT, 'utf8'));
    expect(checkedIn, 'docs/openapi.json is older than the routes: run `npm run openapi`').toEqual(
      await openApiDocument(),
    );
  });

  it('serves a docs page without a session, its assets from this server, under the CSP', async () => {
    const page = await fetch(`${suite.server.baseUrl}${DOCS_PATH}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    const html = await page.text();
    // No inline script (the CSP allows none) and nothing from another origin.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((asset) => asset.endsWith('swagger-ui-bundle.js'))).toBe(true);
    for (const asset of assets) {
      const res = await fetch(new URL(asset, `${suite.server.baseUrl}${DOCS_PATH}`));
      expect(res.status, asset).toBe(200);
      // Read to the end: an unread answer keeps its connection busy and the server from closing.
      expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
    }
    // The page reads this server's document, and no validator elsewhere.
    const init = await (
      await fetch(`${suite.server.baseUrl}${DOCS_PATH}/static/swagger-initializer.js`)
    ).text();
    expect(init).toContain(OPENAPI_PATH);
    expect(init).toMatch(/"validatorUrl":\s*null/);
  });
});

describe('answers written from the route schemas', () => {
  const schema = z.object({ a: z.number(), b: z.string() });
  const compile = (strict: boolean, heard: ResponseSchemaMismatch[] = []) =>
    zodSerializerCompiler({ strict, onMismatch: (m) => heard.push(m) })({
      schema,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });

  it('keeps the bytes and field order the handler returned', () => {
    expect(compile(true)({ b: 'x', a: 1 })).toBe('{"b":"x","a":1}');
  });

  it('fails an answer that drifted from its schema in tests, and logs it but answers otherwise', () => {
    expect(() => compile(true)({ a: 'one', b: 'x' })).toThrow(ResponseSchemaMismatch);
    const heard: ResponseSchemaMismatch[] = [];
    expect(compile(false, heard)({ a: 'one', b: 'x' })).toBe('{"a":"one","b":"x"}');
    expect(heard.map((m) => m.route)).toEqual(['GET /x']);
  });

  it('outside tests checks one answer in `sampleEvery` of a route, the first included, and every one in tests', () => {
    const heard: ResponseSchemaMismatch[] = [];
    const sampled = zodSerializerCompiler({
      strict: false,
      sampleEvery: 4,
      onMismatch: (m) => heard.push(m),
    })({
      schema,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    for (let i = 0; i < 9; i++) expect(sampled({ a: 'one', b: 'x' })).toBe('{"a":"one","b":"x"}');
    // Answers 1, 5 and 9 were checked.
    expect(heard).toHaveLength(3);
    const strict = zodSerializerCompiler({ strict: true, sampleEvery: 4, onMismatch: () => undefined })({
      schema,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(strict({ a: 1, b: 'x' })).toBe('{"a":1,"b":"x"}');
    expect(() => strict({ a: 'one', b: 'x' })).toThrow(ResponseSchemaMismatch);
  });
});
