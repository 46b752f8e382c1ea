/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name (č, š, ž survive). */
export function attachment(filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The same for a file shown in the browser (a preview), saved under the same name. */
export const inline = (filename: string) => attachment(filename).replace(/^attachment/, 'inline');
