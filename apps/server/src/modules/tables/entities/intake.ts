import { sealPassword } from '../../intake/secret-box';
import { defineEntity, type ColumnDef } from '../entity';
import { isActiveColumn, labelledItems } from './code-list';

/** What becomes of a message in a mailbox once its documents are committed (issue 25). */
export const AFTER_IMPORT = ['markRead', 'move', 'delete'] as const;
export type AfterImport = (typeof AFTER_IMPORT)[number];

/** What a rule does with the messages it matches (issue 25, docs/intake.md). */
export const RULE_ACTIONS = [
  'import',
  'oneDocument',
  'knownSendersOnly',
  'skip',
  'quarantine',
] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** Where a mailbox stands after the worker last looked at it. */
export const MAILBOX_STATUSES = ['new', 'ok', 'failed'] as const;

const text = (
  name: string,
  column: string,
  labelId: string,
  maxLength: number,
  extra: Partial<ColumnDef> = {},
): ColumnDef => ({
  name,
  column,
  type: 'text',
  field: { labelId, maxLength },
  list: true,
  ...extra,
});

const nameColumn = (labelId: string): ColumnDef =>
  text('name', 'name', labelId, 100, {
    field: { labelId, maxLength: 100, validation: { required: true } },
    search: true,
    sort: true,
    unique: true,
    lean: true,
  });

const choice = (
  name: string,
  column: string,
  labelId: string,
  codes: readonly string[],
  prefix: string,
): ColumnDef => ({
  name,
  column,
  type: 'text',
  field: {
    inputType: 'select',
    labelId,
    validation: { required: true },
    references: { items: labelledItems(codes, prefix) },
  },
  list: true,
  filter: true,
  check: (value) =>
    codes.includes(String(value))
      ? undefined
      : { code: 'validation.intake.unknownChoice', parameters: [String(value)] },
});

/**
 * An IMAP mailbox an organisation's invoices arrive in (issue 25): the workers poll it and
 * import what comes. Admins only: it holds a password, sealed at rest (secret-box.ts).
 */
export const intakeMailbox = defineEntity({
  name: 'intakeMailbox',
  table: 'intake_mailbox',
  scope: 'tenant',
  labelId: 'intakeMailbox.title',
  columns: [
    nameColumn('intakeMailbox.name'),
    text('host', 'host', 'intakeMailbox.host', 253, {
      field: { labelId: 'intakeMailbox.host', maxLength: 253, validation: { required: true } },
      search: true,
      normalise: (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    }),
    {
      name: 'port',
      column: 'port',
      type: 'int',
      field: {
        inputType: 'int',
        labelId: 'intakeMailbox.port',
        validation: { required: true, range: [1, 65535] },
      },
      notNull: true,
      list: true,
    },
    {
      name: 'tls',
      column: 'tls',
      type: 'bool',
      field: { inputType: 'checkbox', labelId: 'intakeMailbox.tls' },
      list: true,
    },
    text('username', 'username', 'intakeMailbox.username', 320, {
      field: { labelId: 'intakeMailbox.username', maxLength: 320, validation: { required: true } },
      search: true,
    }),
    {
      name: 'password',
      column: 'password',
      type: 'text',
      // Sealed before it is stored (and before the audit log sees it); the form gets the
      // sealed value back, which a save leaves as it is.
      field: { inputType: 'password', labelId: 'intakeMailbox.password', maxLength: 2000 },
      notNull: true,
      normalise: sealPassword,
    },
    text('folder', 'folder', 'intakeMailbox.folder', 200, {
      field: { labelId: 'intakeMailbox.folder', maxLength: 200, validation: { required: true } },
    }),
    choice(
      'afterImport',
      'after_import',
      'intakeMailbox.afterImport',
      AFTER_IMPORT,
      'intakeMailbox.after',
    ),
    text('moveFolder', 'move_folder', 'intakeMailbox.moveFolder', 200, {
      field: {
        labelId: 'intakeMailbox.moveFolder',
        maxLength: 200,
        visible: "afterImport == 'move'",
        validation: { requiredIf: "afterImport == 'move'" },
      },
      notNull: true,
      list: false,
    }),
    isActiveColumn,
    {
      name: 'status',
      column: 'status',
      type: 'text',
      field: {
        inputType: 'select',
        readonly: true,
        labelId: 'intakeMailbox.status',
        references: { items: labelledItems(MAILBOX_STATUSES, 'intakeMailbox.state') },
      },
      serverOwned: true,
      list: true,
      filter: true,
    },
    {
      name: 'lastCheckedAt',
      column: 'last_checked_at',
      type: 'timestamp',
      field: { inputType: 'datetime', readonly: true, labelId: 'intakeMailbox.lastCheckedAt' },
      serverOwned: true,
      list: true,
    },
    {
      name: 'lastError',
      column: 'last_error',
      type: 'text',
      field: { inputType: 'memo', readonly: true, labelId: 'intakeMailbox.lastError' },
      serverOwned: true,
      list: true,
    },
  ],
  titleColumns: ['name'],
  defaultSort: 'name asc',
  gridColumns: [
    { name: 'name', width: 180, shrink: true },
    { name: 'host', width: 200, shrink: true },
    { name: 'username', width: 200, shrink: true },
    { name: 'folder', width: 110 },
    { name: 'afterImport', width: 140 },
    { name: 'isActive', width: 80 },
    { name: 'status', width: 100 },
    { name: 'lastCheckedAt', width: 150 },
    { name: 'lastError', width: 240, shrink: true },
  ],
  defaultModel: () => ({
    name: '',
    host: '',
    port: 993,
    tls: true,
    username: '',
    password: '',
    folder: 'INBOX',
    afterImport: 'markRead',
    moveFolder: '',
    isActive: true,
  }),
  writeRoles: [],
  sample: (n) => ({
    name: `Prejeti računi ${n}`,
    host: `imap${n}.example.si`,
    port: 993,
    tls: true,
    username: `racuni${n}@example.si`,
    password: `geslo-${n}`,
    folder: 'INBOX',
    afterImport: n % 2 === 0 ? 'move' : 'markRead',
    moveFolder: n % 2 === 0 ? 'Listina' : '',
    isActive: true,
  }),
});

/**
 * A rule of what an organisation's incoming mail becomes (issue 25): the first active rule by
 * position whose patterns all match decides. Patterns are case-insensitive, `*` stands for
 * any text and `?` for one character; an empty pattern matches anything.
 */
export const intakeRule = defineEntity({
  name: 'intakeRule',
  table: 'intake_rule',
  scope: 'tenant',
  labelId: 'intakeRule.title',
  columns: [
    {
      name: 'position',
      column: 'position',
      type: 'int',
      field: {
        inputType: 'int',
        labelId: 'intakeRule.position',
        validation: { required: true, range: [1, 100000] },
      },
      notNull: true,
      sort: true,
      list: true,
    },
    nameColumn('intakeRule.name'),
    text('senderPattern', 'sender_pattern', 'intakeRule.senderPattern', 320, {
      search: true,
      notNull: true,
    }),
    text('subjectPattern', 'subject_pattern', 'intakeRule.subjectPattern', 500, {
      search: true,
      notNull: true,
    }),
    text('attachmentPattern', 'attachment_pattern', 'intakeRule.attachmentPattern', 255, {
      search: true,
      notNull: true,
    }),
    choice('action', 'action', 'intakeRule.action', RULE_ACTIONS, 'intakeRule.act'),
    {
      name: 'documentTypeId',
      column: 'document_type_id',
      type: 'int',
      field: {
        inputType: 'combo',
        labelId: 'intakeRule.documentTypeId',
        references: { table: 'documentType', field: 'id', displayFields: ['code', 'name'] },
      },
      list: true,
    },
    {
      name: 'workflowId',
      column: 'workflow_id',
      type: 'int',
      field: {
        inputType: 'combo',
        labelId: 'intakeRule.workflowId',
        references: { table: 'workflow', field: 'id', displayFields: ['code', 'name'] },
      },
      list: true,
    },
    isActiveColumn,
  ],
  titleColumns: ['name'],
  defaultSort: 'position asc',
  gridColumns: [
    { name: 'position', width: 80 },
    { name: 'name', width: 180, shrink: true },
    { name: 'senderPattern', width: 180, shrink: true },
    { name: 'subjectPattern', width: 180, shrink: true },
    { name: 'attachmentPattern', width: 140, shrink: true },
    { name: 'action', width: 160 },
    { name: 'documentTypeId', width: 160, shrink: true },
    { name: 'workflowId', width: 160, shrink: true },
    { name: 'isActive', width: 80 },
  ],
  defaultModel: () => ({
    position: 10,
    name: '',
    senderPattern: '',
    subjectPattern: '',
    attachmentPattern: '',
    action: 'import',
    documentTypeId: null,
    workflowId: null,
    isActive: true,
  }),
  writeRoles: [],
  sample: (n) => ({
    position: n,
    name: `Pravilo ${n}`,
    senderPattern: `*@dobavitelj${n}.si`,
    subjectPattern: n % 2 === 0 ? '*račun*' : '',
    attachmentPattern: '',
    action: RULE_ACTIONS[n % RULE_ACTIONS.length],
    documentTypeId: null,
    workflowId: null,
    isActive: true,
  }),
});
