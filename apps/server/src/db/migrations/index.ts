import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-foundation';
import * as m0002 from './0002-table-engine';
import * as m0003 from './0003-code-lists';
import * as m0004 from './0004-company-register';
import * as m0005 from './0005-organization-entity';
import * as m0006 from './0006-trigram-search';
import * as m0007 from './0007-slovenian-sort-keys';
import * as m0008 from './0008-partner-cost-center';
import * as m0009 from './0009-tenant-search-function';
import * as m0010 from './0010-one-default-bank-account';
import * as m0011 from './0011-organization-members';
import * as m0012 from './0012-register-tax-numbers';
import * as m0013 from './0013-documents';
import * as m0014 from './0014-document-file-links';
import * as m0015 from './0015-document-search-vector';
import * as m0016 from './0016-document-search-function';
import * as m0017 from './0017-saved-filters';
import * as m0018 from './0018-search-words-per-organization';
import * as m0019 from './0019-workflow';
import * as m0020 from './0020-jobs';
import * as m0021 from './0021-capture';
import * as m0022 from './0022-duplicate-invoices';
import * as m0023 from './0023-capture-learning';
import * as m0024 from './0024-ocr-file-text';
import * as m0025 from './0025-payments';
import * as m0026 from './0026-sign-in-security';
import * as m0027 from './0027-retention';
import * as m0028 from './0028-workflow-tasks-index';
import * as m0029 from './0029-document-amount-due';
import * as m0030 from './0030-pay-order-clearing-id';
import * as m0031 from './0031-deleted-file-rows';
import * as m0032 from './0032-deleted-cascade-rows';
import * as m0033 from './0033-capture-layout';
import * as m0034 from './0034-grid-preferences';
import * as m0035 from './0035-onboarding-and-invitations';
import * as m0036 from './0036-invitation-registration';
import * as m0037 from './0037-default-vat-rate';
import * as m0038 from './0038-mail-intake';
import * as m0039 from './0039-notification-delivery';
import * as m0040 from './0040-report-indexes';
import * as m0041 from './0041-report-summaries';
import * as m0042 from './0042-spend-by-cost-centre';
import * as m0043 from './0043-capture-by-supplier';

/** Forward-only migrations, in order. Never edit one after it has landed; add the next. */
const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-table-engine': m0002,
  '0003-code-lists': m0003,
  '0004-company-register': m0004,
  '0005-organization-entity': m0005,
  '0006-trigram-search': m0006,
  '0007-slovenian-sort-keys': m0007,
  '0008-partner-cost-center': m0008,
  '0009-tenant-search-function': m0009,
  '0010-one-default-bank-account': m0010,
  '0011-organization-members': m0011,
  '0012-register-tax-numbers': m0012,
  '0013-documents': m0013,
  '0014-document-file-links': m0014,
  '0015-document-search-vector': m0015,
  '0016-document-search-function': m0016,
  '0017-saved-filters': m0017,
  '0018-search-words-per-organization': m0018,
  '0019-workflow': m0019,
  '0020-jobs': m0020,
  '0021-capture': m0021,
  '0022-duplicate-invoices': m0022,
  '0023-capture-learning': m0023,
  '0024-ocr-file-text': m0024,
  '0025-payments': m0025,
  '0026-sign-in-security': m0026,
  '0027-retention': m0027,
  '0028-workflow-tasks-index': m0028,
  '0029-document-amount-due': m0029,
  '0030-pay-order-clearing-id': m0030,
  '0031-deleted-file-rows': m0031,
  '0032-deleted-cascade-rows': m0032,
  '0033-capture-layout': m0033,
  '0034-grid-preferences': m0034,
  '0035-onboarding-and-invitations': m0035,
  '0036-invitation-registration': m0036,
  '0037-default-vat-rate': m0037,
  '0038-mail-intake': m0038,
  '0039-notification-delivery': m0039,
  '0040-report-indexes': m0040,
  '0041-report-summaries': m0041,
  '0042-spend-by-cost-centre': m0042,
  '0043-capture-by-supplier': m0043,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
