import { expect, type APIRequestContext } from '@playwright/test';
import type { FreshOrganization } from './organization';

/** A one-page PDF with a line of text, its cross-reference offsets counted as it is written. */
export function onePagePdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
      '/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A 1 × 1 PNG, for an attachment. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A draft document of the organisation from a PDF and a PNG attachment (POST /api/uploadDoc). */
export async function uploadDocument(
  request: APIRequestContext,
  organization: Pick<FreshOrganization, 'apikey' | 'organizationId'>,
  number: string,
): Promise<string> {
  const response = await request.post('/api/uploadDoc', {
    headers: { authorization: organization.apikey, 'organization-id': organization.organizationId },
    multipart: {
      json: JSON.stringify({ number, currencyCode: 'EUR' }),
      main: { name: 'racun.pdf', mimeType: 'application/pdf', buffer: onePagePdf(number) },
      attachments: { name: 'dobavnica.png', mimeType: 'image/png', buffer: PIXEL_PNG },
    },
  });
  expect(response.status(), `uploading ${number}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { item: { key: string } }).item.key;
}
