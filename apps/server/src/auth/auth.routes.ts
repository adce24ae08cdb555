// Placeholder until the auth module lands: sign-in, me, sign-out, change-password.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';

export function authRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
