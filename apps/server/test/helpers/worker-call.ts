// A call to a server with worker processes, on a connection of its own (agent: false): the primary hands
// each new connection to the next worker, so consecutive calls may land on different workers.
import http from 'node:http';
import { WORKER_HEADER } from '../../src/app.js';

export interface WorkerAnswer {
  status: number;
  /** The worker that answered (the server's worker header). */
  worker: string | undefined;
  headers: http.IncomingHttpHeaders;
  /** The body as sent. */
  text: string;
}

export function callOnNewConnection(
  base: string,
  urlPath: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<WorkerAnswer> {
  return new Promise<WorkerAnswer>((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      `${base}${urlPath}`,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        agent: false,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { cookie: `x-token=${options.token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            worker: response.headers[WORKER_HEADER] as string | undefined,
            headers: response.headers,
            text,
          }),
        );
      },
    );
    request.on('error', reject);
    // A connection handed to a worker that is dying gets no answer: give up on it, as a client would.
    request.setTimeout(5_000, () => request.destroy(new Error('no answer in 5 s')));
    request.end(body);
  });
}
