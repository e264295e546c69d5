import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS, VERSION_CHECK_INTERVAL_MS } from '../config/constants';
import { APP_VERSION } from '../config/env';
import { fetchServerMeta } from './server-meta';

const readStored = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEYS.appVersion);
  } catch {
    return null;
  }
};
const writeStored = (version: string): void => {
  try {
    localStorage.setItem(STORAGE_KEYS.appVersion, version);
  } catch {
    // ignore: without storage the check simply never fires
  }
};

/** Development and test bundles carry no build version and never look for updates. */
const isRealBuild = (version: string): boolean => version !== 'dev' && version !== 'test';

export const fetchServerVersion = async (): Promise<string | null> =>
  (await fetchServerMeta())?.version ?? null;

/**
 * 'Update' (spec 2.12): clear stored data except the session tokens, clear the caches, remember
 * the new version and reload with a cache-busting parameter.
 */
export const applyUpdate = async (
  serverVersion: string,
  reload: (url: string) => void = (url) => window.location.replace(url),
): Promise<void> => {
  const keep = [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.tokenExpiresAt] as string[];
  try {
    const kept = keep.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
    sessionStorage.clear();
  } catch {
    // ignore
  }
  writeStored(serverVersion);
  if ('caches' in window) {
    try {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
    } catch {
      // ignore
    }
  }
  const url = new URL(window.location.href);
  url.searchParams.set('v', String(Date.now()));
  reload(url.toString());
};

/**
 * Spec 4.7: every 120 seconds, compare the version the server reports in /meta.json with the stored
 * app_version; the running bundle stores its own build version when it starts.
 */
export const useVersionCheck = (intervalMs = VERSION_CHECK_INTERVAL_MS) => {
  const [serverVersion, setServerVersion] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    if (!isRealBuild(APP_VERSION)) return;
    writeStored(APP_VERSION);
    let cancelled = false;
    const check = async () => {
      const version = await fetchServerVersion();
      if (cancelled || !version) return;
      const stored = readStored();
      if (!stored) writeStored(version);
      else if (version !== stored) setServerVersion(version);
    };
    void check();
    const timer = window.setInterval(() => void check(), intervalMs);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [intervalMs]);

  const dismiss = useCallback(() => setDismissed(serverVersion), [serverVersion]);
  const update = useCallback(
    () => (serverVersion ? applyUpdate(serverVersion) : Promise.resolve()),
    [serverVersion],
  );

  return {
    updateAvailable: serverVersion !== null && serverVersion !== dismissed,
    serverVersion,
    update,
    dismiss,
  };
};
