/**
 * CPU time spent by the server and by PostgreSQL, read from /proc (Linux). Latency on a shared
 * 2-core machine moves with whatever else runs; CPU milliseconds per request do not, so the
 * table shows both.
 */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  ticks: number;
  /** CPU of its children that have exited (PostgreSQL backends come and go with connections). */
  childTicks: number;
}

function readStats(): ProcStat[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const stats: ProcStat[] = [];
  for (const entry of entries) {
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which may hold spaces: state ppid pgrp ... utime(14)
      // stime(15) cutime(16) cstime(17).
      const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.push({
        pid: Number(entry),
        ppid: Number(rest[1]),
        pgrp: Number(rest[2]),
        ticks: Number(rest[11]) + Number(rest[12]),
        childTicks: Number(rest[13]) + Number(rest[14]),
      });
    } catch {
      // gone meanwhile
    }
  }
  return stats;
}

/** CPU milliseconds so far of a process group (the server) and of a PostgreSQL postmaster with its children. */
export function cpuMillis(
  serverGroup: number | undefined,
  postmasterPid: number | undefined,
): { server: number; postgres: number } {
  const stats = readStats();
  const sum = (list: ProcStat[]) => (list.reduce((s, p) => s + p.ticks, 0) * 1000) / TICKS_PER_SECOND;
  return {
    server: serverGroup ? sum(stats.filter((p) => p.pgrp === serverGroup)) : Number.NaN,
    postgres: postmasterPid
      ? sum(stats.filter((p) => p.pid === postmasterPid || p.ppid === postmasterPid)) +
        ((stats.find((p) => p.pid === postmasterPid)?.childTicks ?? 0) * 1000) / TICKS_PER_SECOND
      : Number.NaN,
  };
}

/** The postmaster's pid from its data folder (first line of postmaster.pid). */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
