import { compileExpression } from '@listina/forms';
import { defineEntity } from '../entity';
import { organizationRolesColumn } from './organization-member';
import { codeColumn, isActiveColumn, labelledItems } from './code-list';

/**
 * The system tiles a workflow step stands for (issue 6): where its documents show on the
 * home page. A document at an archive step is archived (spec §4).
 */
export const STEP_TILES = [
  'inbox',
  'review',
  'approval',
  'accounting',
  'payment',
  'archive',
] as const;
export const APPROVAL_RULES = ['any', 'all', 'atLeast'] as const;

/** Trimmed and lower-cased, each once, in a fixed order. */
function normaliseList(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const items = (value as unknown[]).map((v) =>
    typeof v === 'string' ? v.trim().toLowerCase() : v,
  );
  return [...new Set(items.filter((v) => v !== ''))].sort();
}

/**
 * One step of a workflow: the tile its documents show in, who acts (members and roles), how
 * many must confirm (any one, all named members, or at least N), an optional condition on the
 * document (e.g. totalAmount > 5000; a step whose condition is false is skipped) and whether
 * a reject or return needs a comment.
 */
export const workflowStep = defineEntity({
  name: 'workflowStep',
  table: 'workflow_step',
  scope: 'tenant',
  labelId: 'workflowStep.title',
  hidden: true,
  columns: [
    {
      name: 'position',
      column: 'position',
      type: 'int',
      field: {
        inputType: 'int',
        labelId: 'workflowStep.position',
        validation: { required: true, range: [1, 99] },
      },
      list: true,
      lean: true,
    },
    {
      name: 'systemTileCode',
      column: 'system_tile_code',
      type: 'text',
      field: {
        inputType: 'select',
        labelId: 'workflowStep.systemTileCode',
        validation: { required: true },
        references: { items: labelledItems(STEP_TILES, 'tiles') },
      },
      list: true,
      lean: true,
      check: (value) =>
        STEP_TILES.includes(value as (typeof STEP_TILES)[number])
          ? undefined
          : {
              code: 'validation.wf.unknownTile',
              parameters: [String(value), STEP_TILES.join(', ')],
            },
    },
    {
      name: 'name',
      column: 'name',
      type: 'text',
      field: { labelId: 'workflowStep.name', maxLength: 100 },
      notNull: true,
      search: true,
      list: true,
      lean: true,
    },
    {
      name: 'memberKeys',
      column: 'member_keys',
      type: 'text',
      multiple: true,
      field: {
        inputType: 'select',
        labelId: 'workflowStep.memberKeys',
        references: {
          table: 'organizationMember',
          field: 'key',
          displayFields: ['displayName', 'userName'],
        },
      },
      list: true,
      normalise: normaliseList,
    },
    organizationRolesColumn({ labelId: 'workflowStep.roles' }),
    {
      name: 'approvalRule',
      column: 'approval_rule',
      type: 'text',
      field: {
        inputType: 'select',
        labelId: 'workflowStep.approvalRule',
        validation: { required: true },
        references: { items: labelledItems(APPROVAL_RULES, 'workflowStep.rule') },
      },
      list: true,
      check: (value) =>
        APPROVAL_RULES.includes(value as (typeof APPROVAL_RULES)[number])
          ? undefined
          : { code: 'validation.wf.unknownRule', parameters: [String(value)] },
    },
    {
      name: 'minApprovers',
      column: 'min_approvers',
      type: 'int',
      field: {
        inputType: 'int',
        labelId: 'workflowStep.minApprovers',
        validation: { range: [1, 100] },
      },
      notNull: true,
      list: true,
    },
    {
      name: 'condition',
      column: 'condition',
      type: 'text',
      field: { labelId: 'workflowStep.condition', maxLength: 500 },
      list: true,
      check: (value) => {
        if (typeof value !== 'string' || value.trim() === '') return undefined;
        try {
          compileExpression(value);
          return undefined;
        } catch (error) {
          return {
            code: 'validation.wf.badCondition',
            parameters: [error instanceof Error ? error.message : String(error)],
          };
        }
      },
    },
    {
      name: 'commentRequired',
      column: 'comment_required',
      type: 'bool',
      field: { inputType: 'checkbox', labelId: 'workflowStep.commentRequired' },
      list: true,
    },
  ],
  titleColumns: ['position', 'systemTileCode'],
  defaultSort: 'position asc',
  gridColumns: [
    { name: 'position', width: 80 },
    { name: 'name', width: 200, shrink: true },
    { name: 'systemTileCode', width: 150 },
    { name: 'roles', width: 170, shrink: true },
    { name: 'memberKeys', width: 200, shrink: true },
    { name: 'approvalRule', width: 170 },
    { name: 'minApprovers', width: 90 },
    { name: 'condition', width: 200, shrink: true },
    { name: 'commentRequired', width: 110 },
  ],
  defaultModel: () => ({
    position: 1,
    systemTileCode: 'approval',
    name: '',
    memberKeys: [],
    roles: [],
    approvalRule: 'any',
    minApprovers: 1,
    condition: '',
    commentRequired: false,
  }),
  writeRoles: [],
  sample: (n) => ({
    position: 1 + (n % 9),
    systemTileCode: STEP_TILES[n % (STEP_TILES.length - 1)],
    name: `Step ${n}`,
    memberKeys: [],
    roles: ['accountant'],
    approvalRule: 'any',
    minApprovers: 1,
    condition: '',
    commentRequired: n % 2 === 0,
  }),
});

/**
 * An organisation's approval route for documents of a type (or of any type): ordered steps
 * that an activated document goes through until it is archived or rejected. Admins edit them.
 */
export const workflow = defineEntity({
  name: 'workflow',
  table: 'workflow',
  scope: 'tenant',
  labelId: 'workflow.title',
  columns: [
    codeColumn({ maxLength: 20 }),
    {
      name: 'name',
      column: 'name',
      type: 'text',
      field: { labelId: 'workflow.name', maxLength: 100, validation: { required: true } },
      search: true,
      sort: true,
      list: true,
      lean: true,
    },
    {
      name: 'documentTypeId',
      column: 'document_type_id',
      type: 'int',
      field: {
        inputType: 'combo',
        labelId: 'workflow.documentTypeId',
        references: { table: 'documentType', field: 'id', displayFields: ['code', 'name'] },
      },
      filter: true,
      list: true,
    },
    isActiveColumn,
  ],
  arrays: [
    {
      name: 'steps',
      entity: workflowStep,
      parentColumn: 'workflow_id',
      addLabelId: 'workflowStep.add',
    },
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'code asc',
  gridColumns: [
    { name: 'code', width: 120 },
    { name: 'name', width: 240, shrink: true },
    { name: 'documentTypeId', width: 240, shrink: true },
    { name: 'isActive', width: 90 },
  ],
  defaultModel: () => ({
    code: '',
    name: '',
    documentTypeId: null,
    isActive: true,
    steps: [],
  }),
  writeRoles: [],
  sample: (n) => ({
    code: `WF${n}`,
    name: `Approval route ${n}`,
    isActive: true,
    steps: [
      { id: -1, ...workflowStep.sample(n), position: 1, systemTileCode: 'review' },
      { id: -2, ...workflowStep.sample(n + 1), position: 2, systemTileCode: 'approval' },
    ],
  }),
});

/** The log of workflow actions (written by the workflow module; undone with its action). */
export const workflowLog = defineEntity({
  name: 'workflowLog',
  table: 'workflow_log',
  scope: 'tenant',
  labelId: 'workflowLog.title',
  hidden: true,
  columns: [],
  titleColumns: [],
  defaultSort: 'id asc',
  writeRoles: [],
  sample: () => ({}),
});

/** Notifications of users (written by the workflow module; undone with its action). */
export const notification = defineEntity({
  name: 'notification',
  table: 'notification',
  scope: 'tenant',
  labelId: 'notification.title',
  hidden: true,
  columns: [],
  titleColumns: [],
  defaultSort: 'id asc',
  writeRoles: [],
  sample: () => ({}),
});
