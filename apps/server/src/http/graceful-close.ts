// While the server closes, every answer still in flight says `Connection: close`: its keep-alive
// connection then ends with it, so closing does not wait for the client's idle timeout (Fastify closes
// only the connections that are idle when closing starts).
import type { FastifyInstance } from 'fastify';

export function installGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });
}
