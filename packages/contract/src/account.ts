import { z } from 'zod';
import { defineRoute } from './route';
import { OkSchema, requiredText } from './common';

export const LOCALES = ['sl', 'en-gb'] as const;
export const DEFAULT_LOCALE = 'en-gb';
export const LocaleSchema = z.string().trim().toLowerCase().max(20);

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,49}$/;
export const PASSWORD_MIN_LENGTH = 10;

export const UsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(USERNAME_PATTERN, { message: 'validation.username' });
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: 'validation.passwordTooShort' })
  .max(200);

export const LoginBodySchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(100),
  password: z.string().min(1).max(200),
  lang: LocaleSchema.optional(),
});

/** spec §3 Organization: id (the public key used in URLs and headers), nameNick, roles. */
export const OrganizationSchema = z.object({
  id: z.string(),
  nameNick: z.string(),
  roles: z.array(z.string()),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** spec §9 locale defaults; per user they may differ. */
export const LocaleSettingsSchema = z.object({
  locale: z.string(),
  decimalSeparator: z.string(),
  thousandSeparator: z.string(),
  currency: z.string(),
  dateFormat: z.string(),
  timeFormat: z.string(),
});
export type LocaleSettings = z.infer<typeof LocaleSettingsSchema>;

/** The signed-in user without the secret: what GET /api/account/me answers. */
export const SessionSchema = z.object({
  displayName: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  organizations: z.array(OrganizationSchema),
  roles: z.array(z.string()),
  localeSettings: LocaleSettingsSchema,
  expiresAt: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

/** spec §3 Auth token. */
export const AuthTokenSchema = SessionSchema.extend({ apikey: z.string() });
export type AuthToken = z.infer<typeof AuthTokenSchema>;

export const ForgotBodySchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(320),
});

export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  email: z.email({ message: 'validation.email' }).max(320),
  displayName: requiredText(100),
  password: NewPasswordSchema,
  lang: LocaleSchema.optional(),
  /** The secret of the invitation link the newcomer registers from (issue 24). */
  invitation: z.string().min(1).max(200).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const RegisterResponseSchema = z.object({ username: z.string(), email: z.string() });

/** One route for both mailed codes: e-mail confirmation and password reset (which needs a password). */
export const ConfirmBodySchema = z.object({
  code: requiredText(200),
  password: NewPasswordSchema.optional(),
});
export const ConfirmResponseSchema = z.object({
  result: z.enum(['emailConfirmed', 'passwordRequired', 'passwordReset']),
  /**
   * The invitation the account was registered from (issue 24): confirming the e-mail accepted
   * it, or it no longer worked (expired, revoked or used).
   */
  invitation: z
    .object({
      organizationName: z.string(),
      result: z.enum(['accepted', 'expired', 'revoked', 'used']),
    })
    .optional(),
});
export type ConfirmResponse = z.infer<typeof ConfirmResponseSchema>;

export const UnlockBodySchema = z.object({ code: requiredText(200) });

export const ChangePasswordBodySchema = z.object({
  oldPassword: z.string().min(1).max(200),
  newPassword: NewPasswordSchema,
});

export const ProfileSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  lang: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const UpdateProfileBodySchema = z.object({
  displayName: requiredText(100),
  lang: LocaleSchema,
});

/** POST /api/account/logout-others: how many other sessions were ended. */
export const SessionEndSchema = z.object({ ended: z.number().int() });
export type SessionEnd = z.infer<typeof SessionEndSchema>;

export const SIGN_IN_RESULTS = [
  'success',
  'badPassword',
  'unknownUser',
  'unconfirmed',
  'locked',
  'addressLimited',
] as const;

/** One sign-in attempt of the sign-in log (docs/security.md). */
export const SignInEventSchema = z.object({
  at: z.string(),
  /** The username or e-mail address as typed. */
  username: z.string(),
  result: z.enum(SIGN_IN_RESULTS),
  ip: z.string(),
  /** The user-agent header as sent. */
  userAgent: z.string().nullable(),
  /** The browser named from it ("Chrome 131"), null when no parser knows it. */
  browser: z.string().nullable(),
  /** The system named from it ("Windows 10"), null when no parser knows it. */
  system: z.string().nullable(),
});
export type SignInEvent = z.infer<typeof SignInEventSchema>;

export const SignInListQuerySchema = z.object({
  /** Everyone's sign-ins (sysadmin only); otherwise the caller's own. */
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  count: z.coerce.number().int().min(1).max(200).default(20),
});
export const SignInListSchema = z.object({ items: z.array(SignInEventSchema) });

export const accountRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/account/login',
    summary: 'Sign in; answers the auth token.',
    access: 'anonymous',
    body: LoginBodySchema,
    response: AuthTokenSchema,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/account/logout',
    summary: 'Revoke the apikey of this request.',
    access: 'user',
    response: OkSchema,
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/account/refresh',
    summary:
      'Exchange the apikey for a new one (answers the auth token); the old one stops working a few seconds later. An apikey is exchanged once.',
    access: 'user',
    response: AuthTokenSchema,
  }),
  logoutOthers: defineRoute({
    method: 'POST',
    path: '/api/account/logout-others',
    summary: 'Sign out every other session of the user; the apikey of this request stays valid.',
    access: 'user',
    response: SessionEndSchema,
  }),
  signIns: defineRoute({
    method: 'GET',
    path: '/api/account/signins',
    summary:
      "The newest sign-in attempts on the user's account; with all=true (sysadmin) everyone's.",
    access: 'user',
    query: SignInListQuerySchema,
    response: SignInListSchema,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/account/me',
    summary: 'The signed-in user, organisations and roles.',
    access: 'user',
    response: SessionSchema,
  }),
  forgot: defineRoute({
    method: 'POST',
    path: '/api/account/forgot',
    summary: 'Mail a reset code, ending older ones; limited (429). Never tells who exists.',
    access: 'anonymous',
    body: ForgotBodySchema,
    response: OkSchema,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/account/register',
    summary: 'Register; the same 201 whether a name is taken or not: the mail says. Limited (429).',
    access: 'anonymous',
    body: RegisterBodySchema,
    response: RegisterResponseSchema,
    status: 201,
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/account/confirm',
    summary: 'Use a mailed code: confirm the e-mail, or reset the password.',
    access: 'anonymous',
    body: ConfirmBodySchema,
    response: ConfirmResponseSchema,
  }),
  unlock: defineRoute({
    method: 'POST',
    path: '/api/account/unlock',
    summary: 'Use a mailed unlock link from this address.',
    access: 'anonymous',
    body: UnlockBodySchema,
    response: OkSchema,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/account/chgpwd',
    summary: 'Change the password; other sessions are signed out.',
    access: 'user',
    body: ChangePasswordBodySchema,
    response: OkSchema,
  }),
  getProfile: defineRoute({
    method: 'GET',
    path: '/api/account/profile',
    summary: 'Read the profile.',
    access: 'user',
    response: ProfileSchema,
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/account/profile',
    summary: 'Update display name and language.',
    access: 'user',
    body: UpdateProfileBodySchema,
    response: ProfileSchema,
  }),
};
