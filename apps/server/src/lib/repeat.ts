/**
 * Runs task `firstAfterMs` after now and then every `everyMs`, without keeping the process
 * alive; answers the stop. A run's failure is the task's to handle (each caller logs its own).
 */
export function repeatEvery(
  everyMs: number,
  firstAfterMs: number,
  task: () => Promise<void>,
): () => void {
  const first = setTimeout(() => void task(), firstAfterMs);
  const every = setInterval(() => void task(), everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
