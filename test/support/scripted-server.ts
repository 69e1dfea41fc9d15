/**
 * A service stand-in over real HTTP that answers POST /logs with a script of responses, then with
 * the success envelope; it counts the requests it got. For the failures the reference service
 * cannot be made to produce on cue.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

export interface ScriptedAnswer {
  readonly status: number;
  /** A JSON value (sent as JSON), or raw bytes/text. */
  readonly body: unknown;
}

export interface ScriptedServer {
  /** `{base_url}` of this server. */
  readonly baseUrl: string;
  /** Bodies of the POST /logs requests received, decoded as they came (gzip stays bytes). */
  readonly requests: Buffer[];
  close(): Promise<void>;
}

const SUCCESS = { status: 200, reason: 'OK', data: { default: {}, cache: {} } };

/** The records of a POST /logs body, decoded (gzip or JSON), or undefined for another request. */
export function decodeLogs(body: Buffer): Record<string, unknown[]> | undefined {
  if (body.length === 0) return undefined;
  try {
    const text = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body).toString('utf8') : body.toString('utf8');
    return JSON.parse(text) as Record<string, unknown[]>;
  } catch {
    return undefined;
  }
}

/**
 * @param script answers given in order, then the success envelope
 * @param decide consulted first for each request with its decoded records: an answer, or
 *   undefined to use the script
 * @param hold called with each request's index (0 first) once its body is read: the answer waits
 *   for the promise it returns, if any
 */
export async function startScriptedServer(
  script: ScriptedAnswer[],
  decide?: (records: Record<string, unknown[]> | undefined) => ScriptedAnswer | undefined,
  hold?: (index: number) => Promise<void> | undefined,
): Promise<ScriptedServer> {
  const queue = [...script];
  const requests: Buffer[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push(body);
    await hold?.(requests.length - 1);
    const answer = decide?.(decodeLogs(body)) ?? queue.shift() ?? { status: 200, body: SUCCESS };
    const raw = typeof answer.body === 'string' || answer.body instanceof Uint8Array ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(raw);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2021.4/web`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
