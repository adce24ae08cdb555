// docs/product.md section 4: a new build makes open terminals reload. The build's hash is read once from
// /version.json at start; the server's is polled at GET /api/v1/cashier_v (usePollInterval) and asked
// again on every live-updates hello.
// If either is missing (development, an old server) nothing happens.
import { useEffect, useState } from 'react';
import { baseApi } from '../../api/base-api';
import { reloadPage } from '../float';
import { usePollInterval } from '../live-updates';

export const CLIENT_VERSION_URL = '/version.json';
/** Remembers, for this tab, the server hash a reload was made for (see the loop guard below). */
export const RELOADED_FOR_STORAGE_KEY = 'reloaded_for_version';

export const versionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    serverVersion: build.query<{ hash: string }, void>({
      query: () => '/cashier_v',
      providesTags: ['Version'],
    }),
  }),
});

export const { useServerVersionQuery } = versionApi;

function hashOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('hash' in body)) return null;
  const { hash } = body as { hash: unknown };
  return typeof hash === 'string' && hash !== '' ? hash : null;
}

/** The hash of the build this page runs, or null when there is none (dev server, a failed fetch). */
export async function fetchClientVersion(): Promise<string | null> {
  try {
    const response = await fetch(CLIENT_VERSION_URL, { cache: 'no-store' });
    if (!response.ok) return null;
    return hashOf(await response.json());
  } catch {
    return null; // no file, or not JSON (a dev server answers with index.html)
  }
}

function reloadedFor(): string | null {
  try {
    return window.sessionStorage.getItem(RELOADED_FOR_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberReloadFor(hash: string): void {
  try {
    window.sessionStorage.setItem(RELOADED_FOR_STORAGE_KEY, hash);
  } catch {
    // without storage the guard is off; the reload still happens
  }
}

export function useReloadOnNewVersion(reload: () => void = reloadPage): void {
  // undefined: not read yet; null: no client hash, so there is nothing to compare with.
  const [clientHash, setClientHash] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void fetchClientVersion().then((hash) => {
      if (live) setClientHash(hash);
    });
    return () => {
      live = false;
    };
  }, []);

  const { data } = useServerVersionQuery(undefined, {
    pollingInterval: usePollInterval(),
    skip: !clientHash,
    selectFromResult: ({ data }) => ({ data }),
  });
  const serverHash = hashOf(data);

  useEffect(() => {
    if (!clientHash || !serverHash || serverHash === clientHash) return;
    // Loop guard: if this tab already reloaded for this very server hash and still runs another build
    // (a proxy cache, a server whose hash does not come from the web build), a second reload would only
    // repeat forever. Then the terminal keeps working on the build it has.
    if (reloadedFor() === serverHash) return;
    rememberReloadFor(serverHash);
    reload();
  }, [clientHash, serverHash, reload]);
}
