// A request sent again once with new headers (a fresh CSRF token, a renewed console token). The body of a sent
// request has been read, so a copy is kept before sending, for the requests that may need it.
const copies = new WeakMap<Request, Request>();

/** Keeps a copy of `request` to send again; call before it is sent. */
export function keepForRetry(request: Request): Request {
  copies.set(request, request.clone());
  return request;
}

/** Sends the kept copy once more with `headers` set; a retried request is not retried again. */
export async function retryWith(request: Request, headers: Record<string, string>): Promise<Response | undefined> {
  const copy = copies.get(request);
  if (!copy || request.headers.get('X-Console-Retry')) return undefined;
  for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
  copy.headers.set('X-Console-Retry', '1');
  return fetch(copy);
}
