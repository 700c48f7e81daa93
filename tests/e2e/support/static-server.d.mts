/** Types of static-server.mjs (kept in plain JS so scripts/bench.mjs can run it on Node 20). */
export interface StaticServerOptions {
  /** The build directory, e.g. `dist`. */
  root: string;
  /** The app's public path (Vite `base`), e.g. `/` or `/demo/`. */
  base?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Gzip text responses (level 9, cached per file) when the client accepts it. Default false. */
  compress?: boolean;
  /** Called once per answered request. */
  onRequest?: (entry: ServedRequest) => void;
}

export interface ServedRequest {
  method: string;
  /** Path and query as requested. */
  url: string;
  status: number;
  contentType: string;
  /** `gzip` or empty. */
  contentEncoding: string;
  /** Bytes sent in the body (after compression). */
  bytes: number;
  /** The file answered with (index.html for the SPA fallback), null for 3xx/4xx. */
  file: string | null;
}

export interface StaticServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Origin plus base without its trailing slash; append an app path such as `/dashboard/abouts`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startStaticServer(options: StaticServerOptions): Promise<StaticServer>;
