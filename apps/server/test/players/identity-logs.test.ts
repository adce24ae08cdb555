// A player's identity (name, document, birth date) never reaches the server's log (docs/security.md,
// "Players' identity"): every call that carries or answers it, good and refused, at the most talkative
// log level, and the log read whole afterwards.
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../back-office/support.js';
import { cashierClient, newTrx } from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { lookup, newCard, register, registered } from './support.js';

const IDENTITY = {
  name: 'Zelda Quixotic-Identity',
  document_kind: 'Vanishing passport',
  document_number: 'DOC-9f8e7d6c',
  birth_date: '1977-07-17',
};

describe.each(testDatabases)("players' identity and the log on $name", (database) => {
  const raw: string[] = [];
  const suite = useTestServer(database, {
    config: { logLevel: 'trace' },
    logStream: { write: (line) => void raw.push(line) },
  });

  beforeAll(async () => {
    const venueId = (await createVenue(suite.db)).id;
    const { client: till } = await cashierClient(suite.server, suite.db, venueId);
    const manager = (await signedInAs(suite.server, suite.db, 'manager', venueId)).client;
    const card = newCard();
    const player = await registered(till, { card, ...IDENTITY });
    const trx = newTrx();
    const calls = [
      // A retry, a card taken, a body refused for its form, identity recorded and changed and cleared.
      register(till, { card, trx, ...IDENTITY }),
      register(till, { card, trx, ...IDENTITY }),
      register(till, { card: newCard(), ...IDENTITY, birth_date: `${IDENTITY.birth_date}x` }),
      register(till, { card: newCard(), ...IDENTITY, nickname: IDENTITY.name }),
      till.post(`/a/cashier/players/${player.id}`, { ...IDENTITY, name: `${IDENTITY.name} II` }),
      till.post(`/a/cashier/players/${player.id}`, { document_number: null }),
      till.post(`/a/cashier/players/2147483647`, IDENTITY),
      lookup(till, card),
      manager.get(`/a/manager/account/${venueId}/players?q=${encodeURIComponent(IDENTITY.name)}`),
      manager.get(`/a/manager/account/${venueId}/players?q=${encodeURIComponent(IDENTITY.document_number)}`),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBeLessThan(500);
  });

  it('keeps every identity value out of every log line', () => {
    const log = raw.join('');
    // The calls were logged (so the check below reads something).
    expect(log).toMatch(/\/a\/cashier\/players/);
    for (const value of [...Object.values(IDENTITY), 'Zelda', 'Quixotic', '9f8e7d6c', '1977-07-17']) {
      expect(log, value).not.toContain(value);
    }
  });
});
