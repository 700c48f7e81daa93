/**
 * A small stand-in for `tough-cookie`, which MSW uses to remember cookies set by mock
 * responses. The real package pulls in a public-suffix list (tldts, ~100 KB gzip) — more than
 * half the demo's first-screen budget — to decide cross-site cookie rules that never arise
 * when the mock backend answers on the page's own origin. Aliased in vite.config.ts.
 *
 * Covered: name=value with Path, Domain, Max-Age and Expires; host and path matching;
 * expiry; the JSON round trip MSW uses to persist cookies in localStorage.
 */
interface CookieJSON {
  key: string;
  value: string;
  domain: string | null;
  path: string | null;
  expires: string | null;
}

export class Cookie {
  key = '';
  value = '';
  domain: string | null = null;
  path: string | null = null;
  expires: Date | null = null;

  static parse(header: string): Cookie | undefined {
    const [pair, ...attrs] = header.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq <= 0) return undefined;
    const c = new Cookie();
    c.key = pair.slice(0, eq).trim();
    c.value = pair.slice(eq + 1).trim();
    for (const attr of attrs) {
      const [rawName, ...rest] = attr.split('=');
      const name = rawName?.trim().toLowerCase();
      const val = rest.join('=').trim();
      if (name === 'path') c.path = val || '/';
      else if (name === 'domain') c.domain = val.replace(/^\./, '').toLowerCase();
      else if (name === 'max-age' && /^-?\d+$/.test(val))
        c.expires = new Date(Date.now() + Number(val) * 1000);
      else if (name === 'expires' && !c.expires) {
        const d = new Date(val);
        if (!Number.isNaN(d.getTime())) c.expires = d;
      }
    }
    return c;
  }

  static fromJSON(json: CookieJSON | string): Cookie | null {
    const data = typeof json === 'string' ? (JSON.parse(json) as CookieJSON) : json;
    if (!data || typeof data.key !== 'string') return null;
    const c = new Cookie();
    c.key = data.key;
    c.value = data.value;
    c.domain = data.domain;
    c.path = data.path;
    c.expires = data.expires ? new Date(data.expires) : null;
    return c;
  }

  toJSON(): CookieJSON {
    return {
      key: this.key,
      value: this.value,
      domain: this.domain,
      path: this.path,
      expires: this.expires?.toISOString() ?? null,
    };
  }

  isExpired(now = Date.now()) {
    return this.expires !== null && this.expires.getTime() <= now;
  }

  toString() {
    return `${this.key}=${this.value}`;
  }

  cookieString() {
    return this.toString();
  }
}

type Index = Record<string, Record<string, Record<string, Cookie>>>;

export class MemoryCookieStore {
  idx: Index = {};
}

function domainMatches(host: string, domain: string) {
  return host === domain || host.endsWith(`.${domain}`);
}

function pathMatches(requestPath: string, cookiePath: string) {
  return (
    requestPath === cookiePath ||
    requestPath.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`)
  );
}

export class CookieJar {
  constructor(private readonly store: MemoryCookieStore = new MemoryCookieStore()) {}

  async setCookie(cookie: string | Cookie, url: string): Promise<Cookie | undefined> {
    return this.setCookieSync(cookie, url);
  }

  setCookieSync(cookie: string | Cookie, url: string): Cookie | undefined {
    const c = typeof cookie === 'string' ? Cookie.parse(cookie) : cookie;
    if (!c) return undefined;
    const u = new URL(url);
    c.domain ??= u.hostname.toLowerCase();
    c.path ??= '/';
    const byDomain = (this.store.idx[c.domain] ??= {});
    const byPath = (byDomain[c.path] ??= {});
    if (c.isExpired()) delete byPath[c.key];
    else byPath[c.key] = c;
    return c;
  }

  getCookiesSync(url: string): Cookie[] {
    const u = new URL(url);
    const host = u.hostname.toLowerCase();
    const out: Cookie[] = [];
    for (const [domain, paths] of Object.entries(this.store.idx)) {
      if (!domainMatches(host, domain)) continue;
      for (const [path, cookies] of Object.entries(paths)) {
        if (!pathMatches(u.pathname, path)) continue;
        for (const c of Object.values(cookies)) if (!c.isExpired()) out.push(c);
      }
    }
    return out;
  }

  async getCookies(url: string): Promise<Cookie[]> {
    return this.getCookiesSync(url);
  }
}
