// The two cookies of a web-app session: the HttpOnly session cookie, and XSRF-TOKEN, readable by the
import type {} from '@fastify/cookie';
// app's script, whose value it echoes in X-XSRF-TOKEN on every state-changing request.
import type { FastifyReply } from 'fastify';
import type { OpenSession } from '../modules/auth/sessions/session.service.js';

export const SESSION_COOKIE = 'quartermaster_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export interface CookieOptions {
  secure: boolean;
  lifetimeMinutes: number;
}

function cookieAttributes(options: CookieOptions, httpOnly: boolean) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: options.secure,
    maxAge: options.lifetimeMinutes * 60,
    httpOnly,
  };
}

/** Sets the XSRF-TOKEN cookie alone: the session cookie of a live session is already in the browser. */
export function setXsrfCookie(reply: FastifyReply, csrfToken: string, options: CookieOptions): void {
  reply.setCookie(XSRF_COOKIE, csrfToken, cookieAttributes(options, false));
}

export function setSessionCookies(reply: FastifyReply, opened: OpenSession, options: CookieOptions): void {
  reply.setCookie(SESSION_COOKIE, opened.secret, cookieAttributes(options, true));
  setXsrfCookie(reply, opened.session.csrf_token, options);
}

export function clearSessionCookies(reply: FastifyReply, options: CookieOptions): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', secure: options.secure, httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(XSRF_COOKIE, { path: '/', secure: options.secure, sameSite: 'lax' });
}
