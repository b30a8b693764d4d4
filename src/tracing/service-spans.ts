// A span for each call of a service's method (`ProductService.create`): the layer between a route and its SQL
// (docs/architecture.md). The services are found in the object createServices answers, at any depth, as the
// instances of classes named `…Service`; each class's methods are wrapped once, on its prototype, as the
// OpenTelemetry instrumentations wrap a library's.
import { SpanKind, type Tracer } from '@opentelemetry/api';
import { failed, settled } from './settled.js';

const wrapped = new WeakSet<object>();
const SERVICE_CLASS = /Service$/;
/** Deep enough for `catalog.products.service`; the object graph beyond is the services' own state. */
const MAX_DEPTH = 4;

function servicePrototypes(root: object): Set<object> {
  const found = new Set<object>();
  const seen = new WeakSet<object>();
  const visit = (value: unknown, depth: number) => {
    if (value === null || typeof value !== 'object' || seen.has(value) || depth > MAX_DEPTH) return;
    seen.add(value);
    const prototype = Object.getPrototypeOf(value) as object | null;
    if (prototype && prototype !== Object.prototype && SERVICE_CLASS.test(prototype.constructor.name)) {
      found.add(prototype);
      return;
    }
    if (prototype === Object.prototype) for (const child of Object.values(value)) visit(child, depth + 1);
  };
  visit(root, 0);
  return found;
}

export function traceServiceMethods(tracer: Tracer, services: object): void {
  for (const prototype of servicePrototypes(services)) {
    if (wrapped.has(prototype)) continue;
    wrapped.add(prototype);
    const className = prototype.constructor.name;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
      if (name === 'constructor' || typeof descriptor?.value !== 'function') continue;
      const method = descriptor.value as (...args: unknown[]) => unknown;
      const spanName = `${className}.${name}`;
      Object.defineProperty(prototype, name, {
        ...descriptor,
        value: function traced(this: unknown, ...args: unknown[]) {
          return tracer.startActiveSpan(spanName, { kind: SpanKind.INTERNAL }, (span) => {
            let result: unknown;
            try {
              result = method.apply(this, args);
            } catch (error) {
              failed(span, error);
              span.end();
              throw error;
            }
            if (result instanceof Promise) return settled(span, () => result as Promise<unknown>);
            span.end();
            return result;
          });
        },
      });
    }
  }
}
