import { demoTaxNumber } from './tax-numbers';

/**
 * The suppliers whose invoices the demo documents are (issue 5): the six partners the demo
 * seed gives the demo user's organisations (same codes) and eight more, each with what its
 * invoices hold — what it sells, at which VAT rate, how it numbers its invoices, which account
 * and cost centre a bookkeeper would post them to. Names, addresses and accounts are invented;
 * VAT IDs and IBANs have valid check digits.
 */

/** A VAT rate as the organisations' VAT rate codes name it (seedOrganizationDefaults). */
export type VatCode = '22' | '9.5';

/**
 * How a supplier numbers its invoices: a year and a sequence (2026-000123), a prefix (R26-00457),
 * a sequence over the year (457/2026), a fiscal number of premises, device and sequence
 * (PE1-BL1-1234) or one long number (2600012345).
 */
export type NumberStyle = 'dash' | 'prefix' | 'slash' | 'fiscal' | 'long';

export interface DemoItem {
  text: string;
  unit: string;
  /** Unit price without VAT in ten-thousandths of a euro (1189 = 0,1189 €). */
  price: number;
  /** Decimal places the invoice prints the unit price with. */
  places: 2 | 4;
  vat: VatCode;
  quantity: readonly [min: number, max: number];
  /** How much the price moves from one invoice to the next (0.06 = up to ±6 %). */
  vary?: number;
}

export interface SupplierProfile {
  code: string;
  name: string;
  address: string;
  postCode: string;
  town: string;
  vatId: string;
  /** Bank identifier (digits 5–9 of the IBAN), its BIC and short name. */
  bank: { code: string; bic: string; name: string };
  accountNumber: string;
  costCenterCode: string;
  /** The expense account (Slovenian chart of accounts, class 4) its invoices are posted to. */
  ledgerAccount: string;
  purposeCode: string;
  numberStyle: NumberStyle;
  referenceModel: 'SI12' | 'SI00';
  paymentDays: number;
  /** Relative share of an organisation's documents. */
  weight: number;
  /** Goods come with a delivery note; services now and then with a signed confirmation. */
  isGoods: boolean;
  court: string;
  /** What the bookkeeper writes as the document's description; {month} is e.g. "marec 2026". */
  descriptions: readonly string[];
  items: readonly DemoItem[];
}

const NLB = { code: '02010', bic: 'LJBASI2X', name: 'NLB' };
const SKB = { code: '03100', bic: 'SKBASI2X', name: 'SKB' };
const NKBM = { code: '04515', bic: 'KBMASI2X', name: 'Nova KBM' };
const GORENJSKA = { code: '07000', bic: 'GORESI2X', name: 'Gorenjska banka' };
const INTESA = { code: '10100', bic: 'BAKOSI2X', name: 'Intesa Sanpaolo' };
const UNICREDIT = { code: '29000', bic: 'BACXSI22', name: 'UniCredit' };
const DELAVSKA = { code: '61000', bic: 'HDELSI22', name: 'Delavska hranilnica' };

const item = (
  text: string,
  unit: string,
  price: number,
  quantity: readonly [number, number],
  extra: Partial<DemoItem> = {},
): DemoItem => ({ text, unit, price, places: 2, vat: '22', quantity, ...extra });

const PROFILES: Omit<SupplierProfile, 'vatId'>[] = [
  {
    code: 'ELDO',
    name: 'Elektro Dolenjska d.o.o.',
    address: 'Ljubljanska cesta 7',
    postCode: '8000',
    town: 'Novo mesto',
    bank: NLB,
    accountNumber: '51234567',
    costCenterCode: '300',
    ledgerAccount: '4020',
    purposeCode: 'ELEC',
    numberStyle: 'long',
    referenceModel: 'SI12',
    paymentDays: 15,
    weight: 3,
    isGoods: false,
    court: 'Okrožno sodišče v Novem mestu',
    descriptions: [
      'Električna energija za {month} – poslovni prostori in skladišče',
      'Elektrika za {month}, merilno mesto Šmarje',
    ],
    items: [
      item('Električna energija – VT', 'kWh', 1189, [800, 2400], { places: 4 }),
      item('Električna energija – MT', 'kWh', 869, [400, 1500], { places: 4 }),
      item('Omrežnina za distribucijsko omrežje', 'mes', 438_000, [1, 1], { vary: 0.1 }),
      item('Prispevek za OVE in SPTE', 'mes', 99_200, [1, 1]),
    ],
  },
  {
    code: 'PISA',
    name: 'Pisarna Šentvid d.o.o.',
    address: 'Prušnikova ulica 2',
    postCode: '1210',
    town: 'Ljubljana',
    bank: SKB,
    accountNumber: '20456781',
    costCenterCode: '100',
    ledgerAccount: '4060',
    purposeCode: 'SUPP',
    numberStyle: 'prefix',
    referenceModel: 'SI00',
    paymentDays: 30,
    weight: 2,
    isGoods: true,
    court: 'Okrožno sodišče v Ljubljani',
    descriptions: [
      'Pisarniški material za računovodstvo',
      'Papir in tonerji za tiskalnike v sprejemni pisarni',
    ],
    items: [
      item('Papir A4 80 g, 500 listov', 'zav', 41_900, [10, 60]),
      item('Toner HP 59A, črn', 'kos', 899_000, [1, 4]),
      item('Registrator A4, širok, moder', 'kos', 23_500, [5, 20]),
      item('Kemični svinčnik, moder', 'kos', 8_900, [10, 50]),
      item('Samolepilni lističi 76 × 76 mm', 'kos', 12_500, [6, 24]),
    ],
  },
  {
    code: 'ČIST',
    name: 'Čistilni servis Žalec d.o.o.',
    address: 'Šlandrova ulica 4',
    postCode: '3310',
    town: 'Žalec',
    bank: DELAVSKA,
    accountNumber: '30817264',
    costCenterCode: '300',
    ledgerAccount: '4120',
    purposeCode: 'SUPP',
    numberStyle: 'fiscal',
    referenceModel: 'SI12',
    paymentDays: 15,
    weight: 3,
    isGoods: false,
    court: 'Okrožno sodišče v Celju',
    descriptions: [
      'Čiščenje poslovnih prostorov za {month}',
      'Čiščenje prostorov in oken – {month}',
    ],
    items: [
      item('Čiščenje poslovnih prostorov', 'm²', 14_500, [180, 650]),
      item('Čiščenje oken in steklenih površin', 'ura', 185_000, [4, 12]),
      item('Higienski material (brisače, milo)', 'kpl', 428_000, [1, 3]),
      item('Strojno čiščenje tal v skladišču', 'ura', 240_000, [2, 6]),
    ],
  },
  {
    code: 'KURI',
    name: 'Kurirska služba Drava d.o.o.',
    address: 'Tržaška cesta 23',
    postCode: '2000',
    town: 'Maribor',
    bank: NKBM,
    accountNumber: '12987650',
    costCenterCode: '200',
    ledgerAccount: '4110',
    purposeCode: 'SUPP',
    numberStyle: 'slash',
    referenceModel: 'SI12',
    paymentDays: 8,
    weight: 2,
    isGoods: false,
    court: 'Okrožno sodišče v Mariboru',
    descriptions: ['Kurirske storitve za {month} – dostave strankam', 'Dostave paketov za {month}'],
    items: [
      item('Dostava paketa do 5 kg – Slovenija', 'kos', 39_000, [20, 140]),
      item('Ekspresna dostava isti dan', 'kos', 145_000, [1, 10]),
      item('Prevzem pošiljk na naslovu', 'kos', 20_000, [4, 20]),
      item('Doplačilo za gorivo', 'mes', 120_000, [1, 1], { vary: 0.3 }),
    ],
  },
  {
    code: 'TELE',
    name: 'Telekomunikacije Koper d.d.',
    address: 'Ferrarska ulica 12',
    postCode: '6000',
    town: 'Koper',
    bank: INTESA,
    accountNumber: '33441920',
    costCenterCode: '100',
    ledgerAccount: '4193',
    purposeCode: 'PHON',
    numberStyle: 'dash',
    referenceModel: 'SI12',
    paymentDays: 15,
    weight: 3,
    isGoods: false,
    court: 'Okrožno sodišče v Kopru',
    descriptions: ['Mobilna telefonija in internet za {month}', 'Telefonija za {month}'],
    items: [
      item('Mobilna naročnina Poslovni XL', 'kos', 249_900, [3, 12]),
      item('Optični internet 1 Gb/s', 'mes', 499_000, [1, 1]),
      item('Stacionarna telefonija – pogovori', 'mes', 214_000, [1, 1], { vary: 0.5 }),
      item('Najem usmerjevalnika', 'mes', 35_000, [1, 1]),
    ],
  },
  {
    code: 'ZAVA',
    name: 'Zavarovalnica Triglav Demo d.d.',
    address: 'Miklošičeva cesta 19',
    postCode: '1000',
    town: 'Ljubljana',
    bank: NLB,
    accountNumber: '87650123',
    costCenterCode: '100',
    ledgerAccount: '4150',
    purposeCode: 'INSU',
    numberStyle: 'long',
    referenceModel: 'SI12',
    paymentDays: 30,
    weight: 1,
    isGoods: false,
    court: 'Okrožno sodišče v Ljubljani',
    descriptions: [
      'Cenitev škode po toči na službenem vozilu',
      'Pregled požarne varnosti poslovnih prostorov',
    ],
    items: [
      item('Cenitev škode na službenem vozilu', 'kos', 850_000, [1, 1]),
      item('Pregled požarne varnosti prostorov', 'kos', 1_400_000, [1, 1]),
      item('Svetovanje pri zavarovanju premoženja', 'ura', 650_000, [1, 3]),
    ],
  },
  {
    code: 'PEKA',
    name: 'Pekarna Grosuplje d.o.o.',
    address: 'Adamičeva cesta 12',
    postCode: '1290',
    town: 'Grosuplje',
    bank: NLB,
    accountNumber: '45678012',
    costCenterCode: '100',
    ledgerAccount: '4180',
    purposeCode: 'SUPP',
    numberStyle: 'fiscal',
    referenceModel: 'SI00',
    paymentDays: 8,
    weight: 2,
    isGoods: true,
    court: 'Okrožno sodišče v Ljubljani',
    descriptions: [
      'Pecivo in sendviči za sestanek s partnerji',
      'Pogostitev za četrtletni sestanek zaposlenih',
    ],
    items: [
      item('Polnozrnati kruh, 500 g', 'kos', 21_000, [5, 20], { vat: '9.5' }),
      item('Mešano pecivo za sestanke', 'kos', 9_500, [20, 80], { vat: '9.5' }),
      item('Sendvič s pršutom in sirom', 'kos', 34_000, [8, 30], { vat: '9.5' }),
      item('Orehova potica, 1 kg', 'kos', 185_000, [1, 3], { vat: '9.5' }),
    ],
  },
  {
    code: 'KOMS',
    name: 'Komunala Savinja d.o.o.',
    address: 'Ulica XIV. divizije 21',
    postCode: '3000',
    town: 'Celje',
    bank: DELAVSKA,
    accountNumber: '10203040',
    costCenterCode: '300',
    ledgerAccount: '4021',
    purposeCode: 'WTER',
    numberStyle: 'long',
    referenceModel: 'SI12',
    paymentDays: 15,
    weight: 2,
    isGoods: false,
    court: 'Okrožno sodišče v Celju',
    descriptions: ['Voda in odvajanje odpadnih voda za {month}', 'Komunalne storitve za {month}'],
    items: [
      item('Oskrba s pitno vodo', 'm³', 8_123, [12, 60], { places: 4, vat: '9.5' }),
      item('Omrežnina za vodovod DN 20', 'mes', 69_300, [1, 1], { vat: '9.5' }),
      item('Odvajanje komunalne odpadne vode', 'm³', 5_412, [12, 60], { places: 4, vat: '9.5' }),
      item('Čiščenje komunalne odpadne vode', 'm³', 7_450, [12, 60], { places: 4, vat: '9.5' }),
    ],
  },
  {
    code: 'GORI',
    name: 'Naftni servis Kranj d.o.o.',
    address: 'Savska cesta 34',
    postCode: '4000',
    town: 'Kranj',
    bank: GORENJSKA,
    accountNumber: '56473829',
    costCenterCode: '200',
    ledgerAccount: '4031',
    purposeCode: 'SUPP',
    numberStyle: 'prefix',
    referenceModel: 'SI12',
    paymentDays: 15,
    weight: 2,
    isGoods: true,
    court: 'Okrožno sodišče v Kranju',
    descriptions: ['Gorivo za službena vozila – {month}', 'Gorivo in pranje vozil za {month}'],
    items: [
      item('Dizelsko gorivo', 'l', 14_790, [40, 320], { places: 4, vary: 0.06 }),
      item('Bencin 95', 'l', 15_210, [20, 120], { places: 4, vary: 0.06 }),
      item('Pranje vozila – program Premium', 'kos', 129_000, [1, 4]),
      item('AdBlue', 'l', 8_900, [10, 20]),
    ],
  },
  {
    code: 'RAČU',
    name: 'Računalniški center Šiška d.o.o.',
    address: 'Celovška cesta 150',
    postCode: '1000',
    town: 'Ljubljana',
    bank: UNICREDIT,
    accountNumber: '71625341',
    costCenterCode: '100',
    ledgerAccount: '4120',
    purposeCode: 'SUPP',
    numberStyle: 'dash',
    referenceModel: 'SI12',
    paymentDays: 30,
    weight: 1,
    isGoods: true,
    court: 'Okrožno sodišče v Ljubljani',
    descriptions: [
      'Računalniška oprema za novo sodelavko v prodaji',
      'Vzdrževanje strežnika in licence za {month}',
    ],
    items: [
      item('Prenosni računalnik ThinkPad E14', 'kos', 8_490_000, [1, 2]),
      item('Vzdrževanje strežnika in varnostnih kopij', 'ura', 450_000, [2, 8]),
      item('Licenca Microsoft 365 Business', 'kos', 117_000, [5, 15]),
      item('Monitor 27", USB-C', 'kos', 2_790_000, [1, 3]),
    ],
  },
  {
    code: 'HOTE',
    name: 'Hotel Zlatorog Bohinj d.o.o.',
    address: 'Ukanc 65',
    postCode: '4265',
    town: 'Bohinjsko jezero',
    bank: GORENJSKA,
    accountNumber: '90817263',
    costCenterCode: '200',
    ledgerAccount: '4140',
    purposeCode: 'SUPP',
    numberStyle: 'fiscal',
    referenceModel: 'SI00',
    paymentDays: 8,
    weight: 1,
    isGoods: false,
    court: 'Okrožno sodišče v Kranju',
    descriptions: [
      'Nočitve in seminar za strokovno izobraževanje zaposlenih',
      'Službena pot – srečanje s partnerji v Bohinju',
    ],
    items: [
      item('Nočitev z zajtrkom, enoposteljna soba', 'noč', 780_000, [2, 12], { vat: '9.5' }),
      item('Najem seminarske dvorane', 'dan', 1_800_000, [1, 2]),
      item('Kosilo – poslovni meni', 'kos', 165_000, [6, 24], { vat: '9.5' }),
      item('Kava in pijače med odmori', 'kpl', 640_000, [1, 2]),
    ],
  },
  {
    code: 'TISK',
    name: 'Tiskarna Žiri d.o.o.',
    address: 'Industrijska ulica 6',
    postCode: '4226',
    town: 'Žiri',
    bank: SKB,
    accountNumber: '61524378',
    costCenterCode: '200',
    ledgerAccount: '4180',
    purposeCode: 'SUPP',
    numberStyle: 'slash',
    referenceModel: 'SI00',
    paymentDays: 30,
    weight: 1,
    isGoods: true,
    court: 'Okrožno sodišče v Kranju',
    descriptions: ['Tisk vizitk in letakov za sejem v Celju', 'Tiskovine za prodajno akcijo'],
    items: [
      item('Vizitke 4/4, 350 g, 100 kos', 'pak', 240_000, [2, 10]),
      item('Letaki A5, obojestransko, 1000 kos', 'pak', 960_000, [1, 3]),
      item('Katalog A4, 16 strani', 'kos', 18_500, [100, 400]),
      item('Oblikovanje in priprava za tisk', 'ura', 380_000, [1, 4]),
    ],
  },
  {
    code: 'AVTO',
    name: 'Avtoservis Šoštanj d.o.o.',
    address: 'Koroška cesta 21',
    postCode: '3325',
    town: 'Šoštanj',
    bank: NKBM,
    accountNumber: '44556677',
    costCenterCode: '200',
    ledgerAccount: '4120',
    purposeCode: 'SUPP',
    numberStyle: 'fiscal',
    referenceModel: 'SI12',
    paymentDays: 15,
    weight: 1,
    isGoods: false,
    court: 'Okrožno sodišče v Celju',
    descriptions: ['Servis službenega vozila LJ ŽŠ-482', 'Menjava pnevmatik na službenem vozilu'],
    items: [
      item('Redni servis vozila', 'kos', 1_890_000, [1, 1]),
      item('Motorno olje 5W-30', 'l', 149_000, [4, 6]),
      item('Menjava in centriranje pnevmatik', 'kpl', 480_000, [1, 1]),
      item('Zavorne ploščice, sprednje', 'kpl', 925_000, [1, 1]),
    ],
  },
  {
    code: 'ODVE',
    name: 'Odvetniška družba Kovač in Žagar o.p., d.o.o.',
    address: 'Slovenska cesta 27',
    postCode: '1000',
    town: 'Ljubljana',
    bank: INTESA,
    accountNumber: '19283746',
    costCenterCode: '100',
    ledgerAccount: '4170',
    purposeCode: 'SUPP',
    numberStyle: 'dash',
    referenceModel: 'SI12',
    paymentDays: 8,
    weight: 1,
    isGoods: false,
    court: 'Okrožno sodišče v Ljubljani',
    descriptions: [
      'Pravno svetovanje pri pogodbi o najemu skladišča',
      'Zastopanje v sporu z dobaviteljem – {month}',
    ],
    items: [
      item('Pravno svetovanje', 'ura', 1_200_000, [1, 8]),
      item('Priprava pogodbe o najemu prostorov', 'kos', 4_500_000, [1, 1]),
      item('Zastopanje na naroku', 'ura', 1_500_000, [1, 4]),
    ],
  },
];

/** The demo seed's partners took demoTaxNumber(40…45); the others continue from 60. */
export const SUPPLIER_PROFILES: readonly SupplierProfile[] = PROFILES.map((p, i) => ({
  ...p,
  vatId: `SI${demoTaxNumber(i < 6 ? 40 + i : 54 + i)}`,
}));

/** Cost centres an organisation gets when it has none to post to. */
export const DEFAULT_COST_CENTERS = [
  { code: '100', name: 'Uprava', isActive: true },
  { code: '200', name: 'Prodaja', isActive: true },
  { code: '300', name: 'Logistika in skladišče', isActive: true },
];
