// The worker's units of work (a webhook delivery attempt, an import batch, a publisher run), which tracing records
// as spans of their own (src/tracing/). While tracing is off `asJob` only calls the work: no span, no SDK loaded.

export type JobAttributes = Readonly<Record<string, string | number | boolean>>;

export type JobRecorder = <T>(name: string, attributes: JobAttributes, work: () => Promise<T>) => Promise<T>;

/** Set by tracing when it starts; null while it is off. */
export const jobRecording: { recorder: JobRecorder | null } = { recorder: null };

/** Runs `work` as the job `name`, recorded as a span with `attributes` when tracing is on. */
export function asJob<T>(name: string, attributes: JobAttributes, work: () => Promise<T>): Promise<T> {
  const recorder = jobRecording.recorder;
  return recorder ? recorder(name, attributes, work) : work();
}
