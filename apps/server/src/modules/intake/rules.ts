import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import type { RuleAction } from '../tables/entities/intake';

/** An organisation's rule of incoming mail, as the intake applies it (entity intakeRule). */
export interface IntakeRule {
  id: string;
  name: string;
  senderPattern: string;
  subjectPattern: string;
  attachmentPattern: string;
  action: RuleAction;
  documentTypeId: string | null;
  workflowId: string | null;
}

/** What a rule is matched against. */
export interface RuleSubject {
  sender: string;
  subject: string;
  attachmentNames: readonly string[];
}

/**
 * A pattern as a whole-value, case-insensitive match: `*` any text, `?` one character, every
 * other character itself (no regular expressions from users, so none that run for ever).
 */
export function patternMatches(pattern: string, value: string): boolean {
  const trimmed = pattern.trim();
  if (trimmed === '') return true;
  const source = [...trimmed.toLowerCase()]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  // Runs of `.*` are one: a pattern of many stars cannot make the match slow.
  return new RegExp(`^${source.replace(/(\.\*)+/g, '.*')}$`, 's').test(value.toLowerCase());
}

export function ruleMatches(rule: IntakeRule, subject: RuleSubject): boolean {
  return (
    patternMatches(rule.senderPattern, subject.sender) &&
    patternMatches(rule.subjectPattern, subject.subject) &&
    (rule.attachmentPattern.trim() === '' ||
      subject.attachmentNames.some((name) => patternMatches(rule.attachmentPattern, name)))
  );
}

/** The first active rule, by position, that the message matches. */
export function firstMatch(
  rules: readonly IntakeRule[],
  subject: RuleSubject,
): IntakeRule | undefined {
  return rules.find((rule) => ruleMatches(rule, subject));
}

export async function loadRules(trx: Trx, organizationId: string): Promise<IntakeRule[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    sender_pattern: string;
    subject_pattern: string;
    attachment_pattern: string;
    action: RuleAction;
    document_type_id: string | null;
    workflow_id: string | null;
  }>`
    select id, name, sender_pattern, subject_pattern, attachment_pattern, action,
      document_type_id, workflow_id
    from intake_rule
    where organization_id = ${organizationId} and is_active
    order by position, id
  `.execute(trx);
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    senderPattern: r.sender_pattern,
    subjectPattern: r.subject_pattern,
    attachmentPattern: r.attachment_pattern,
    action: r.action,
    documentTypeId: r.document_type_id === null ? null : String(r.document_type_id),
    workflowId: r.workflow_id === null ? null : String(r.workflow_id),
  }));
}
