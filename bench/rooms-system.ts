// bench/rooms: what the machine says about itself while the SFU is loaded (Linux /proc; null or
// "-" elsewhere): the share of every core in use, the kernel's UDP error counters (a datagram
// dropped for a full socket buffer counts in RcvbufErrors), and the UDP buffer limits.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { cpus } from 'node:os';

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** Busy and total jiffies of all cores together (/proc/stat's "cpu" line). */
function machineJiffies(): { busy: number; total: number } | null {
  const line = read('/proc/stat')?.split('\n')[0];
  if (!line?.startsWith('cpu ')) return null;
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  // idle + iowait are not busy.
  return { busy: total - f[3]! - f[4]!, total };
}

export interface UdpCounters {
  inErrors: number;
  rcvbufErrors: number;
  sndbufErrors: number;
}

/** The kernel's UDP counters (/proc/net/snmp), cumulative since boot. */
export function udpCounters(): UdpCounters | null {
  const lines = read('/proc/net/snmp')
    ?.split('\n')
    .filter((l) => l.startsWith('Udp: '));
  if (!lines || lines.length < 2) return null;
  const names = lines[0]!.split(/\s+/).slice(1);
  const values = lines[1]!.split(/\s+/).slice(1).map(Number);
  const get = (n: string) => values[names.indexOf(n)] ?? 0;
  return { inErrors: get('InErrors'), rcvbufErrors: get('RcvbufErrors'), sndbufErrors: get('SndbufErrors') };
}

export interface MachineWindow {
  /** Busy share of all cores together over the window, 0..1 (null off Linux). */
  busy: number | null;
  /** UDP datagrams the kernel dropped over the window (null off Linux). */
  udp: UdpCounters | null;
}

/** Starts a window; the returned function ends it. */
export function machineMeter(): () => MachineWindow {
  const cpu0 = machineJiffies();
  const udp0 = udpCounters();
  return () => {
    const cpu1 = machineJiffies();
    const udp1 = udpCounters();
    return {
      busy: cpu0 && cpu1 && cpu1.total > cpu0.total ? (cpu1.busy - cpu0.busy) / (cpu1.total - cpu0.total) : null,
      udp:
        udp0 && udp1
          ? { inErrors: udp1.inErrors - udp0.inErrors, rcvbufErrors: udp1.rcvbufErrors - udp0.rcvbufErrors, sndbufErrors: udp1.sndbufErrors - udp0.sndbufErrors }
          : null,
    };
  };
}

/** The UDP buffer limits a socket may ask for (and gets by default), for the report. */
export function udpBufferLimits(): string {
  const sysctl = (name: string) => read(`/proc/sys/net/core/${name}`)?.trim() ?? '?';
  if (!existsSync('/proc/sys/net/core')) return 'UDP buffer limits: unknown (no /proc/sys)';
  const mb = (v: string) => (Number.isFinite(Number(v)) ? `${(Number(v) / 1048576).toFixed(2)} MiB` : v);
  return (
    `UDP buffers: net.core.rmem_max ${mb(sysctl('rmem_max'))}, wmem_max ${mb(sysctl('wmem_max'))}; ` +
    `default per socket rmem ${mb(sysctl('rmem_default'))}, wmem ${mb(sysctl('wmem_default'))}`
  );
}

export const coreCount = () => cpus().length;

/** Drops so far of every UDP socket on the machine, by socket inode (/proc/net/udp and udp6, last column). */
function udpSocketDrops(): Map<string, number> {
  const drops = new Map<string, number>();
  for (const file of ['/proc/net/udp', '/proc/net/udp6']) {
    for (const line of read(file)?.split('\n').slice(1) ?? []) {
      const f = line.trim().split(/\s+/);
      if (f.length >= 13) drops.set(f[9]!, Number(f[f.length - 1]));
    }
  }
  return drops;
}

/** The socket inodes a process holds open (its /proc/<pid>/fd links "socket:[inode]"). */
function socketInodes(pid: number): string[] {
  const inodes: string[] = [];
  let fds: string[] = [];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.push(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/**
 * UDP datagrams the kernel dropped over a window on the sockets of each group of processes (a full
 * receive buffer: the process did not read fast enough). Says which side lost what the global
 * counters count. null off Linux.
 */
export function udpDropMeter(groups: Record<string, number | undefined>): () => Record<string, number | null> {
  const before = udpSocketDrops();
  return () => {
    const after = udpSocketDrops();
    const out: Record<string, number | null> = {};
    for (const [name, pid] of Object.entries(groups)) {
      if (pid === undefined || after.size === 0) {
        out[name] = null;
        continue;
      }
      out[name] = socketInodes(pid).reduce((sum, inode) => sum + Math.max(0, (after.get(inode) ?? 0) - (before.get(inode) ?? 0)), 0);
    }
    return out;
  };
}
