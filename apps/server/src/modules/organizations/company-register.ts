import { isValidSlovenianVatId } from '@listina/forms';

/**
 * Company data by VAT ID for a new organisation's onboarding (issue 24, ADR 0019). A connector
 * answers one of three things: the company (valid, with what the register tells), invalid (the
 * register does not know the number), or unavailable (it could not be asked: switched off,
 * down, slow, or an answer we cannot read). Only the first two are cached.
 */
export interface RegisteredCompanyData {
  name: string;
  address: string;
  postCode: string;
  town: string;
  countryCode: string;
}

export type CompanyLookup =
  | { status: 'found'; company: RegisteredCompanyData }
  | { status: 'invalid' }
  | { status: 'unavailable' };

export interface CompanyRegisterConnector {
  lookUp(countryCode: string, vatNumber: string): Promise<CompanyLookup>;
}

/** VIES answers within seconds or not at all: the user types the data by hand meanwhile. */
export const REGISTER_TIMEOUT_MS = 5000;
const ANSWER_LIMIT_BYTES = 64 * 1024;

/** VIES writes '---' for a field a member state does not share. */
const shared = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && value.trim() !== '---' ? value.trim() : '';

/**
 * A VIES address is free text of one to three lines ("DUNAJSKA CESTA 101\n1000 LJUBLJANA", or
 * one line with a comma before the post code): the last part that starts with a post code
 * gives post code and town, what comes before it is the street.
 */
export function splitAddress(text: string): { address: string; postCode: string; town: string } {
  const parts = text
    .split(/\n|,(?=\s*(?:[A-Z]{1,2}-)?\d{3,6}\s)/)
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  const last = parts.at(-1) ?? '';
  const match = /^(?:[A-Z]{1,2}-)?(\d{3,6}(?: \d{2})?) (.+)$/.exec(last);
  if (parts.length > 1 && match?.[1] && match[2]) {
    return { address: parts.slice(0, -1).join(', '), postCode: match[1], town: match[2] };
  }
  return { address: parts.join(', '), postCode: '', town: '' };
}

/** A VIES answer, read defensively: anything unexpected is "unavailable", never a guess. */
export function readViesAnswer(body: unknown, countryCode: string): CompanyLookup {
  if (typeof body !== 'object' || body === null) return { status: 'unavailable' };
  const answer = body as Record<string, unknown>;
  // check-vat-number answers `valid`; its GET sibling answers `isValid`.
  const valid = answer.valid ?? answer.isValid;
  if (typeof valid !== 'boolean') return { status: 'unavailable' };
  // userError other than VALID/INVALID is a member state or VIES being unavailable.
  const userError = typeof answer.userError === 'string' ? answer.userError : undefined;
  if (userError !== undefined && !['VALID', 'INVALID'].includes(userError)) {
    return { status: 'unavailable' };
  }
  if (!valid) return { status: 'invalid' };
  const place = splitAddress(shared(answer.address));
  return {
    status: 'found',
    company: { name: shared(answer.name), ...place, countryCode },
  };
}

/** The EU's VIES REST API (POST {base}/check-vat-number), bounded in time and size. */
export function viesConnector(
  baseUrl: string,
  timeoutMs = REGISTER_TIMEOUT_MS,
): CompanyRegisterConnector {
  return {
    async lookUp(countryCode, vatNumber) {
      try {
        const response = await fetch(`${baseUrl}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode, vatNumber }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        if (!response.ok) return { status: 'unavailable' };
        const text = await response.text();
        if (text.length > ANSWER_LIMIT_BYTES) return { status: 'unavailable' };
        return readViesAnswer(JSON.parse(text), countryCode);
      } catch {
        // Timeout, refused connection, or a body that is not JSON: the register is not there.
        return { status: 'unavailable' };
      }
    },
  };
}

/** A VAT ID as its country code and number: "si 1234 5678" → SI, 12345678 (EL for Greece). */
export function splitVatId(vatId: string): { countryCode: string; vatNumber: string } | undefined {
  const compact = vatId.replace(/[\s.-]/g, '').toUpperCase();
  const match = /^([A-Z]{2})([0-9A-Z+*]{2,12})$/.exec(compact);
  if (match?.[1] && match[2]) return { countryCode: match[1], vatNumber: match[2] };
  // Eight digits alone are a Slovenian tax number.
  if (/^\d{8}$/.test(compact)) return { countryCode: 'SI', vatNumber: compact };
  return undefined;
}

/** Whether a VAT ID is worth asking about: a Slovenian one must pass its mod 11 check digit. */
export const passesCheckDigit = (countryCode: string, vatNumber: string) =>
  countryCode !== 'SI' || isValidSlovenianVatId(vatNumber);

const CACHE_TTL_MS = 24 * 3_600_000;
const CACHE_SIZE = 1000;

/**
 * Found and invalid answers are kept a day (a company's name or address rarely changes within
 * one, and VIES limits how often it is asked); unavailable ones are not, so the next try asks
 * again. The oldest entry goes first when the cache is full.
 */
export function cachedConnector(
  inner: CompanyRegisterConnector,
  now: () => number = Date.now,
): CompanyRegisterConnector & { size(): number } {
  const cache = new Map<string, { at: number; answer: CompanyLookup }>();
  return {
    size: () => cache.size,
    async lookUp(countryCode, vatNumber) {
      const key = `${countryCode}${vatNumber}`;
      const hit = cache.get(key);
      if (hit && now() - hit.at < CACHE_TTL_MS) return hit.answer;
      cache.delete(key);
      const answer = await inner.lookUp(countryCode, vatNumber);
      if (answer.status !== 'unavailable') {
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
        cache.set(key, { at: now(), answer });
      }
      return answer;
    },
  };
}
