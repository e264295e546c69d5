import { useQuery } from '@tanstack/react-query';
import { META_URL } from '../config/env';

/** What the server says about itself in /meta.json: the web app's build version and whether it is a demo installation. */
export type ServerMeta = { version: string | null; demo: boolean };

/** Reads /meta.json (never cached); null when it cannot be read. */
export const fetchServerMeta = async (): Promise<ServerMeta | null> => {
  try {
    const response = await fetch(`${META_URL}?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const meta = (await response.json()) as { version?: unknown; demo?: unknown };
    const version =
      typeof meta.version === 'string' || typeof meta.version === 'number' ? String(meta.version) : null;
    return { version, demo: meta.demo === true };
  } catch {
    return null;
  }
};

const useServerMetaQuery = () =>
  useQuery({ queryKey: ['server-meta'], queryFn: fetchServerMeta, staleTime: 10 * 60_000, retry: false });

/** Whether the server is a demo installation (false until it says so, and when it cannot be asked). */
export const useIsDemoInstallation = (): boolean => useServerMetaQuery().data?.demo === true;

/** Whether the server has answered /meta.json (or could not be asked): until then, whether a demo note shows is unknown. */
export const useServerMetaSettled = (): boolean => !useServerMetaQuery().isPending;
