/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API (spec section 7: configurable); empty = same origin. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
