import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables. bigint ids travel as strings (pg's and our PGlite parser). */
type Id = ColumnType<string, never, never>;
type CreatedAt = ColumnType<Date, never, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A file a queued mail carries, read from the blob store when it is delivered. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  blobId: string;
}

export interface AppUserTable {
  id: Id;
  key: string;
  username: string;
  email: string;
  display_name: string;
  password_hash: string;
  lang: Generated<string>;
  roles: Generated<string[]>;
  email_confirmed_at: Timestamp | null;
  created_at: CreatedAt;
  version: Generated<number>;
  /** jsonb (issue 26): the channel per notification kind the user chose. */
  notify_channels: ColumnType<Record<string, string>, string | undefined, string>;
  digest_hour: Generated<number>;
  digest_days: Generated<number[]>;
  time_zone: Generated<string>;
  digest_sent_on: ColumnType<string | null, string | undefined, string | null>;
}

export interface UserSessionTable {
  id: Id;
  user_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
  rotated_at: Timestamp | null;
}

export interface SignInEventTable {
  id: Id;
  created_at: CreatedAt;
  user_id: string | null;
  username: string;
  result: SignInResult;
  ip: string;
  user_agent: string | null;
}

export type SignInResult =
  'success' | 'badPassword' | 'unknownUser' | 'unconfirmed' | 'locked' | 'addressLimited';

export interface UserCodeTable {
  id: Id;
  user_id: string;
  kind: 'confirmEmail' | 'resetPassword';
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginFailureTable {
  id: Id;
  subject: string;
  failed_at: Generated<Date>;
}

export interface OrganizationTable {
  id: Id;
  key: string;
  name: string;
  name_nick: string;
  tax_number: string | null;
  connect_code: string;
  address: string | null;
  post_code: string | null;
  town: string | null;
  country_code: string | null;
  created_at: CreatedAt;
  version: Generated<number>;
}

export interface OrganizationOnboardingTable {
  organization_id: string;
  steps: ColumnType<Record<string, string>, string, string>;
  dismissed_at: Timestamp | null;
  updated_at: Generated<Date>;
}

export interface OrganizationInvitationTable {
  organization_id: string;
  id: Id;
  key: string;
  email: string;
  roles: string[];
  token_hash: string;
  invited_by: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
  /** The account registered from this invitation's link; confirming it accepts (issue 24). */
  registered_user_id: string | null;
}

export interface OrganizationMemberTable {
  organization_id: string;
  user_id: string;
  roles: string[];
  created_at: CreatedAt;
}

export interface OrganizationBankAccountTable {
  organization_id: string;
  id: Id;
  key: string;
  code: string;
  bic: string | null;
  display_text: string | null;
  is_default: Generated<boolean>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  version: Generated<number>;
}

export interface MailOutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** jsonb: written as JSON text, read as the object. */
  headers: ColumnType<Record<string, string>, string | undefined, string>;
  attachments: ColumnType<MailAttachment[], string | undefined, string>;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  next_attempt_at: Generated<Date>;
  sent_at: Timestamp | null;
}

export interface CompanyRegisterTable {
  id: Id;
  key: string;
  tax_number: string;
  vat_id: string | null;
  registration_number: string;
  name: string;
  address: string;
  post_code: string;
  town: string;
  country_code: string;
  search_text: string;
}

export interface Database {
  app_user: AppUserTable;
  user_session: UserSessionTable;
  user_code: UserCodeTable;
  login_failure: LoginFailureTable;
  sign_in_event: SignInEventTable;
  organization: OrganizationTable;
  organization_member: OrganizationMemberTable;
  organization_bank_account: OrganizationBankAccountTable;
  organization_onboarding: OrganizationOnboardingTable;
  organization_invitation: OrganizationInvitationTable;
  mail_outbox: MailOutboxTable;
  company_register: CompanyRegisterTable;
  saved_filter: SavedFilterTable;
  grid_preference: GridPreferenceTable;
}

export interface GridPreferenceTable {
  organization_id: string;
  user_id: string;
  table_name: string;
  columns: string[] | null;
  /** jsonb: written as JSON text, read as the object. */
  widths: ColumnType<Record<string, number>, string, string>;
  updated_at: Generated<Date>;
}

export interface SavedFilterTable {
  organization_id: string;
  user_id: string;
  table_name: string;
  filter: string[];
  updated_at: Generated<Date>;
}
