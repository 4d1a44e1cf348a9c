/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base for the native app build; the site uses `/api/v1`. */
  readonly VITE_API_BASE?: string;
}
