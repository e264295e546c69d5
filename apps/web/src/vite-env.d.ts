/// <reference types="vite/client" />

/** Build timestamp of the running bundle ('dev' under the dev server, 'test' under vitest). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Origin of the API, e.g. https://api.lexserve.co.za. Empty or unset: the page's own origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
