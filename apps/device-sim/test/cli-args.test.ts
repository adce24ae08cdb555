import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError, parseCli } from '../src/cli-args.js';

describe('command line', () => {
  it('has the documented defaults', () => {
    expect(parseCli([], '/tmp')).toMatchObject({
      game: 'rocket',
      module: 1,
      kind: 'cabinet',
      places: 4,
      server: 'http://127.0.0.1:8080',
      paceMs: 1500,
      stateFile: undefined,
      help: false,
    });
    expect(parseCli(['--remote'], '/tmp')).toMatchObject({ kind: 'remote', places: 1 });
  });

  it('maps games to modules and reads every flag', () => {
    expect(parseCli(['--game', 'fruit'], '/').module).toBe(5);
    expect(parseCli(['--game', 'frog'], '/').module).toBe(7);
    const o = parseCli(
      [
        '--game',
        'frog',
        '--places',
        '8',
        '--server',
        'http://h:9/',
        '--pace-ms',
        '0',
        '--seed',
        '7',
        '--state-file',
        'x/s.json',
      ],
      '/work',
    );
    expect(o).toMatchObject({ places: 8, server: 'http://h:9', paceMs: 0, seed: 7 });
    expect(o.stateFile).toBe(path.resolve('/work', 'x/s.json'));
    expect(parseCli(['--remote', '--new-pin-every-ms', '60000'], '/').newPinEveryMs).toBe(60000);
  });

  it.each([
    [['--game', 'poker'], /--game must be one of rocket, fruit, frog/],
    [['--places', '9'], /--places must be a whole number from 1 to 8/],
    [['--places', 'four'], /--places must be a whole number/],
    [['--pace-ms', '-5'], /--pace-ms/],
    [['--server', 'nowhere'], /--server must be a URL/],
    [['--server', 'ftp://x'], /http:\/\/ or https:\/\//],
    [['--new-pin-every-ms', '5000'], /add --remote/],
    [['--frobnicate'], /Unknown option '--frobnicate'/],
    [['--places'], /--places/],
    [['extra'], /positional/i],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseCli(argv, '/')).toThrow(CliError);
    expect(() => parseCli(argv, '/')).toThrow(message);
  });
});
