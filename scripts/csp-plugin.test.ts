import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPolicy, inlineScriptHashes } from './csp-plugin';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('the built pages’ Content-Security-Policy', () => {
  const html = `<head><script>var a = 1;</script><script type="module" src="/assets/x.js"></script>
<script>
  (function () {})();
</script></head>`;

  it('hashes each inline script exactly as it stands, and no script with a src', () => {
    expect(inlineScriptHashes(html)).toEqual([sha('var a = 1;'), sha('\n  (function () {})();\n')]);
  });

  it('allows scripts only from the app and by hash (no unsafe-inline or eval)', () => {
    const policy = buildPolicy(html, {});
    const scripts = policy.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scripts).toBe(
      `script-src 'self' ${sha('var a = 1;')} ${sha('\n  (function () {})();\n')}`,
    );
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("img-src 'self' data: blob:");
  });

  it('adds the configured service hosts, socket and image proxy host', () => {
    const policy = buildPolicy(html, {
      VITE_API_BASE_URL: 'https://api.example.com/base/',
      VITE_WORLDS_BASE_URL: 'https://worlds.example.com',
      VITE_SOCKET_URL: 'wss://live.example.com/ws/v2',
      VITE_IMAGE_PROXY_HOST: 'img.example.com',
      VITE_CSP_EXTRA_HOSTS: 'https://oss.example.com/bucket, not a url',
    });
    expect(policy).toContain(
      "connect-src 'self' https://api.example.com https://worlds.example.com wss://live.example.com https://oss.example.com",
    );
    expect(policy).toContain(
      "img-src 'self' data: blob: https://api.example.com https://worlds.example.com https://img.example.com https://oss.example.com",
    );
  });
});
