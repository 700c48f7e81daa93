import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** Between Node's HTTP server and the backend's Fetch API: requests in, responses out. */

/** Connection-level headers of this hop; the Fetch side has its own framing. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'host',
]);

export async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (!HOP_HEADERS.has(name.toLowerCase())) headers.append(name, raw[i + 1]!);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // Read whole: API bodies are small JSON or one image, and a buffered body needs no
  // half-duplex stream plumbing.
  const body = hasBody ? await readAll(req) : undefined;
  // Joined, not resolved: a request target like `//elsewhere/x` must not change the origin.
  return new Request(new URL(`${origin}${req.url ?? '/'}`), { method, headers, body });
}

async function readAll(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Writes a Fetch response to the socket, the body chunk by chunk as the backend produces it
 * (the continuation streams NDJSON for seconds). A body that fails midway (the `stream-drops`
 * scenario) drops the connection, as a real server's broken stream would.
 */
export async function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  extraHeaders: Record<string, string>,
): Promise<void> {
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  res.writeHead(response.status, response.statusText || undefined);

  const body = response.body;
  if (!body || req.method === 'HEAD') {
    await body?.cancel();
    res.end();
    return;
  }
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  try {
    await pipeline(source, res);
  } catch {
    res.destroy();
  }
}

/** The 404 of a path the backend does not serve, in the contract's error shape. */
export function notFound(
  res: ServerResponse,
  pathname: string,
  extraHeaders: Record<string, string>,
) {
  sendJson(
    res,
    404,
    { error_code: 40400, error_msg: `no such path ${pathname}`, content: null },
    extraHeaders,
  );
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...extraHeaders,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * A whole answer written on a socket Node's HTTP server does not answer on (a CONNECT, a
 * request its parser refused), then the connection closed.
 */
export async function writeRaw(socket: Socket, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  response.headers.forEach((value, name) => head.push(`${name}: ${value}`));
  head.push(`content-length: ${body.length}`, 'connection: close');
  if (socket.writable)
    socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]));
}
