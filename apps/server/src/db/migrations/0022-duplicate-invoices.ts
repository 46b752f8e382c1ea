import { sql, type Kysely } from 'kysely';

/**
 * Duplicate invoices (issue 7, modules/documents/duplicates.ts). An invoice number compared
 * across formats and typing: letters and digits only, upper case, and no leading zeros in a
 * run of digits ("R-0042/24", "r 42 24" and "R42-24" are one number). Indexed with the
 * supplier, as the check asks; payment data (IBAN and reference) has its own index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Separators become spaces first, so that the zeros after one are leading; then they go.
  await sql`
    create function listina_invoice_number_key(number text)
      returns text
      language sql immutable parallel safe
    as $$
      select replace(
        regexp_replace(
          regexp_replace(upper(coalesce(number, '')), '[^A-Z0-9]+', ' ', 'g'),
          '(^| |[A-Z])0+([0-9])', '\\1\\2', 'g'),
        ' ', '')
    $$;

    create index doc_invoice_number_key_idx
      on doc (organization_id, customer_key, listina_invoice_number_key(number));
    create index doc_payment_reference_idx
      on doc (organization_id, payment_iban, payment_reference)
      where payment_iban is not null;
  `.execute(db);
}
