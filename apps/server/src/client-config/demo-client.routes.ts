// Demo mode's client download (DEMO_DEFAULTS.clientDownloadUrl, config.ts): a small text file served by
// this server, so the /get-client page of a fresh `npm start` offers a Download that works. A real
// installation sets CLIENT_DOWNLOAD_URL to its own installer; this route exists only in demo mode.
import type { FastifyPluginAsync } from 'fastify';
import { DEMO_DEFAULTS } from '../config.js';
import { answers, textAnswer } from '../http/route-schemas.js';

export const DEMO_CLIENT_PATH = DEMO_DEFAULTS.clientDownloadUrl;
export const DEMO_CLIENT_FILE_NAME = DEMO_CLIENT_PATH.slice(DEMO_CLIENT_PATH.lastIndexOf('/') + 1);

export const DEMO_CLIENT_TEXT = [
  'Cashdesk demo client',
  '',
  'This file stands in for the cashier terminal installer in demo mode.',
  'The cashier terminal is the web app: open this server in a browser and sign in.',
  'An operator offers the real installer by setting CLIENT_DOWNLOAD_URL (README, Configuration).',
  '',
].join('\n');

export function demoClientRoutes(): FastifyPluginAsync {
  return async (app) => {
    const download = {
      schema: { response: answers({ 200: textAnswer('text/plain', 'the demo client file') }) },
    };
    app.get(DEMO_CLIENT_PATH, download, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${DEMO_CLIENT_FILE_NAME}"`)
        .send(DEMO_CLIENT_TEXT),
    );
  };
}
