// The OpenAPI 3.1 document of the HTTP API, generated from the route schemas (http/route-schemas.ts), so
// it cannot drift from what the server validates; served at GET /api/v1/openapi.json, and as a readable
// page at GET /api/docs (Swagger UI, its assets served from node_modules: nothing from a CDN, and it
// needs no exception to the Content-Security-Policy of response-headers.ts).
//
// Both are public, like /healthz: they describe the calls and hold no data, and every call they describe
// still asks for its own session or device token. docs/security.md, "The API's description is public".
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  account,
  API_BASE,
  backOfficeUser,
  cashResult,
  device,
  deviceDetail,
  errorBody,
  ledgerRow,
  reportEntry,
  user,
} from '@cashdesk/contract';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATION_SUMMARIES } from './openapi-summaries.js';
import { answers } from './route-schemas.js';

export const OPENAPI_PATH = `${API_BASE}/openapi.json`;
export const DOCS_PATH = '/api/docs';
/** The API's version, as in its paths (/api/v1): the checked-in document (docs/openapi.json) stays put between builds. */
export const API_VERSION = '1';

/** Routes that need the session cookie (session guard, auth/guards.ts) or a device's Bearer token. */
function securityOf(url: string): Array<Record<string, string[]>> | undefined {
  if (url.startsWith(`${API_BASE}/a/`)) return [{ session: [] }];
  if (url.startsWith('/device/') && url !== '/device/enroll') return [{ deviceToken: [] }];
  return undefined;
}

/** The document's tag of a route: the part of the API it belongs to. */
function tagOf(url: string): string {
  if (url.startsWith('/device/')) return 'device gateway';
  if (url.startsWith(`${API_BASE}/a/admin/`) || url.startsWith(`${API_BASE}/a/manager/`)) {
    return 'back office';
  }
  if (url.startsWith(`${API_BASE}/a/cashier/`)) return 'cashier';
  if (url.startsWith(`${API_BASE}/a/`) || url === `${API_BASE}/sign_in`) return 'session';
  return 'public';
}

/**
 * Shapes the document names once under components.schemas and refers to ($ref) wherever they appear:
 * the error body is on every route, the others on several.
 */
const named = z.registry<{ id: string }>();
for (const [schema, id] of [
  [errorBody, 'Error'],
  [user, 'User'],
  [device, 'Device'],
  [deviceDetail, 'DeviceDetail'],
  [cashResult, 'CashResult'],
  [reportEntry, 'ReportEntry'],
  [account, 'Account'],
  [backOfficeUser, 'BackOfficeUser'],
  [ledgerRow, 'LedgerRow'],
] as const) {
  named.add(schema, { id });
}

const zodTransform = createJsonSchemaTransform({ skipList: [], schemaRegistry: named });
const namedObject = createJsonSchemaTransformObject({ schemaRegistry: named });

type OpenApiObject = ReturnType<typeof namedObject>;

/** The provider names each shape twice (as a request and as an answer): keep those the paths refer to. */
function withoutUnused(document: OpenApiObject): OpenApiObject {
  const { components = {}, paths = {} } = document as {
    components?: { schemas?: Record<string, unknown> };
    paths?: unknown;
  };
  const used = JSON.stringify(paths);
  const schemas = Object.fromEntries(
    Object.entries(components.schemas ?? {}).filter(([id]) => used.includes(`"#/components/schemas/${id}"`)),
  );
  return { ...document, components: { ...components, schemas } } as OpenApiObject;
}

/** Registers the document's generator: before any route, since it collects them as they are added. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cashdesk API',
        version: API_VERSION,
        description:
          'The HTTP API of the Cashdesk server: the cashier terminal, the back office and the gaming ' +
          "devices' gateway. Money is in integer cents. Every error answer is `{err, ...details}` (the Error schema).",
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'x-token', description: 'set by POST /sign_in' },
          deviceToken: { type: 'http', scheme: 'bearer', description: 'from POST /device/enroll' },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = zodTransform(document);
      if ((schema as { hide?: boolean }).hide) return { schema, url };
      const security = securityOf(url);
      const summary = OPERATION_SUMMARIES[`${[document.route.method].flat()[0]} ${document.route.url}`];
      return {
        schema: {
          ...schema,
          tags: [tagOf(url)],
          ...(summary ? { summary } : {}),
          ...(security ? { security } : {}),
        },
        url,
      };
    },
    transformObject: (document) => withoutUnused(namedObject(document)),
  });
}

/** The document and the docs page; after every other route, so the document holds them all. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        response: answers({
          200: z.looseObject({ openapi: z.string() }).describe('the OpenAPI 3.1 document'),
        }),
      },
    },
    async () => app.swagger(),
  );
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    // Swagger UI would otherwise show a badge from an outside validator: nothing leaves this server.
    uiConfig: { validatorUrl: null, url: OPENAPI_PATH } as Record<string, unknown>,
    staticCSP: false,
  });
}
