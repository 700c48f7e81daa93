import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ADMIN_PREFIX } from '../backend';
import { DEFAULT_CORS_ORIGINS, parseCorsList } from './cors';
import { startMockServer, type MockServer } from './server';
import { SOCKET_PATH } from './sockets';

/** `npm run mock-server -- [flags]` (scripts/mock-server.mjs builds this file and runs it). */
const USAGE = `npm run mock-server -- [flags]

  --port N       port to listen on (default 8787; 0 picks a free one)
  --host H       address to listen on (default 127.0.0.1)
  --data FILE    where the data lives (default .mock-server/data.json)
  --cors LIST    origins whose pages may call it, comma-separated, or '*'
                 (default ${DEFAULT_CORS_ORIGINS.join(',')})
  --latency      pace answers as the demo does: the continuation's pieces 40 ms
                 apart, other answers MSW's Node delay (5 ms); default off
  --reset        start from the seed, discarding the data file
  --help         this text`;

export const DEFAULT_PORT = 8787;
export const DEFAULT_DATA_FILE = '.mock-server/data.json';

export interface CliOptions {
  port: number;
  host: string;
  dataFile: string;
  corsOrigins: string[];
  latency: boolean;
  reset: boolean;
}

/** The options of a command line, or the message to print when it is not one. */
export function parseCli(argv: string[]): CliOptions | { help: string; error: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        cors: { type: 'string' },
        latency: { type: 'boolean' },
        reset: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { help: `${(error as Error).message}\n\n${USAGE}`, error: true };
  }
  if (values.help) return { help: USAGE, error: false };
  const port = Number(values.port ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return { help: `--port must be a port number, not ${values.port}\n\n${USAGE}`, error: true };
  return {
    port,
    host: values.host ?? '127.0.0.1',
    dataFile: resolve(values.data ?? DEFAULT_DATA_FILE),
    corsOrigins: values.cors === undefined ? DEFAULT_CORS_ORIGINS : parseCorsList(values.cors),
    latency: values.latency ?? false,
    reset: values.reset ?? false,
  };
}

export async function main(argv: string[]): Promise<void> {
  const options = parseCli(argv);
  if ('help' in options) {
    (options.error ? console.error : console.log)(options.help);
    process.exitCode = options.error ? 2 : 0;
    return;
  }
  let server: MockServer;
  try {
    server = await startMockServer(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `port ${options.port} is in use: pick another with --port (0: any free port)`
        : `the mock server did not start: ${String(error)}`,
    );
    process.exitCode = 1;
    return;
  }

  const socketUrl = server.url.replace(/^http/, 'ws') + SOCKET_PATH;
  console.log(`Inkworld mock backend at ${server.url}`);
  console.log(`  data:   ${options.dataFile}`);
  console.log(`  socket: ${socketUrl} (the access token as subprotocol)`);
  console.log(
    `  admin:  ${server.url}${ADMIN_PREFIX} (scenarios, reset, codes, clock, sockets: openapi/mock-admin.yaml)`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C while the data is being stored means: now.
    if (stopping) process.exit(130);
    stopping = true;
    console.log(`\n${signal}: stopping (data kept in ${options.dataFile})`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[mock] stopping failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
