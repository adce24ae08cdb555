import { describe, expect, it } from 'vitest';
import { summarizeProfile, type CpuProfile } from './profile-summary.js';

const frame = (functionName: string, url: string) => ({ functionName, url });

describe('the server profile by part', () => {
  it('counts each sample for the innermost frame that names a part, idle left out', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 5, 6, 7] },
        { id: 2, callFrame: frame('query', 'file:///r/node_modules/pg/lib/client.js'), children: [3] },
        { id: 3, callFrame: frame('writeGeneric', 'node:internal/stream_base_commons'), children: [4] },
        { id: 4, callFrame: frame('writev', ''), children: [] },
        { id: 5, callFrame: frame('decideCash', 'file:///r/apps/server/src/ledger/money-rules.ts') },
        { id: 6, callFrame: frame('(garbage collector)', '') },
        { id: 7, callFrame: frame('(idle)', '') },
      ],
      // writev (native, no URL) counts for Node's sockets, its nearest frame with a part.
      samples: [4, 4, 2, 5, 6, 7, 7],
      timeDeltas: [1000, 1000, 1000, 500, 500, 9000, 9000],
    };
    expect(summarizeProfile(profile)).toEqual([
      { part: 'Node: HTTP, sockets, streams', ms: 2, share: 0.5 },
      { part: 'database driver', ms: 1, share: 0.25 },
      { part: 'ledger decisions', ms: 0.5, share: 0.125 },
      { part: 'garbage collection', ms: 0.5, share: 0.125 },
    ]);
  });

  it("counts the SQLite engine's native time, under Kysely's SQLite connection, for the database driver", () => {
    const kysely = 'file:///r/node_modules/kysely/dist/esm';
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 4] },
        {
          id: 2,
          callFrame: frame('executeQuery', `${kysely}/dialect/sqlite/sqlite-driver.js`),
          children: [3],
        },
        { id: 3, callFrame: frame('all', ''), children: [] },
        { id: 4, callFrame: frame('visitNode', `${kysely}/query-compiler/default-query-compiler.js`) },
      ],
      samples: [3, 3, 4],
      timeDeltas: [1000, 1000, 1000],
    };
    expect(summarizeProfile(profile).map(({ part, ms }) => [part, ms])).toEqual([
      ['database driver', 2],
      ['query building (Kysely)', 1],
    ]);
  });
});
