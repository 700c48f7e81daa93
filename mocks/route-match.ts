/** A path of an OpenAPI document (`/api/v1/universes/{id}`) and the methods it answers. */
export interface Route {
  path: string;
  methods: readonly string[];
}

const patterns = new Map<string, RegExp>();

function patternOf(template: string): RegExp {
  let pattern = patterns.get(template);
  if (!pattern) {
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('');
    pattern = new RegExp(`^${source}$`);
    patterns.set(template, pattern);
  }
  return pattern;
}

const literalLength = (template: string) => template.replace(/\{[^}]+\}/g, '').length;

/**
 * The route whose template matches `pathname`, or null. A parameter stands for one whole
 * segment; when several templates match, the most literal one wins, as OpenAPI requires of a
 * server (`/stories/recycle` is not the story `{storyId}` = "recycle").
 */
export function matchRoute<R extends Route>(routes: readonly R[], pathname: string): R | null {
  let best: R | null = null;
  for (const route of routes) {
    if (!patternOf(route.path).test(pathname)) continue;
    if (!best || literalLength(route.path) > literalLength(best.path)) best = route;
  }
  return best;
}

/**
 * The path parameters of `pathname` under `template` (decoded), or null when it does not match.
 * A parameter that is not valid percent-encoding stays as sent.
 */
export function routeParams(template: string, pathname: string): Record<string, string> | null {
  const match = patternOf(template).exec(pathname);
  if (!match) return null;
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const raw = match[i + 1]!;
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      params[name] = raw;
    }
  });
  return params;
}
