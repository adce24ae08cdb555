// The simulator's command line: flags in, checked options out, with errors a person can act on.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_PLACES } from '@cashdesk/contract';
import { GAME_MODULES, type DeviceKind, type GameName } from './simulator.js';

export const USAGE = `Usage: npm run device -- [options]

Simulates a gaming cabinet (or, with --remote, a home-play client): enrolls, shows a pairing PIN,
waits until a cashier links it, then plays on every place that has money.

Options:
  --game rocket|fruit|frog   the game (module 1, 5 or 7); default rocket
  --places N                 places (1-${MAX_PLACES}); default 4, or 1 with --remote
  --remote                   a home-play client (6-digit PIN; press n + Enter for a new PIN)
  --server URL               the server; default http://127.0.0.1:8080
  --pace-ms N                pause between game events; default 1500
  --state-file PATH          keep the device identity and unanswered events here across restarts
  --new-pin-every-ms N       (--remote) make a new PIN this often
  --seed N                   seed of the playing strategy, to replay a run
  --game-id N                the game id reported at enrollment; default 1
  -h, --help                 this text`;

export interface CliOptions {
  help: boolean;
  game: GameName;
  module: number;
  kind: DeviceKind;
  places: number;
  server: string;
  paceMs: number;
  stateFile: string | undefined;
  newPinEveryMs: number | undefined;
  seed: number | undefined;
  gameId: number;
}

export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

function integer(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new CliError(`--${flag} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return Number(text);
}

/**
 * Parses the flags. `cwd` resolves a relative --state-file: npm runs the script inside the package
 * folder, so the caller passes the directory the person typed the command in (INIT_CWD).
 */
export function parseCli(argv: readonly string[], cwd: string = process.cwd()): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        game: { type: 'string' },
        places: { type: 'string' },
        remote: { type: 'boolean', default: false },
        server: { type: 'string', default: 'http://127.0.0.1:8080' },
        'pace-ms': { type: 'string' },
        'state-file': { type: 'string' },
        'new-pin-every-ms': { type: 'string' },
        seed: { type: 'string' },
        'game-id': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    // parseArgs already names the flag ("Unknown option '--foo'"); only the wrapping is ours.
    throw new CliError((error as Error).message);
  }

  const game = values.game ?? 'rocket';
  if (!(game in GAME_MODULES)) {
    throw new CliError(
      `--game must be one of ${Object.keys(GAME_MODULES).join(', ')}, got ${JSON.stringify(game)}`,
    );
  }
  const kind: DeviceKind = values.remote ? 'remote' : 'cabinet';

  let server: URL;
  try {
    server = new URL(values.server);
  } catch {
    throw new CliError(
      `--server must be a URL like http://127.0.0.1:8080, got ${JSON.stringify(values.server)}`,
    );
  }
  if (server.protocol !== 'http:' && server.protocol !== 'https:') {
    throw new CliError(`--server must be an http:// or https:// URL, got ${JSON.stringify(values.server)}`);
  }

  const newPinEveryMs = integer('new-pin-every-ms', values['new-pin-every-ms'], 1000, 86_400_000);
  if (newPinEveryMs !== undefined && kind !== 'remote') {
    throw new CliError('--new-pin-every-ms is for a home-play client: add --remote');
  }
  const stateFile = values['state-file'];
  if (stateFile === '') throw new CliError('--state-file must not be empty');

  return {
    help: values.help,
    game: game as GameName,
    module: GAME_MODULES[game as GameName],
    kind,
    places: integer('places', values.places, 1, MAX_PLACES) ?? (kind === 'remote' ? 1 : 4),
    server: server.origin + server.pathname.replace(/\/+$/, ''),
    paceMs: integer('pace-ms', values['pace-ms'], 0, 3_600_000) ?? 1500,
    stateFile: stateFile === undefined ? undefined : path.resolve(cwd, stateFile),
    newPinEveryMs,
    seed: integer('seed', values.seed, 0, 2 ** 32 - 1),
    gameId: integer('game-id', values['game-id'], 0, 2147483647) ?? 1,
  };
}
