// The answers a signed-in screen asks for first, carried in its page (BENCHMARKS.md, "Web first load"). The
// devices screen could draw only once the page, its scripts, then the session (`/a/me`) and the till's lock
// state had come: on a slow network each of those asks is a round trip more before the screen. The screen's
// own list, the day's totals above it and the float come the same way, so the list does not jump down when
// the totals arrive. When the page of a signed-in screen is asked for with a session cookie, the server asks
// its own API for them (Fastify's `inject`, through every hook and route as a call from the browser would go:
// the guards, the lock, the answer's schema) and puts each 200 answer, byte for byte, in a data block the
// browser never runs:
//
//   <script type="application/json" id="first-screen-data">{"/a/me":{...},"/a/lock":{...},...}</script>
//
// The web app puts them in its cache before its first render (apps/web/src/app/first-screen-data.ts),
// and asks the API itself for any that is missing. An answer other than 200 (no session, a locked till,
// a role without the devices list) is left out: the app's own call then meets it as before. A page that
// carries answers is `no-store`: it is the session's, never kept by a cache.
import { API_BASE } from '@cashdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The id of the data block, as the web app looks it up. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** The session's calls, asked first; the screen's, asked once the session answered. */
const SESSION_CALLS = ['/a/me', '/a/lock'];
const SCREEN_CALLS = ['/a/cashier/devices', '/a/cashier/daily_totals', '/a/cashier/account_balance'];

/**
 * The data block for `request`'s page, or '' when there is nothing to carry (no cookie, no live
 * session). `app` is the server itself: each call goes through it as the browser's own would.
 */
export async function firstScreenData(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const cookie = request.headers.cookie;
  if (!cookie) return '';
  const ask = async (call: string): Promise<[string, string] | null> => {
    const answer = await app.inject({ method: 'GET', url: `${API_BASE}${call}`, headers: { cookie } });
    return answer.statusCode === 200 ? [call, answer.body] : null;
  };
  const session = await Promise.all(SESSION_CALLS.map(ask));
  // No session (or a blocked user): nothing to carry, and the app's own call clears the cookie.
  if (!session[0]) return '';
  const screen = await Promise.all(SCREEN_CALLS.map(ask));
  const answers = [...session, ...screen].filter((item): item is [string, string] => item !== null);
  return dataBlock(answers);
}

/**
 * The block holding `answers` (call, JSON body): the bodies as the API sent them, and every `<` written
 * `\u003c` (the same JSON), so no text in an answer can close the block or open a tag.
 */
export function dataBlock(answers: [string, string][]): string {
  const json = `{${answers.map(([call, body]) => `${JSON.stringify(call)}:${body}`).join(',')}}`;
  return `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${json.replaceAll('<', '\\u003c')}</script>`;
}
