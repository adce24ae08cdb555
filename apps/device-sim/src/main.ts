// `npm run device -- ...`: runs one simulated device in the terminal until Ctrl+C.
// PIN banners and game events go to stdout; progress and problems go to stderr.
import readline from 'node:readline';
import { formatCents } from '@cashdesk/contract';
import { CliError, parseCli, USAGE, type CliOptions } from './cli-args.js';
import { describeEventType } from './event-names.js';
import { renderPinBanner } from './pin-banner.js';
import { StoppedError } from './gateway-client.js';
import { DeviceSimulator, type SimulatorEvent } from './simulator.js';

function time(): string {
  return new Date().toISOString().slice(11, 19);
}

function eventLine(e: SimulatorEvent): string {
  const what = `place ${e.place}  ${describeEventType(e.type).padEnd(17)} ${formatCents(e.amount).padStart(9)}`;
  if (e.ok && e.balances) {
    return `${time()} ${what}  entries ${formatCents(e.balances.entries)}  final bonus ${formatCents(e.balances.final_bonus)}`;
  }
  return `${time()} ${what}  refused: ${e.status ?? '?'} ${e.err ?? ''}`;
}

const GAME_TITLES = { rocket: 'Rocket Game', fruit: 'Fruit Game', frog: 'Frog Game' } as const;

function title(options: CliOptions): string {
  const device = options.kind === 'remote' ? 'Home play' : GAME_TITLES[options.game];
  return `${device}, ${options.places} place${options.places === 1 ? '' : 's'} - enter this PIN at the cashier`;
}

async function main(): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCli(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`device-sim: ${error.message}\nRun with --help for the options.`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }

  let done: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (done = resolve));

  const sim = new DeviceSimulator({
    server: options.server,
    kind: options.kind,
    module: options.module,
    gameId: options.gameId,
    places: options.places,
    paceMs: options.paceMs,
    stateFile: options.stateFile,
    newPinEveryMs: options.newPinEveryMs,
    seed: options.seed,
    onPin: (pin, expiresAt) => {
      console.log(`\n${renderPinBanner(pin, { expiresAt, title: title(options) })}\n`);
    },
    onLinked: () => console.log(`${time()} linked: playing every ${options.paceMs} ms on places with money`),
    onEvent: (e) => console.log(eventLine(e)),
    onLog: (level, message) => console.error(`${time()} ${level === 'info' ? '' : `${level}: `}${message}`),
    onError: (error) => {
      console.error(`device-sim: ${error.message}`);
      done(1);
    },
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      // A second Ctrl+C while stopping: leave at once (a saved state file is already up to date).
      process.exit(130);
    }
    stopping = true;
    console.error(`${time()} ${signal}: stopping`);
    void sim.stop().then(() => {
      const pending = sim.pendingEvents.length;
      if (pending > 0) {
        console.error(
          options.stateFile
            ? `${pending} unanswered event(s) saved in ${options.stateFile}; they are resent on the next start`
            : `${pending} unanswered event(s) dropped (no --state-file)`,
        );
      }
      done(0);
    });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  console.error(
    `${time()} ${options.kind} for ${options.game} (module ${options.module}), ${options.places} place(s), ` +
      `server ${options.server}, seed ${sim.seed}`,
  );
  try {
    await sim.start();
  } catch (error) {
    console.error(`device-sim: could not start: ${error instanceof Error ? error.message : String(error)}`);
    await sim.stop();
    return 1;
  }

  let input: readline.Interface | null = null;
  if (options.kind === 'remote' && process.stdin.isTTY) {
    input = readline.createInterface({ input: process.stdin });
    console.error(`${time()} press n + Enter for a new PIN`);
    input.on('line', (line) => {
      if (line.trim().toLowerCase() !== 'n') return;
      sim.newPin().catch((error: unknown) => {
        if (error instanceof StoppedError) return;
        console.error(
          `device-sim: new PIN failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    });
  }

  const code = await finished;
  input?.close();
  if (code !== 0) await sim.stop();
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
