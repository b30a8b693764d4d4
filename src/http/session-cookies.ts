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

export function setSessionCookies(reply: FastifyReply, opened: OpenSession, options: CookieOptions): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: options.secure, maxAge: options.lifetimeMinutes * 60 };
  reply.setCookie(SESSION_COOKIE, opened.secret, { ...common, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, opened.session.csrf_token, { ...common, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, options: CookieOptions): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', secure: options.secure, httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(XSRF_COOKIE, { path: '/', secure: options.secure, sameSite: 'lax' });
}
