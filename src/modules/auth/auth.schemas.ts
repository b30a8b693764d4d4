import { Type } from 'typebox';
import { nameSchema, withExample } from '../../http/named-schemas.js';

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 255, format: 'email' }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
withExample(LoginBody, { email: 'admin@example.com', password: 'correct-horse-battery' });

export const TwoFactorCodeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
);
withExample(TwoFactorCodeBody, { code: '492039' });

export const TwoFactorChallengeBody = Type.Object(
  {
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    recovery_code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
withExample(TwoFactorChallengeBody, { code: '492039' });

export const PasswordBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
withExample(PasswordBody, { password: 'correct-horse-battery' });

export const UserSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  roles: Type.Array(Type.String()),
});
const userExample = {
  id: '01jd8v8h9j0k1m2n3p4q5r6s7t',
  name: 'Ada Admin',
  email: 'admin@example.com',
  roles: ['admin'],
};
nameSchema(UserSummary, 'User', userExample);

export const SignedInResponse = Type.Object({ user: UserSummary });
nameSchema(SignedInResponse, 'SignedIn', { user: userExample });

export const MeResponse = Type.Object({
  user: UserSummary,
  tenant: Type.Object({ id: Type.String(), name: Type.String() }),
  authenticated_via: Type.Union([Type.Literal('session'), Type.Literal('token')], {
    description: 'How this request was authenticated.',
  }),
  abilities: Type.Array(Type.String(), {
    description:
      "Every catalogue ability this caller may use now: the role's, and for a token only those its grants also cover.",
  }),
  two_factor_enabled: Type.Boolean(),
  email_enabled: Type.Boolean({
    description:
      'Whether this server sends e-mail (SMTP_URL is set). When false, nothing is e-mailed: a purchase order sent with send_email is only marked as sent, and password links are answered instead.',
  }),
});
nameSchema(MeResponse, 'CurrentUser', {
  user: userExample,
  tenant: { id: '01jd8v0a1b2c3d4e5f6g7h8j9k', name: 'Acme Operations' },
  authenticated_via: 'session',
  abilities: ['operations:view-products', 'operations:create-products', 'system:manage-users'],
  two_factor_enabled: true,
  email_enabled: true,
});

/** The web-app session's user, or null when nobody is signed in. */
export const SessionResponse = Type.Union([MeResponse, Type.Null()], {
  description: 'The signed-in user, as GET /auth/me answers it; null when nobody is signed in.',
});
nameSchema(SessionResponse, 'Session', null);

export const TwoFactorEnableResponse = Type.Object({ secret: Type.String(), otpauth_url: Type.String() });
export const RecoveryCodesResponse = Type.Object({ recovery_codes: Type.Array(Type.String()) });
nameSchema(TwoFactorEnableResponse, 'TwoFactorEnrolment', {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Quartermaster:admin%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Quartermaster',
});
nameSchema(RecoveryCodesResponse, 'RecoveryCodes', { recovery_codes: ['k3j9-x2mq-8fpd', 'w7nb-4tq1-zc6r'] });

export const ProfileBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
withExample(ProfileBody, { name: 'Ada Lovelace' });

export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 1024 }),
    password: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'At least 8 characters, not a common password, not your e-mail.',
    }),
  },
  { additionalProperties: false },
);
withExample(ChangePasswordBody, { current_password: 'correct-horse-battery', password: 'staple-orbit-lantern-42' });

export const SetPasswordBody = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The `token` of the one-time link (`/set-password?token=…`).',
    }),
    password: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'At least 8 characters, not a common password, not your e-mail.',
    }),
  },
  { additionalProperties: false },
);
withExample(SetPasswordBody, {
  token: 'Xk3f9Qm2Lw7Rb1Tz8Nc4Vd6Hs0Jp5Ga2Ey7Ku3Wi9Oq',
  password: 'staple-orbit-lantern-42',
});
