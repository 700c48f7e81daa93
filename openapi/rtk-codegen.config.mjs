// RTK Query endpoints generated from the contract, one file per contract tag.
//
// Plain ESM on purpose: the codegen CLI loads its config with require(), so a .ts config needs
// esbuild-runner or ts-node (neither is installed); Node >= 20.19 can require() an .mjs file.
// `npm run api:gen` (scripts/api-gen.mjs) imports this file and also runs openapi-typescript and
// prettier. The bare CLI (`npx rtk-query-codegen-openapi openapi/rtk-codegen.config.mjs`) loads it
// too, but writes without the generated-file banner, so the contract test would flag its output.
// Paths are relative to this directory (the CLI chdirs here).

/** The contract tags that get a generated file, each at src/api/<tag>/<tag>.gen.ts. */
export const contractTags = [
  'account',
  'profile',
  'settings',
  'upload',
  'writing',
  'stories',
  'worlds',
  'social',
  'square',
  'events',
  'payment',
  'charging',
  'exploration',
];

/**
 * The account calls of every page: at start-up (who the token is, the server's time) and in
 * the signed-in header (the power balance, logging out). A file of their own, so the first
 * screen loads them and not the other account operations (login, codes, OAuth, feedback).
 */
const startupEndpoints = ['getUserInfo', 'getServerTime', 'getWritingBenefits', 'logout'];

/**
 * Header parameters (lang, ostype, uid) are added by base-query.ts, never by callers; the one
 * a caller gives is a payment's `Idempotency-Key` (one purchase attempt).
 */
const withoutHeaderParams = (_name, parameter) =>
  parameter.in !== 'header' || parameter.name === 'Idempotency-Key';

/** @type {import('@rtk-query/codegen-openapi').ConfigFile} */
const config = {
  schemaFile: './api.yaml',
  apiFile: '../src/api/base-api.ts',
  apiImport: 'baseApi',
  exportName: 'generatedApi',
  hooks: true,
  tag: true,
  useUnknown: true,
  endpointOverrides: [
    // POST calls that only read data are queries, so they cache and can provide tags.
    {
      pattern: ['getUserInfo', 'getServerTime'],
      type: 'query',
      parameterFilter: withoutHeaderParams,
    },
    { pattern: () => true, parameterFilter: withoutHeaderParams },
  ],
  outputFiles: {
    ...Object.fromEntries(
      contractTags.map((tag) => [
        `../src/api/${tag}/${tag}.gen.ts`,
        {
          filterEndpoints: (name, { operation }) =>
            (operation.tags ?? []).includes(tag) && !startupEndpoints.includes(name),
        },
      ]),
    ),
    '../src/api/account/startup.gen.ts': { filterEndpoints: startupEndpoints },
  },
};

export default config;
