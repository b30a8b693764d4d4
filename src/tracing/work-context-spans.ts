// The request id and the tenant on every span: read from the work context the span starts in (src/lib/
// work-context.ts), else from its parent span (an outgoing request of a webhook delivery, say).
import type { Context } from '@opentelemetry/api';
import { trace } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { currentContext } from '../lib/work-context.js';

export const REQUEST_ID = 'quartermaster.request_id';
export const TENANT_ID = 'quartermaster.tenant_id';

function parentAttribute(parent: Context, name: string): unknown {
  const span = trace.getSpan(parent) as Partial<ReadableSpan> | undefined;
  return span?.attributes?.[name];
}

export class WorkContextSpanProcessor implements SpanProcessor {
  onStart(span: Span, parent: Context): void {
    const work = currentContext();
    const requestId = work?.request_id ?? parentAttribute(parent, REQUEST_ID);
    const tenant = work?.tenant_id?.() ?? parentAttribute(parent, TENANT_ID);
    if (typeof requestId === 'string') span.setAttribute(REQUEST_ID, requestId);
    if (typeof tenant === 'string') span.setAttribute(TENANT_ID, tenant);
  }
  onEnd(): void {}
  async forceFlush(): Promise<void> {}
  async shutdown(): Promise<void> {}
}
