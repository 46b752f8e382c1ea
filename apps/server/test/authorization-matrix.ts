/**
 * Who may make which call (issue 9): the one source of docs/authorization.md (its table is
 * rendered from here, `npx tsx apps/server/scripts/authorization-doc.ts`) and of what
 * route-walk.int.test.ts expects when it makes every call of the OpenAPI document as each.
 */
export const ROLES = [
  'orgadmin',
  'sysadmin',
  'support',
  'approver',
  'accountant',
  'dataentry',
  'dataentryextended',
  'user',
] as const;
export type Role = (typeof ROLES)[number];
/** The roles, a signed-in user who is no member of the organisation, and no sign-in at all. */
export const PRINCIPALS = [...ROLES, 'nonMember', 'anonymous'] as const;
export type Principal = (typeof PRINCIPALS)[number];

const ADMINS = ['orgadmin', 'sysadmin', 'support'] as const satisfies Role[];
const DOC_WRITERS = [...ADMINS, 'accountant', 'dataentry', 'dataentryextended'] as const;
const ACCOUNTANTS = [...ADMINS, 'accountant'] as const;
const COST_CENTER_WRITERS = [...ADMINS, 'accountant', 'dataentryextended'] as const;

/**
 * anyone: no sign-in needed; signedIn: any user (the organisation header plays no part);
 * members: every member of the organisation; a list: those roles only.
 */
export type Who = 'anyone' | 'signedIn' | 'members' | readonly Role[];

/**
 * What a member of another organisation gets with this organisation's keys under their own
 * header: 404 (no such record there), 403 (a shared record they may not change), 405 (no
 * such call for the table), or `own`: it answers from their organisation only, where our
 * keys name nothing (a per-document "not found" in the answer, or their own data). Calls outside any organisation have no entry.
 */
export type Foreign = 403 | 404 | 405 | 'own';

export interface Rule {
  /** `METHOD /path` of the OpenAPI document, with the table in brackets for /api/cl/{name}. */
  call: string;
  who: Who;
  /**
   * What members outside `who` get (403 unless told); inAnswer: 200 with the document
   * refused in the answer, changing nothing.
   */
  refusal?: Refusal;
  /** What a signed-in user who is no member gets, where it is not 403 (a call of their own). */
  nonMember?: Refusal;
  foreign?: Foreign;
  /** The case the row shows, where rights depend on the record. */
  note?: string;
  /**
   * The status of an allowed call when its case is refused on its merits after the rights
   * were checked (an unknown confirmation code: 400); 2xx when not given.
   */
  answer?: number;
}

const OWN = 'own' as const;

/** Write roles of each table of /api/cl/{name} (docs/roles.md, each entity's writeRoles). */
export const TABLE_WRITERS: Record<string, readonly Role[]> = {
  organization: ADMINS,
  organizationMember: ADMINS,
  workflow: ADMINS,
  intakeMailbox: ADMINS,
  intakeRule: ADMINS,
  partner: DOC_WRITERS,
  costCenter: COST_CENTER_WRITERS,
  vatRate: ACCOUNTANTS,
  documentType: ACCOUNTANTS,
  country: ['sysadmin'],
  currency: ['sysadmin'],
  bank: ['sysadmin'],
  paymentType: ['sysadmin'],
  paymentPurpose: ['sysadmin'],
  referenceModel: ['sysadmin'],
  role: ['sysadmin'],
};
/** Tables whose records come with the organisation: no create or delete call (405). */
export const FIXED_TABLES = ['organization', 'organizationMember', 'role'];
/** Tables shared by every organisation: another organisation reads the same rows. */
export const GLOBAL_TABLES = [
  'country',
  'currency',
  'bank',
  'paymentType',
  'paymentPurpose',
  'referenceModel',
  'role',
];

const tableRules = (): Rule[] =>
  Object.entries(TABLE_WRITERS).flatMap(([table, writers]) => {
    const fixed = FIXED_TABLES.includes(table);
    const shared = GLOBAL_TABLES.includes(table);
    const row = (call: string, who: Who, extra: Partial<Rule> = {}): Rule => ({
      call: `${call} [${table}]`,
      who,
      ...extra,
    });
    const write = (call: string, extra: Partial<Rule> = {}) =>
      fixed && call !== 'PUT /api/cl/{name}/{key}'
        ? row(call, [], { refusal: 405, foreign: 405 })
        : row(call, writers, { ...extra, ...(shared ? { foreign: 403 } : {}) });
    return [
      row('GET /api/cl/{name}', 'members', { foreign: OWN }),
      row('GET /api/cl/{name}/{key}', 'members', { foreign: shared ? OWN : 404 }),
      row('GET /api/cl/{name}/{key}/audit', 'members', { foreign: shared ? OWN : 404 }),
      write('POST /api/cl/{name}', { foreign: OWN }),
      write('PUT /api/cl/{name}/{key}', { foreign: 404 }),
      write('DELETE /api/cl/{name}', { foreign: 404 }),
      row('POST /api/cl/{name}/export', 'members', { foreign: OWN }),
      write('POST /api/cl/{name}/import', { foreign: OWN, note: 'dry run' }),
    ];
  });

/** The table calls of doc, payOrder and payPackage; packages are only built (405 otherwise). */
function rootTableRules(table: string, writers: readonly Role[], built = false): Rule[] {
  const make = (call: string, rule: Omit<Rule, 'call' | 'who'>): Rule =>
    built ? { call, who: [], refusal: 405, foreign: 405 } : { call, who: writers, ...rule };
  return [
    { call: `GET /api/${table}`, who: 'members', foreign: OWN },
    make(`POST /api/${table}`, { foreign: OWN }),
    make(`DELETE /api/${table}`, { foreign: 404 }),
    { call: `GET /api/${table}/{key}`, who: 'members', foreign: 404 },
    { call: `PUT /api/${table}/{key}`, who: writers, foreign: 404 },
    { call: `GET /api/${table}/{key}/audit`, who: 'members', foreign: 404 },
    { call: `POST /api/${table}/export`, who: 'members', foreign: OWN },
    make(`POST /api/${table}/import`, { foreign: OWN, note: 'dry run' }),
  ];
}

export const RULES: Rule[] = [
  // Account: before sign-in, and the signed-in user's own.
  { call: 'POST /api/account/login', who: 'anyone' },
  { call: 'POST /api/account/forgot', who: 'anyone' },
  { call: 'POST /api/account/register', who: 'anyone' },
  { call: 'POST /api/account/confirm', who: 'anyone', answer: 400, note: 'an unknown code: 400' },
  { call: 'POST /api/account/unlock', who: 'anyone', answer: 400, note: 'an unknown code: 400' },
  { call: 'POST /api/account/logout', who: 'signedIn' },
  { call: 'GET /api/account/me', who: 'signedIn' },
  {
    call: 'POST /api/account/chgpwd',
    who: 'signedIn',
    answer: 400,
    note: 'the same password again: 400',
  },
  { call: 'POST /api/account/refresh', who: 'signedIn' },
  { call: 'POST /api/account/logout-others', who: 'signedIn' },
  { call: 'GET /api/account/signins', who: 'signedIn', note: "the user's own" },
  { call: 'GET /api/account/signins [all]', who: ['sysadmin'], note: "everyone's (all=true)" },
  { call: 'GET /api/account/profile', who: 'signedIn' },
  { call: 'PUT /api/account/profile', who: 'signedIn' },
  { call: 'POST /api/organization/connect', who: 'signedIn' },
  { call: 'POST /api/organization', who: 'signedIn' },
  { call: 'GET /api/organization/current', who: 'members', foreign: OWN },
  { call: 'GET /api/cl/organization/external/check', who: 'members', foreign: OWN },
  { call: 'GET /api/cl/organization/external/search', who: 'members', foreign: OWN },
  // A new organisation's first day (issue 24).
  { call: 'GET /api/organization/onboarding', who: 'members', foreign: OWN },
  { call: 'PUT /api/organization/onboarding', who: ADMINS, foreign: OWN },
  { call: 'PUT /api/organization/onboarding/{step}', who: ADMINS, foreign: OWN },
  { call: 'GET /api/organization/company-lookup', who: 'members', foreign: OWN },
  { call: 'GET /api/organization/bank-of-iban', who: 'members', foreign: OWN },
  {
    call: 'POST /api/organization/invitations',
    who: ADMINS,
    foreign: OWN,
    note: 'the orgadmin role only by an orgadmin or sysadmin',
  },
  { call: 'GET /api/organization/invitations', who: ADMINS, foreign: OWN },
  { call: 'DELETE /api/organization/invitations/{id}', who: ADMINS, foreign: 404 },
  { call: 'GET /api/invitation/{code}/public', who: 'anyone', note: 'to sign in or register' },
  {
    call: 'GET /api/invitation/{code}',
    who: 'signedIn',
    answer: 403,
    note: 'an invitation to another address: 403',
  },
  {
    call: 'POST /api/invitation/{code}/accept',
    who: 'signedIn',
    answer: 403,
    note: 'an invitation to another address: 403',
  },
  // System.
  { call: 'GET /api/translation/{locale}', who: 'anyone' },
  { call: 'GET /api/health', who: 'anyone' },
  { call: 'GET /api/ready', who: 'anyone' },
  {
    call: 'GET /api/metrics',
    who: 'anyone',
    note: 'from a loopback address or with the METRICS_TOKEN bearer; otherwise 404',
  },
  { call: 'GET /api/client-config', who: 'anyone' },
  { call: 'POST /api/client-error', who: 'anyone' },
  // The table engine.
  { call: 'GET /api/cl', who: 'members', foreign: OWN },
  { call: 'GET /api/cl/schema/{name}', who: 'members', foreign: OWN },
  { call: 'GET /api/cl/default.model/{name}', who: 'members', foreign: OWN },
  ...tableRules(),
  {
    call: 'POST /api/undo/{id}',
    who: ['orgadmin'],
    refusal: 404,
    foreign: 404,
    note: "the orgadmin's action: only its user undoes it",
  },
  { call: 'GET /api/cl/partner/{vatId}/{iban}/{name}', who: 'members', foreign: OWN },
  // Documents and their files.
  ...rootTableRules('doc', DOC_WRITERS),
  { call: 'POST /api/doc/activate', who: DOC_WRITERS, foreign: 404, note: 'a draft' },
  { call: 'GET /api/doc/customerHistory', who: 'members', foreign: OWN },
  { call: 'GET /api/tile', who: 'members', foreign: OWN },
  { call: 'POST /api/uploadDoc', who: DOC_WRITERS, foreign: OWN },
  { call: 'POST /api/doc/{id}/file/add', who: DOC_WRITERS, foreign: 404, note: 'a draft' },
  { call: 'PUT /api/doc/{id}/file/{fileKey}', who: DOC_WRITERS, foreign: 404, note: 'a draft' },
  { call: 'DELETE /api/doc/{id}/file/{fileKey}', who: DOC_WRITERS, foreign: 404, note: 'a draft' },
  { call: 'POST /api/doc/{id}/mainfile', who: DOC_WRITERS, foreign: 404, note: 'a draft' },
  {
    call: 'POST /api/doc/{id}/file/{fileKey}/move',
    who: DOC_WRITERS,
    foreign: 404,
    note: 'a draft',
  },
  { call: 'POST /api/doc/{id}/preview.info', who: 'members', foreign: 404 },
  { call: 'GET /api/file/{token}', who: 'anyone', note: 'a signed link, valid 10 minutes' },
  { call: 'POST /api/doc/download', who: 'members', foreign: 404 },
  { call: 'POST /api/doc/ocr', who: DOC_WRITERS, foreign: OWN, note: 'a draft' },
  { call: 'DELETE /api/doc/ocr', who: DOC_WRITERS, foreign: OWN, note: 'a draft' },
  { call: 'GET /api/savedFilter/{table}', who: 'members', foreign: OWN },
  { call: 'PUT /api/savedFilter/{table}', who: 'members', foreign: OWN },
  { call: 'GET /api/gridPreference/{table}', who: 'members', foreign: OWN },
  { call: 'PUT /api/gridPreference/{table}', who: 'members', foreign: OWN },
  { call: 'DELETE /api/gridPreference/{table}', who: 'members', foreign: OWN },
  // Invoices by e-mail.
  { call: 'GET /api/intake/address', who: 'members', foreign: OWN },
  { call: 'GET /api/intake/message', who: 'members', foreign: OWN },
  { call: 'GET /api/intake/summary', who: 'members', foreign: OWN },
  {
    call: 'POST /api/intake/message/{key}/release',
    who: ADMINS,
    foreign: 404,
    note: 'a quarantined message',
  },
  {
    call: 'DELETE /api/intake/message/{key}',
    who: ADMINS,
    foreign: 404,
    note: 'a quarantined message',
  },
  {
    call: 'GET /api/intake/message/{key}/eml',
    who: ADMINS,
    foreign: 404,
    note: 'a quarantined message',
  },
  { call: 'POST /api/intake/mailbox/test', who: ADMINS, foreign: OWN },
  // Workflow.
  {
    call: 'POST /api/wf/action/{id}',
    who: [...ADMINS, 'approver'],
    foreign: 404,
    note: 'at a step of the approver role',
  },
  {
    call: 'POST /api/wf/actions/',
    who: [...ADMINS, 'approver'],
    refusal: 'inAnswer',
    foreign: OWN,
    note: 'at a step of the approver role: others refused per document in the answer',
  },
  { call: 'GET /api/wf/{id}/log', who: 'members', foreign: 404 },
  { call: 'GET /api/doc/{id}/wflog', who: 'members', foreign: 404 },
  // A user's notifications of every organisation they belong to (issue 26).
  { call: 'GET /api/notification', who: 'signedIn', note: "the user's own, all organisations" },
  {
    call: 'PUT /api/notification/{id}/read',
    who: ['approver'],
    refusal: 404,
    nonMember: 404,
    foreign: 404,
    note: "the approver's notification: each user their own",
  },
  { call: 'GET /api/notification/events', who: 'signedIn', note: "the user's own count" },
  { call: 'GET /api/notification/settings', who: 'signedIn', note: "the user's own" },
  { call: 'PUT /api/notification/settings', who: 'signedIn', note: "the user's own" },
  // Reports (issue 27): what every member may read; across organisations, the user's own.
  { call: 'GET /api/report/aging', who: 'members', foreign: OWN },
  { call: 'GET /api/report/cash', who: 'members', foreign: OWN },
  { call: 'GET /api/report/spend', who: 'members', foreign: OWN },
  { call: 'GET /api/report/approval', who: 'members', foreign: OWN },
  { call: 'GET /api/report/capture', who: 'members', foreign: OWN },
  { call: 'GET /api/report/payments', who: 'members', foreign: OWN },
  { call: 'GET /api/reports/aging', who: 'signedIn', note: "the user's own organisations" },
  { call: 'GET /api/reports/cash', who: 'signedIn', note: "the user's own organisations" },
  // Payments.
  ...rootTableRules('payOrder', ACCOUNTANTS),
  ...rootTableRules('payPackage', ACCOUNTANTS, true),
  {
    call: 'POST /api/payOrder/fromDocuments',
    who: ACCOUNTANTS,
    foreign: 404,
    note: 'an approved invoice',
  },
  { call: 'POST /api/payOrder/{key}/split', who: ACCOUNTANTS, foreign: 404 },
  { call: 'POST /api/payOrder/mark', who: ACCOUNTANTS, foreign: 404 },
  { call: 'POST /api/payOrder/exportXML', who: 'members', foreign: 404, note: 'changes nothing' },
  { call: 'POST /api/payOrder/pay', who: ACCOUNTANTS, foreign: 404, note: 'a ready order' },
  { call: 'POST /api/payOrder/upload', who: ACCOUNTANTS, foreign: OWN, note: 'dry run' },
  { call: 'POST /api/payOrder/statement', who: ACCOUNTANTS, foreign: OWN },
  { call: 'GET /api/payOrder/{key}/upn', who: 'members', foreign: 404 },
  { call: 'POST /api/payPackage/build', who: ACCOUNTANTS, foreign: 404, note: 'a ready order' },
  { call: 'POST /api/payPackage/mark', who: ACCOUNTANTS, foreign: 404 },
];

export type Refusal = 400 | 403 | 404 | 405 | 'inAnswer';
/** What a principal gets: `ok` (the call does its work) or the refusal. */
export type Outcome = 'ok' | 401 | Refusal;

export function expected(rule: Rule, who: Principal): Outcome {
  if (rule.who === 'anyone') return 'ok';
  if (who === 'anonymous') return 401;
  if (rule.who === 'signedIn') return 'ok';
  if (who === 'nonMember') return rule.nonMember ?? 403;
  if (rule.who === 'members') return 'ok';
  return rule.who.includes(who) ? 'ok' : (rule.refusal ?? 403);
}

/** The OpenAPI operation of a rule (the table in brackets dropped). */
export const operationOf = (rule: Rule) => rule.call.replace(/ \[.*\]$/, '');

const HEADINGS: Record<Principal, string> = {
  orgadmin: 'orgadmin',
  sysadmin: 'sysadmin',
  support: 'support',
  approver: 'approver',
  accountant: 'accountant',
  dataentry: 'dataentry',
  dataentryextended: 'dataentry&shy;extended',
  user: 'user',
  nonMember: 'not a member',
  anonymous: 'anonymous',
};

const CELLS: Record<string, string> = { ok: '✓', own: 'own', inAnswer: '200, refused' };
const cell = (outcome: Outcome | Foreign | undefined) =>
  outcome === undefined ? '—' : (CELLS[outcome] ?? String(outcome));

/** The matrix as a Markdown table, as docs/authorization.md holds it (laid out as prettier does). */
export function renderMatrix(rules: readonly Rule[] = RULES): string {
  const head = ['call', ...PRINCIPALS.map((p) => HEADINGS[p]), 'other organisation', 'case'];
  const body = rules.map((rule) => [
    `\`${rule.call}\``,
    ...PRINCIPALS.map((p) => cell(expected(rule, p))),
    cell(rule.foreign),
    rule.note ?? '',
  ]);
  const widths = head.map((_, i) =>
    Math.max(3, ...[head, ...body].map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return `${[line(head), rule, ...body.map(line)].join('\n')}\n`;
}
