import { Type, type Static } from 'typebox';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../http/common-schemas.js';
import { nameSchema, withExample } from '../../http/named-schemas.js';
import { pageQuery } from '../../http/pagination.js';
import { USER_SORTS } from './user.repository.js';
import { ROLES } from './user.service.js';

const RoleSchema = Type.Enum(ROLES);
const StatusSchema = Type.Enum(['invited', 'active', 'deactivated'], {
  description:
    '`invited`: no password set yet, cannot sign in; `active`: signs in; `deactivated`: refused, sessions ended, tokens suspended.',
});

export const UserResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  status: StatusSchema,
  two_factor_enabled: Type.Boolean(),
  password_set_at: Nullable(Timestamp),
  deactivated_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const userExample: Static<typeof UserResponse> = {
  id: '01jd8w0a1b2c3d4e5f6g7h8j9k',
  name: 'Bea Buyer',
  email: 'bea@example.com',
  role: 'manager',
  status: 'active',
  two_factor_enabled: false,
  password_set_at: '2026-11-03T08:12:00.000Z',
  deactivated_at: null,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-03T08:12:00.000Z',
};
nameSchema(UserResponse, 'ManagedUser', userExample);

export const PasswordLinkDelivery = Type.Object({
  purpose: Type.Enum(['invitation', 'reset']),
  email_sent: Type.Boolean({
    description: 'true: the link was e-mailed to the user (SMTP_URL is set); false: it is in `url`, shown this once.',
  }),
  url: Nullable(
    Type.String({
      description: 'The one-time link, when it was not e-mailed: pass it to the user. Never shown again.',
    }),
  ),
  expires_at: Timestamp,
});
const invitationExample: Static<typeof PasswordLinkDelivery> = {
  purpose: 'invitation',
  email_sent: false,
  url: 'https://ops.example.com/set-password?token=Xk3f9Qm2Lw7Rb1Tz8Nc4Vd6Hs0Jp5Ga2Ey7Ku3Wi9Oq',
  expires_at: '2026-11-09T09:14:00.000Z',
};
nameSchema(PasswordLinkDelivery, 'PasswordLinkDelivery', invitationExample);

export const UserWithLinkResponse = Type.Object({ ...UserResponse.properties, password_link: PasswordLinkDelivery });
nameSchema(UserWithLinkResponse, 'ManagedUserWithLink', {
  ...userExample,
  status: 'invited',
  password_set_at: null,
  password_link: invitationExample,
});

const GIVEN_ROLE =
  'Any role but `viewer` needs system:manage-roles as well; every role needs the caller to hold each ability it allows (403 names the first missing).';

export const UserCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    email: Type.String({ minLength: 1, maxLength: 255, format: 'email' }),
    role: Type.Enum(ROLES, { description: GIVEN_ROLE }),
  },
  { additionalProperties: false },
);
export type UserCreateBody = Static<typeof UserCreateBody>;
withExample(UserCreateBody, { name: 'Bea Buyer', email: 'bea@example.com', role: 'manager' });

export const UserUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    role: Type.Optional(Type.Enum(ROLES, { description: GIVEN_ROLE })),
  },
  { additionalProperties: false, description: 'Partial: only the fields sent change.' },
);
export type UserUpdateBody = Static<typeof UserUpdateBody>;
withExample(UserUpdateBody, { role: 'viewer' });

export const UserListQuery = Type.Object({
  ...pageQuery(25),
  role: Type.Optional(RoleSchema),
  status: Type.Optional(StatusSchema),
  search: Type.Optional(Type.String({ maxLength: 255, description: 'Matches name or e-mail (case-insensitive).' })),
  sort_by: Defaulted(Type.Enum(USER_SORTS, { default: 'name' })),
  sort_direction: Defaulted(Type.Enum(['asc', 'desc'], { default: 'asc' })),
});
export type UserListQuery = Static<typeof UserListQuery>;
