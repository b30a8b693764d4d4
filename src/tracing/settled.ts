// How a traced unit of work ends its span: when its promise settles, failed with the exception when it rejects.
import { SpanStatusCode, type Span } from '@opentelemetry/api';

export function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** Ends `span` when `work` settles. */
export async function settled<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}
