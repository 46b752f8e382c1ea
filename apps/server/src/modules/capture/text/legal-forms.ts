/**
 * Legal forms that end a company's name, as invoices print them and as OCR reads them (0 for
 * o): "d.o.o.", "d.0.0.", "GmbH & Co. KG", "Ltd", "S.à r.l.", "sp. z o.o.". A name is found by
 * its legal form both in a page's layout (layout-party.ts) and in flat text (supplier-name.ts).
 */

/** Forms matched in any case ("b.v.", "GmbH", "D.O.O."). */
export const LEGAL_FORM_ANY_CASE =
  'd\\.\\s?[o0]\\.\\s?[o0]\\.?|d\\.\\s?d\\.|s\\.\\s?p\\.|d\\.\\s?n\\.\\s?[o0]\\.|k\\.\\s?d\\.|' +
  'j\\.\\s?d\\.\\s?[o0]\\.\\s?[o0]\\.|obrt|' +
  'GmbH(?:\\s?&\\s?Co\\.?\\s?KG)?|mbH|e\\.\\s?K\\.|Ltd\\.?|Limited|LLC|LLP|plc|Inc\\.|Corp\\.|' +
  'S\\.\\s?r\\.\\s?l\\.|S\\.\\s?p\\.\\s?A\\.|S\\.\\s?A\\.S\\.?|S\\.\\s?[àa]\\.?\\s?r\\.\\s?l\\.?|SARL|S\\.\\s?A\\.|' +
  'B\\.\\s?V\\.|N\\.\\s?V\\.|BVBA|s\\.\\s?r\\.\\s?o\\.|a\\.\\s?s\\.|Kft\\.|Zrt\\.|' +
  'sp\\.\\s?z\\s?[o0]\\.\\s?[o0]\\.|ApS|Pvt\\.?\\s?Ltd\\.?|Private Limited';

/** Short ones, only in their own capitals: "AG", "SA", "BV" (not "ag" or "as" in a sentence). */
export const LEGAL_FORM_CAPITALS = 'AG|KG|OHG|UG|Inc|Corp|SpA|Srl|SAS|SA|BV|NV|Oy|AB|A/S|AS';
