/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'false' builds without the demo's backend worker and host script (real backend build). */
  readonly VITE_MOCKS?: string;
  /** Main API origin, e.g. https://api.example.com. Empty: same origin as the page. */
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_WORLDS_BASE_URL?: string;
  readonly VITE_PAYMENT_BASE_URL?: string;
  readonly VITE_AUTH_BASE_URL?: string;
  readonly VITE_TIME_URL?: string;
  readonly VITE_SOCKET_URL?: string;
  readonly VITE_IMAGE_PROXY_HOST?: string;
  /** Public path the app is served from, e.g. /demo/ (build time). */
  readonly VITE_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
