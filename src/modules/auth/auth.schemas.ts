import { Type } from 'typebox';

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 255, format: 'email' }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const TwoFactorCodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false });

export const TwoFactorChallengeBody = Type.Object(
  {
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    recovery_code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const PasswordBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: false });

export const UserSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  roles: Type.Array(Type.String()),
});

export const SignedInResponse = Type.Object({ user: UserSummary });

export const MeResponse = Type.Object({
  user: UserSummary,
  tenant: Type.Object({ id: Type.String(), name: Type.String() }),
});

export const TwoFactorEnableResponse = Type.Object({ secret: Type.String(), otpauth_url: Type.String() });
export const RecoveryCodesResponse = Type.Object({ recovery_codes: Type.Array(Type.String()) });
