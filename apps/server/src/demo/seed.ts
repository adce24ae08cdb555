// Placeholder until the demo seed lands.
import type { AppContext } from '../context.js';

export interface DemoSummary {
  logins: { login: string; password: string; role: string }[];
}

export async function seedDemo(_ctx: AppContext): Promise<DemoSummary | null> {
  return null;
}
