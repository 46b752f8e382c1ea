/**
 * ISO 20022 ExternalReturnReason1Code values a bank gives in a camt entry's RtrInf/Rsn/Cd
 * (a returned payment) or a pain.002 status reason. A rejected order keeps the bank's code in
 * bankMessage; these are the codes with words in the catalogue
 * (catalogue/<locale>/payments-return-reasons.json, `payOrder.returnReason.<code>`, each
 * "AC04 – Account closed"). Any other code or text the bank sends shows as it is.
 */
export const RETURN_REASON_CODES = [
  'AC01',
  'AC02',
  'AC03',
  'AC04',
  'AC06',
  'AC13',
  'AG01',
  'AG02',
  'AGNT',
  'AM01',
  'AM02',
  'AM03',
  'AM04',
  'AM05',
  'AM09',
  'BE01',
  'BE04',
  'BE05',
  'CNOR',
  'CURR',
  'CUST',
  'DNOR',
  'DUPL',
  'ED05',
  'ERIN',
  'FF01',
  'FOCR',
  'FRAD',
  'MD01',
  'MD02',
  'MD06',
  'MD07',
  'MS02',
  'MS03',
  'NARR',
  'RC01',
  'RR01',
  'RR02',
  'RR03',
  'RR04',
  'RUTA',
  'SL01',
  'TECH',
  'TM01',
  'UPAY',
] as const;

export type ReturnReasonCode = (typeof RETURN_REASON_CODES)[number];

/** The catalogue key of a return reason's words, or undefined for a code without words. */
export function returnReasonKey(code: string | null | undefined): string | undefined {
  return (RETURN_REASON_CODES as readonly string[]).includes(code ?? '')
    ? `payOrder.returnReason.${code ?? ''}`
    : undefined;
}
