// Demo mode: the demo devices play in-process against this server, like real cabinets and a phone would.
import { DeviceSimulator } from '@cashdesk/device-sim';
import type { AppContext } from '../context.js';
import { readDemoDevices, type DemoDevice } from './devices.js';

export interface DemoSimulators {
  stop(): Promise<void>;
}

export async function startDemoSimulators(
  ctx: AppContext,
  serverUrl: string,
  onPin: (device: DemoDevice, pin: string, expiresAt: Date) => void,
): Promise<DemoSimulators> {
  const devices = await readDemoDevices(ctx);
  const simulators = devices.map(
    (device) =>
      new DeviceSimulator({
        server: serverUrl,
        kind: device.kind,
        module: device.module,
        places: device.places,
        deviceToken: device.token,
        paceMs: 4000,
        onPin: (pin, expiresAt) => onPin(device, pin, expiresAt),
        onLog: () => {},
      }),
  );
  await Promise.all(simulators.map((s) => s.start()));
  return { stop: async () => void (await Promise.all(simulators.map((s) => s.stop()))) };
}
