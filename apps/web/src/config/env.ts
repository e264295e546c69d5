/**
 * Where the API lives. The product decision is configuration over host-name guessing: the
 * address comes from VITE_API_BASE_URL at build time and defaults to the page's own origin,
 * which is how `pnpm start` serves the app (the API serves the built files).
 */
const rawBase = (import.meta.env.VITE_API_BASE_URL ?? '').trim().replace(/\/+$/, '');

/** Origin (or path prefix) of the API; '' means same origin. */
export const API_ORIGIN = rawBase.replace(/\/api\/v1$/, '');

/** Prefix of every REST call. */
export const API_BASE_URL = `${API_ORIGIN}/api/v1`;

/** Version file written by the build (see vite.config.ts). */
export const META_URL = '/meta.json';

/** Version of the running bundle. */
export const APP_VERSION: string = __APP_VERSION__;
