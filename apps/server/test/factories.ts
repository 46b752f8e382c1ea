import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { AuthToken, TableRecord } from '@listina/contract';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { DbHandle } from '../src/db/create-db';
import { uuidv7 } from '../src/lib/ids';
import { hashPassword } from '../src/lib/secrets';
import { newConnectCode } from '../src/modules/organizations/organizations.service';
import { createTestDb } from './test-db';

export {
  injectMultipart,
  multipartBody,
  uploadDocument,
  uploadedDocument,
  type FormPart,
  type UploadFile,
} from './upload';

export const PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

export interface TestApp extends App {
  database: DbHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database, with a temporary DATA_DIR; env overrides config. The
 * benchmarks open their own database and name their DATA_DIR by `options`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { openDatabase?: () => Promise<DbHandle>; tmpPrefix?: string } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.tmpPrefix ?? 'listina-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // No test asks the EU's VAT register: those of the connector start their own stand-in.
    COMPANY_REGISTER_URL: 'off',
    // Nor any mailbox: a test that polls one starts it against its own local IMAP server.
    INTAKE_MAILBOXES: 'off',
    // Notifications are delivered when a test says so (services.notify), not on a timer.
    NOTIFY_DELIVERY_SECONDS: '0',
    NOTIFY_DAILY_CHECK_SECONDS: '0',
    ...env,
  });
  const database = await (options.openDatabase ?? createTestDb)();
  const built = await buildApp(config, database);
  return {
    ...built,
    database,
    config,
    async close() {
      await built.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A confirmed user, ready to sign in with PASSWORD. */
export async function createUser(
  t: TestApp,
  overrides: { username?: string; roles?: string[] } = {},
) {
  passwordHash ??= hashPassword(PASSWORD);
  const username = overrides.username ?? unique('user');
  return t.database.db
    .insertInto('app_user')
    .values({
      key: uuidv7(),
      username,
      email: `${username}@example.test`,
      display_name: `User ${username}`,
      password_hash: await passwordHash,
      lang: 'en-gb',
      roles: overrides.roles ?? [],
      email_confirmed_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An organisation with the given members (user id → roles). */
export async function createOrganization(
  t: TestApp,
  members: Record<string, string[]>,
  name?: string,
) {
  const nick = name ?? unique('Org ');
  const org = await t.database.db
    .insertInto('organization')
    .values({
      key: uuidv7(),
      name: `${nick} d.o.o.`,
      name_nick: nick,
      tax_number: null,
      connect_code: newConnectCode(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const [userId, roles] of Object.entries(members)) {
    await t.database.db
      .insertInto('organization_member')
      .values({ organization_id: org.id, user_id: userId, roles })
      .execute();
  }
  return org;
}

export async function login(t: TestApp, username: string, password = PASSWORD): Promise<AuthToken> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<AuthToken>();
}

/** The spec §8 error codes of an answer, for compact assertions. */
export const errorCodes = (res: LightMyRequestResponse) =>
  res.json<{ error: { code: string }[] }>().error.map((e) => e.code);

/** Headers for a user signed in (with PASSWORD) and acting in the given organisation. */
export async function memberHeaders(
  t: TestApp,
  user: { username: string },
  org: { key: string },
): Promise<Record<string, string>> {
  return { authorization: (await login(t, user.username)).apikey, 'organization-id': org.key };
}

/** A new user who is the only member of a new organisation, with these roles, signed in. */
export async function soleMember(t: TestApp, roles: string[]) {
  const user = await createUser(t);
  const org = await createOrganization(t, { [user.id]: roles });
  return { user, org, headers: await memberHeaders(t, user, org) };
}

/** A document type of the headers' organisation, made through the API; its id. */
export async function createDocumentType(
  t: TestApp,
  headers: Record<string, string>,
  code = 'INV',
): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cl/documentType',
    headers,
    payload: { code, name: `Type ${code}`, nameSl: `Vrsta ${code}`, isActive: true },
  });
  if (res.statusCode !== 201) throw new Error(`document type: ${res.statusCode} ${res.body}`);
  return res.json<{ item: { id: number } }>().item.id;
}

/** A workflow step: the tile, and who may act (member keys, roles); the rest as given or any. */
export interface TestStep {
  systemTileCode: string;
  name?: string;
  memberKeys?: string[];
  roles?: string[];
  approvalRule?: 'any' | 'all' | 'atLeast';
  commentRequired?: boolean;
}

/** An active workflow of the headers' organisation for a document type, its steps in order. */
export async function createWorkflow(
  t: TestApp,
  headers: Record<string, string>,
  documentTypeId: number,
  steps: TestStep[],
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cl/workflow',
    headers,
    payload: {
      code: unique('WF').slice(0, 20),
      name: 'Invoices',
      documentTypeId,
      isActive: true,
      steps: steps.map((step, i) => ({
        id: -(i + 1),
        position: i + 1,
        name: step.name ?? step.systemTileCode,
        memberKeys: step.memberKeys ?? [],
        roles: step.roles ?? [],
        approvalRule: step.approvalRule ?? 'any',
        minApprovers: 1,
        commentRequired: step.commentRequired ?? false,
        systemTileCode: step.systemTileCode,
      })),
    },
  });
  if (res.statusCode !== 201) throw new Error(`workflow: ${res.statusCode} ${res.body}`);
  return res.json<{ item: { key: string } }>().item.key;
}

/**
 * The document once its capture is no longer pending (the worker in the app runs it), or as
 * it is when `timeoutMs` has passed.
 */
export async function captureSettled(
  t: TestApp,
  key: string,
  headers: Record<string, string>,
  timeoutMs = 60_000,
): Promise<TableRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({ url: `/api/doc/${key}`, headers });
    if (res.statusCode !== 200) throw new Error(`reading ${key}: ${res.statusCode} ${res.body}`);
    const doc = res.json<TableRecord>();
    if (doc.captureState !== 'pending' || Date.now() > deadline) return doc;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
