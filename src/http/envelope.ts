// The success envelope and its TypeBox schemas: `{success: true, message?, data, meta?, links?}`.
import { Type, type TSchema } from 'typebox';
import { nameSchema } from './named-schemas.js';

export interface Envelope<T> {
  success: true;
  message?: string;
  data: T;
}

export function ok<T>(data: T, message?: string): Envelope<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

export const EnvelopeSchema = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), message: Type.Optional(Type.String()), data });

export const MessageSchema = Type.Object({ success: Type.Boolean(), message: Type.String() });
nameSchema(MessageSchema, 'Message', { success: true, message: 'Tag deleted successfully' });
