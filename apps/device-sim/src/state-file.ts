// The simulator's memory across restarts: who the device is (its token) and the events sent but not yet
// answered, so a restarted simulator is the same device and resends those events byte for byte.
import fs from 'node:fs';
import path from 'node:path';
import {
  deviceEventRequest,
  enrollRequest,
  type DeviceEventRequest,
  type EnrollRequest,
} from '@cashdesk/contract';
import { z } from 'zod';

export const savedState = z.object({
  version: z.literal(1),
  /** The server the token belongs to; a token means nothing to another server. */
  server: z.string(),
  device_token: z.string().min(1),
  uuid: z.string(),
  /** What was enrolled, so a restart with other flags can say which ones it ignores. */
  enrolled: enrollRequest,
  pending: z.array(deviceEventRequest),
});
export type SavedState = z.infer<typeof savedState>;

export class StateFileError extends Error {
  constructor(file: string, problem: string) {
    super(`state file ${file}: ${problem}`);
    this.name = 'StateFileError';
  }
}

/** The saved state, or null when the file does not exist yet. A damaged file is an error, not a reset. */
export function loadState(file: string): SavedState | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StateFileError(file, (error as Error).message);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new StateFileError(file, 'is not valid JSON');
  }
  const parsed = savedState.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ');
    throw new StateFileError(file, `does not hold a simulator state (${issues})`);
  }
  return parsed.data;
}

/**
 * Writes the state atomically (temp file, fsync, rename): a crash mid-write leaves the previous state,
 * never half a file, so a pending event is either remembered whole or was never sent.
 */
export function saveState(file: string, state: SavedState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w');
  try {
    fs.writeFileSync(fd, JSON.stringify(state, null, 2) + '\n');
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

export function newSavedState(
  server: string,
  identity: { device_token: string; uuid: string },
  enrolled: EnrollRequest,
  pending: readonly DeviceEventRequest[] = [],
): SavedState {
  return { version: 1, server, ...identity, enrolled, pending: [...pending] };
}
