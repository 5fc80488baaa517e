/** Whether a process with this id exists (signal 0 checks without sending; EPERM: it exists, owned by another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
