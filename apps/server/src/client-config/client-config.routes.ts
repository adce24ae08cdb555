// What the operator configured for the web app's public parts (README, configuration): the client
// download of /get-client and the support widget's chat script or contact. Public: /get-client is
// opened before anyone signs in, and none of it is secret.
import { clientConfig, type ClientConfig } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../http/route-schemas.js';
import type { AppContext } from '../context.js';

export function clientConfigRoutes(ctx: AppContext): FastifyPluginAsync {
  const { clientDownloadUrl, support } = ctx.config;
  const answer: ClientConfig = {
    client_download_url: clientDownloadUrl,
    support: { chat_script_url: support.chatScriptUrl, phone: support.phone, email: support.email },
  };
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/client_config',
      { schema: { response: answers({ 200: clientConfig }) } },
      async (): Promise<ClientConfig> => answer,
    );
  };
}
