import { readFileSync } from 'node:fs';

/** What /proc/<pid>/stat says about a process; undefined where there is no /proc (macOS, Windows) or no such pid. */
interface ProcStat {
  /** R, S, D, … ; Z for a zombie: dead, but not yet collected by its parent. */
  state: string;
  /** Field 22: when the process started, in clock ticks since boot. A pid used again has another. */
  startTime: string;
}

function readProcStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2, the command name in parentheses, may itself hold spaces and parentheses: count from the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, startTime] = [fields[0], fields[22 - 3]];
  return state && startTime && /^\d+$/.test(startTime) ? { state, startTime } : undefined;
}

/** Whether this system has /proc/<pid>/stat at all: without it, only kill(pid, 0) tells. */
const hasProcStat = readProcStat(process.pid) !== undefined;

/** This process's start time where the system tells it (Linux), to be written beside its pid. */
export const ownStartTime: string | undefined = readProcStat(process.pid)?.startTime;

/**
 * Whether `pid` is still the process that wrote `startTime`. A zombie (killed, its parent has not collected it
 * yet, as when a supervisor restarts at once) is not running; nor is a live process that started at another
 * time: the pid has been given to another program. Without /proc, a live pid is taken at its word.
 */
export function isRunning(pid: number, startTime: string | undefined): boolean {
  if (!exists(pid)) return false;
  if (!hasProcStat) return true;
  const stat = readProcStat(pid);
  // Gone between the two looks, or hidden from us (/proc mounted with hidepid): kill(pid, 0) decides.
  if (stat === undefined) return exists(pid);
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return startTime === undefined || stat.startTime === startTime;
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
