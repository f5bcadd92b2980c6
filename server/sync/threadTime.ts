import { readFileSync } from 'node:fs'
import os from 'node:os'

/** Clock ticks a second in /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

/**
 * The nice value of threads that read feeds: on a busy processor the kernel gives the server's own
 * thread (nice 0) about nine times their share, so the hosts' answers come first and a feed's
 * read, whose budget is its own CPU time, only takes longer.
 */
export const FEED_READER_NICE = 10

/** The fields of a thread's /proc stat after its command name, which may hold spaces. */
function statFields(tid: number): string[] {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** This thread's id in the kernel (Linux; the main thread's is the process's); null elsewhere. */
export function ownThreadId(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]) || null
  } catch {
    return null
  }
}

/** A thread of this process: its CPU time in ms, user and system; null when it cannot be read. */
export function threadCpuMs(tid: number): number | null {
  try {
    const fields = statFields(tid)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
  } catch {
    return null
  }
}

/** A thread of this process: its nice value; null when it cannot be read. */
export function threadNice(tid: number): number | null {
  try {
    return Number(statFields(tid)[16])
  } catch {
    return null
  }
}

/**
 * Lowers one thread's priority to FEED_READER_NICE. On Linux a nice value belongs to a thread, so
 * the rest of the process keeps its own; without a thread id nothing is changed, since the id 0
 * would lower the whole process.
 */
export function runAsFeedReader(tid: number | null) {
  if (tid === null) return
  try {
    os.setPriority(tid, FEED_READER_NICE)
  } catch {
    // A system that refuses it reads feeds at the server's priority, as before.
  }
}
