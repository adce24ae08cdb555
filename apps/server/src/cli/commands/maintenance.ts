// maintenance:set, maintenance:clear, maintenance:show: the text of the web app's maintenance page
// (/maintenance-redirect), stored in the database so every server process serves the same one.
import { maintenanceText } from '@cashdesk/contract';
import {
  clearMaintenanceMessage,
  readMaintenanceMessage,
  writeMaintenanceMessage,
  type StoredMaintenanceMessage,
} from '../../maintenance/maintenance.repository.js';
import type { Command } from '../command.js';
import { validate } from '../values.js';

function asJson(stored: StoredMaintenanceMessage | null) {
  return stored
    ? { message: stored.message, updated_at: new Date(stored.updated_at_ms).toISOString() }
    : { message: null };
}

const maintenanceSet: Command = {
  name: 'maintenance:set',
  usage: 'maintenance:set <text>',
  summary: 'set the text the maintenance page shows (quote it; -- before a text that starts with --)',
  details: ['The page (/maintenance-redirect) reloads every 30 s, so open pages show the new text by then.'],
  positionals: ['<text>'],
  flags: {},
  async run(args, { db, clock, print }) {
    const text = validate(maintenanceText, args.positional(0), { '': '<text>' });
    const stored = await writeMaintenanceMessage(db.kysely, text, clock.now());
    print.result(asJson(stored), () => `maintenance message set:\n${stored.message}`);
  },
};

const maintenanceClear: Command = {
  name: 'maintenance:clear',
  usage: 'maintenance:clear',
  summary: 'remove the maintenance text (the page then shows its 404 message)',
  positionals: [],
  flags: {},
  async run(_args, { db, print }) {
    const removed = await clearMaintenanceMessage(db.kysely);
    print.result({ removed }, () =>
      removed ? 'maintenance message removed' : 'there was no maintenance message',
    );
  },
};

const maintenanceShow: Command = {
  name: 'maintenance:show',
  usage: 'maintenance:show',
  summary: 'print the current maintenance text',
  positionals: [],
  flags: {},
  async run(_args, { db, print }) {
    const stored = await readMaintenanceMessage(db.kysely);
    print.result(asJson(stored), () =>
      stored
        ? `maintenance message (set ${new Date(stored.updated_at_ms).toISOString()}):\n${stored.message}`
        : 'no maintenance message',
    );
  },
};

export const maintenanceCommands: readonly Command[] = [maintenanceSet, maintenanceClear, maintenanceShow];
