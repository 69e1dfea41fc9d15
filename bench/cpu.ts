/**
 * CPU time of Chromium's processes and threads, read from Linux's /proc, for the drain's "where
 * the CPU goes" table: the browser process's thread pool (where IndexedDB runs), the page's main
 * thread, and the rest of Chromium. Empty where /proc is missing.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Milliseconds of CPU (user + system) per part of Chromium. */
export interface ChromiumCpu {
  /** The browser process's thread pool (`ThreadPoolForeg…`), where IndexedDB does its work. */
  readonly storage: number;
  /** The renderer's main thread: the page's JavaScript (the SDK, fflate). */
  readonly page: number;
  /** Every other Chromium thread (network service, IPC, GPU, …). */
  readonly other: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU used so far by every Chromium process on the machine (start one at a time). */
export function chromiumCpu(): ChromiumCpu {
  let storage = 0;
  let page = 0;
  let other = 0;
  if (!existsSync('/proc')) return { storage, page, other };
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('chromium')) continue;
      const type = /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
        if (type === 'browser' && name.startsWith('ThreadPoolForeg')) storage += ms;
        else if (type === 'renderer' && tid === pid) page += ms;
        else other += ms;
      }
    } catch {
      // The process or thread ended while being read.
    }
  }
  return { storage, page, other };
}

/** `after - before`, part by part. */
export function cpuSince(before: ChromiumCpu, after: ChromiumCpu = chromiumCpu()): ChromiumCpu {
  return { storage: after.storage - before.storage, page: after.page - before.page, other: after.other - before.other };
}
