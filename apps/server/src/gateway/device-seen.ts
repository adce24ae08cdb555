// When each device last reported, for the manager's floor (a device silent for N minutes): written on the
// device's calls, at most once a minute per device and process, so a terminal polling every second costs
// one small update a minute, not one a poll.
import type { Clock } from '../clock.js';
import { BoundedMap } from '../bounded-map.js';
import type { Db } from '../db/database.js';
import { markDeviceSeen } from '../devices/index.js';

const WRITE_EVERY_MS = 60_000;
const DEVICES_REMEMBERED = 10_000;

export class DeviceSeen {
  private readonly written = new BoundedMap<number, number>(DEVICES_REMEMBERED);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async note(deviceId: number): Promise<void> {
    const now = this.clock.now();
    const last = this.written.get(deviceId);
    if (last !== undefined && now - last < WRITE_EVERY_MS) return;
    this.written.set(deviceId, now);
    await markDeviceSeen(this.db.kysely, deviceId, now);
  }
}
