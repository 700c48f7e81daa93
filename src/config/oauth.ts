/**
 * Where a third-party login may send the browser (spec 1 §7 GET /v2/oauth/{provider} answers
 * an address; following it blindly would run a `javascript:` answer or open any site). The
 * one place that lists the providers' authorisation hosts: each provider's address must be
 * https on exactly its own host.
 */
export const OAUTH_PROVIDER_HOSTS = {
  wechat: ['open.weixin.qq.com'],
  qq: ['graph.qq.com'],
  weibo: ['api.weibo.com'],
} as const satisfies Record<string, readonly string[]>;

/**
 * The app's own pages are allowed too (any protocol the page itself uses, under the app's base
 * path): that is where a provider sends the browser back, and where the mock backend's
 * stand-in provider, which consents at once, sends it. Going there runs nothing but the app.
 */
export const OAUTH_ALLOW_SAME_ORIGIN = true;
