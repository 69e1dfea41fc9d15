/**
 * A service stand-in over real HTTP that answers POST /logs with a script of responses, then with
 * the success envelope; it counts the requests it got. For the failures the reference service
 * cannot be made to produce on cue.
 */
import { createServer, type IncomingMessage } from 'node:http';
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

export async function startScriptedServer(script: ScriptedAnswer[]): Promise<ScriptedServer> {
  const queue = [...script];
  const requests: Buffer[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push(body);
    const answer = queue.shift() ?? { status: 200, body: SUCCESS };
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
