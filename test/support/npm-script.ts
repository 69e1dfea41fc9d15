/**
 * Runs the repository's npm scripts (`npm run demo`, `npm run service`) as a developer does, in a
 * process group of their own, so that a test can stop them the way Ctrl-C does (SIGINT to the
 * whole group) and see every process of it gone.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run SCRIPT -- ...args` to its end: exit status and output. */
export function runScript(script: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface RunningScript {
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** Waits until the output matches `pattern`; rejects when the script ends first or after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGINT to the whole group, as Ctrl-C sends; resolves once no process of it is left. */
  interrupt(): Promise<void>;
  /** Kills whatever of the group is left (after a failed test). */
  kill(): void;
}

/** Starts `npm run SCRIPT -- ...args` and returns at once. */
export function startScript(script: string, args: readonly string[]): RunningScript {
  const child: ChildProcess = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  let ended = false;
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.on('exit', () => (ended = true));
  const groupAlive = (): boolean => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const poll = async <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms; output so far:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    output: () => text,
    waitFor: (pattern, timeoutMs = 20_000) =>
      poll(
        () => {
          const match = text.match(pattern);
          if (match) return match;
          if (ended) throw new Error(`npm run ${script} ended before printing ${pattern}; output:\n${text}`);
          return undefined;
        },
        timeoutMs,
        `no ${pattern}`,
      ),
    interrupt: async () => {
      if (groupAlive()) process.kill(-child.pid!, 'SIGINT');
      await poll(() => (groupAlive() ? undefined : true), 10_000, `npm run ${script} still running after SIGINT`);
    },
    kill: () => {
      if (groupAlive()) process.kill(-child.pid!, 'SIGKILL');
    },
  };
}

/** A port on 127.0.0.1 held by a server of the test's own, so that a script finds it taken. */
export async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The lines `serviceLines` prints (demo/run-command.ts), read back. */
export async function printedService(script: RunningScript): Promise<{ baseUrl: string; clientKey: string; authMode: string; viewUrl: string }> {
  const [, baseUrl, clientKey, authMode] = await script.waitFor(/base_url +(\S+)\n +client key +(\S+).*\n +auth mode +(\S+)/);
  const [, viewUrl] = await script.waitFor(/view +(\S+)/);
  return { baseUrl: baseUrl!, clientKey: clientKey!, authMode: authMode!, viewUrl: viewUrl! };
}
