import { numberer, paymentReference } from './demo-numbers';
import { randomFrom, type Random } from './demo-random';
import type { SupplierProfile, VatCode } from './demo-suppliers';

/**
 * What the demo documents of one organisation say (issue 5), decided before anything is drawn
 * or stored: a pure function of a seed, so an organisation always gets the same documents,
 * and the PDF and the document's fields cannot disagree. Amounts are whole cents.
 */

export const DOC_TYPE_CODES = ['INV', 'CN', 'ADV', 'OTH'] as const;
export type DocTypeCode = (typeof DOC_TYPE_CODES)[number];
export type DemoStatus = 'draft' | 'active' | 'archived' | 'rejected';

/** A supplier as the organisation has it: its partner row, bank account and profile. */
export interface PlanSupplier {
  profile: SupplierProfile;
  key: string;
  name: string;
  address: string;
  postCode: string;
  town: string;
  vatId: string;
  iban: string | null;
  bic: string | null;
  bankName: string;
  costCenterCode: string;
}

export interface PlanInput {
  seed: string;
  count: number;
  /** yyyy-mm-dd: documents fall in the twelve months before it. */
  today: string;
  suppliers: readonly PlanSupplier[];
  /** Codes of the organisation's active cost centres. */
  costCenters: readonly string[];
}

export interface PlannedLine {
  text: string;
  unit: string;
  quantity: number;
  /** Unit price in ten-thousandths of a euro, and the places it is printed with. */
  price: number;
  places: 2 | 4;
  vat: VatCode;
  amount: number;
}

export interface VatGroup {
  vat: VatCode;
  net: number;
  tax: number;
}

export interface PlannedCostLine {
  costCenterCode: string;
  account: string;
  amount: number;
  vatRateCode: VatCode;
  description: string;
}

export interface PlannedDocument {
  supplier: PlanSupplier;
  type: DocTypeCode;
  number: string;
  issueDate: string;
  dueDate: string | null;
  receivedDate: string;
  /** When the document was captured: the morning it was received. */
  createdAt: Date;
  lines: PlannedLine[];
  vatGroups: VatGroup[];
  net: number;
  tax: number;
  total: number;
  iban: string | null;
  bic: string | null;
  referenceModel: 'SI12' | 'SI00' | null;
  reference: string | null;
  purposeCode: string | null;
  description: string | null;
  /** The invoice a credit note corrects. */
  corrects: string | null;
  status: DemoStatus;
  costLines: PlannedCostLine[];
  attachment: 'delivery-note' | 'signature' | null;
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const MONTHS = [
  'januar',
  'februar',
  'marec',
  'april',
  'maj',
  'junij',
  'julij',
  'avgust',
  'september',
  'oktober',
  'november',
  'december',
];

/** The month before the issue date, which monthly invoices bill: "oktober 2026". */
function billedMonth(issueDate: string): string {
  const month = Number(issueDate.slice(5, 7));
  const year = Number(issueDate.slice(0, 4));
  return month === 1 ? `december ${year - 1}` : `${MONTHS[month - 2] ?? ''} ${year}`;
}

const VAT_PER_MILLE: Record<VatCode, number> = { '22': 220, '9.5': 95 };

function linesOf(random: Random, profile: SupplierProfile, type: DocTypeCode): PlannedLine[] {
  const pool = [...profile.items];
  const count = type === 'CN' ? 1 : random.int(1, Math.min(4, pool.length));
  const lines: PlannedLine[] = [];
  for (let i = 0; i < count; i++) {
    const [chosen] = pool.splice(random.int(0, pool.length - 1), 1);
    if (!chosen) break;
    const [min, max] = chosen.quantity;
    const quantity =
      type === 'CN' ? random.int(1, Math.max(1, Math.round(min / 2))) : random.int(min, max);
    const moved = chosen.price * (1 + (random.next() * 2 - 1) * (chosen.vary ?? 0));
    const price = chosen.places === 2 ? Math.round(moved / 100) * 100 : Math.round(moved);
    lines.push({
      text: type === 'CN' ? `Vračilo – ${chosen.text}` : chosen.text,
      unit: chosen.unit,
      quantity,
      price,
      places: chosen.places,
      vat: chosen.vat,
      amount: Math.round((quantity * price) / 100),
    });
  }
  return lines;
}

/** Net and VAT per rate, VAT rounded once per rate as invoices print it. */
export function vatGroupsOf(lines: readonly PlannedLine[]): VatGroup[] {
  const groups: VatGroup[] = [];
  for (const line of lines) {
    let group = groups.find((g) => g.vat === line.vat);
    if (!group) groups.push((group = { vat: line.vat, net: 0, tax: 0 }));
    group.net += line.amount;
  }
  for (const group of groups) group.tax = Math.round((group.net * VAT_PER_MILLE[group.vat]) / 1000);
  return groups;
}

function costLinesOf(
  random: Random,
  doc: Pick<PlannedDocument, 'supplier' | 'vatGroups' | 'lines'>,
  costCenters: readonly string[],
): PlannedCostLine[] {
  const { profile } = doc.supplier;
  const own = costCenters.includes(doc.supplier.costCenterCode)
    ? doc.supplier.costCenterCode
    : (costCenters[0] ?? '');
  const lines = doc.vatGroups.map((group) => ({
    costCenterCode: own,
    account: profile.ledgerAccount,
    amount: group.net + group.tax,
    vatRateCode: group.vat,
    description: doc.lines.find((l) => l.vat === group.vat)?.text ?? '',
  }));
  const others = costCenters.filter((c) => c !== own);
  const [only] = lines;
  if (lines.length === 1 && only && others.length > 0 && random.chance(0.35)) {
    // Shared with another cost centre: 60 % here, the rest there.
    const share = Math.round(only.amount * 0.6);
    const other = random.pick(others);
    return [
      { ...only, amount: share },
      { ...only, costCenterCode: other, amount: only.amount - share, description: 'Delež stroška' },
    ];
  }
  return lines;
}

function pickSupplier(random: Random, suppliers: readonly PlanSupplier[]) {
  const total = suppliers.reduce((s, x) => s + x.profile.weight, 0);
  let at = random.next() * total;
  for (const supplier of suppliers) {
    at -= supplier.profile.weight;
    if (at < 0) return supplier;
  }
  return random.pick(suppliers);
}

function pickType(random: Random): DocTypeCode {
  const r = random.next();
  return r < 0.84 ? 'INV' : r < 0.9 ? 'CN' : r < 0.95 ? 'ADV' : 'OTH';
}

/** Counts of each status for n documents: ~15 % drafts, 40 % active, 40 % archived, 5 % rejected. */
export function statusCounts(n: number): Record<DemoStatus, number> {
  const draft = Math.round(n * 0.15);
  const rejected = n >= 8 ? Math.max(1, Math.round(n * 0.05)) : 0;
  const active = Math.round(n * 0.4);
  return { draft, rejected, active, archived: n - draft - rejected - active };
}

/**
 * The newest documents are still drafts and the oldest archived, as in an office that works
 * through its post; a few scattered ones were rejected.
 */
function assignStatuses(random: Random, docs: PlannedDocument[]) {
  const counts = statusCounts(docs.length);
  const byAge = [...docs].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const drafts = byAge.slice(0, counts.draft);
  const rest = byAge.slice(counts.draft);
  for (const doc of drafts) doc.status = 'draft';
  for (let i = 0; i < counts.rejected; i++) {
    const [rejected] = rest.splice(random.int(0, rest.length - 1), 1);
    if (rejected) rejected.status = 'rejected';
  }
  rest.forEach((doc, i) => (doc.status = i < counts.active ? 'active' : 'archived'));
}

const DESCRIBE: Record<DocTypeCode, (about: string, corrects: string | null) => string> = {
  INV: (about) => about,
  CN: (_about, corrects) =>
    corrects ? `Dobropis k računu ${corrects} – vračilo blaga` : 'Dobropis – vračilo blaga',
  ADV: (about) => `Avans: ${about}`,
  OTH: (about) => `Predračun: ${about}`,
};

/** Received a few days after issue (not after today), captured that morning. */
function arrival(random: Random, issueDate: string, today: string) {
  const arrived = addDays(issueDate, random.int(0, 5));
  const receivedDate = arrived < today ? arrived : today;
  const createdAt = new Date(`${receivedDate}T07:00:00Z`);
  createdAt.setUTCMinutes(random.int(0, 9 * 60));
  return { receivedDate, createdAt };
}

/**
 * Plans one supplier's document issued on a day, in the order of issue: numbers grow, and a
 * credit note names the supplier's last invoice.
 */
function documentPlanner(random: Random, today: string, customerNumbers: Map<string, number>) {
  const nextNumber = numberer(random);
  const lastInvoice = new Map<string, string>();
  return (supplier: PlanSupplier, issueDate: string): PlannedDocument => {
    const { profile } = supplier;
    const type = pickType(random);
    const { seq, number } = nextNumber(profile, issueDate);
    const lines = linesOf(random, profile, type);
    const vatGroups = vatGroupsOf(lines);
    const net = vatGroups.reduce((s, g) => s + g.net, 0);
    const tax = vatGroups.reduce((s, g) => s + g.tax, 0);
    const { receivedDate, createdAt } = arrival(random, issueDate, today);
    // A credit note is not paid: no due date, account or reference.
    const paid = type !== 'CN';
    const customerNo = customerNumbers.get(supplier.key) ?? 1000;
    const ref = paid ? paymentReference(profile.referenceModel, customerNo, number, seq) : null;
    const corrects = type === 'CN' ? (lastInvoice.get(profile.code) ?? null) : null;
    if (type === 'INV') lastInvoice.set(profile.code, number);
    const about = random.pick(profile.descriptions).replace('{month}', billedMonth(issueDate));
    return {
      supplier,
      type,
      number,
      issueDate,
      receivedDate,
      createdAt,
      lines,
      vatGroups,
      net,
      tax,
      dueDate: paid ? addDays(issueDate, profile.paymentDays) : null,
      total: net + tax,
      iban: paid ? supplier.iban : null,
      bic: paid ? supplier.bic : null,
      referenceModel: ref?.model ?? null,
      reference: ref?.reference ?? null,
      purposeCode: paid ? profile.purposeCode : null,
      description: DESCRIBE[type](about, corrects),
      corrects,
      status: 'draft',
      costLines: [],
      attachment: random.chance(0.2) ? (profile.isGoods ? 'delivery-note' : 'signature') : null,
    };
  };
}

export function planDocuments(input: PlanInput): PlannedDocument[] {
  const random = randomFrom(input.seed);
  if (input.suppliers.length === 0) return [];
  const customerNumbers = new Map(input.suppliers.map((s) => [s.key, random.int(1000, 9999)]));
  const slots = Array.from({ length: input.count }, () => ({
    supplier: pickSupplier(random, input.suppliers),
    issueDate: addDays(input.today, -random.int(1, 364)),
  })).sort((a, b) => a.issueDate.localeCompare(b.issueDate));
  const plan = documentPlanner(random, input.today, customerNumbers);
  const docs = slots.map(({ supplier, issueDate }) => plan(supplier, issueDate));
  assignStatuses(random, docs);
  for (const doc of docs) {
    // Drafts are still being captured: no allocation yet, now and then no description.
    if (doc.status === 'draft') {
      if (random.chance(0.3)) doc.description = null;
    } else if (random.chance(0.88)) {
      doc.costLines = costLinesOf(random, doc, input.costCenters);
    }
  }
  return docs;
}
