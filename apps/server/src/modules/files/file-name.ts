/**
 * File names as users send them, made safe to store, to show and to hand back in a
 * Content-Disposition header: one path segment, no characters Windows, macOS or Linux refuse,
 * no control or bidirectional-override characters (which can show "exe.pdf" for "fdp.exe").
 */

export const MAX_NAME_BYTES = 180;
// Longer "extensions" are part of the name ("Račun 2024.final version").
const MAX_EXTENSION_CHARS = 16;

const WHITESPACE = /\s+/gu;
// Control and format characters that only hide or reorder text, lone surrogates, and the
// characters Windows forbids in names ("Naming Files, Paths, and Namespaces").
const UNSAFE = /[\p{Cc}\p{Bidi_Control}\u200b\ufeff\ud800-\udfff<>:"/\\|?*]/gu;
const TRAILING_DOTS_AND_SPACES = /[. ]+$/u;
// Windows device names, reserved whatever the extension; COM¹ and LPT¹ count too.
const RESERVED = /^(?:CON|PRN|AUX|NUL|COM[1-9¹²³]|LPT[1-9¹²³]|CONIN\$|CONOUT\$)$/iu;

/** A name safe to keep, or undefined when nothing usable remains of it. */
export function sanitizeFileName(name: string): string | undefined {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const cleaned = base
    .normalize('NFC')
    .replace(WHITESPACE, ' ')
    .replace(UNSAFE, '')
    .replace(WHITESPACE, ' ')
    .trim()
    // Windows drops them when it writes the file, which would make "a." and "a" one name.
    .replace(TRAILING_DOTS_AND_SPACES, '');
  if (/^\.*$/u.test(cleaned)) return undefined;
  const stem = cleaned.split('.')[0]?.trimEnd() ?? '';
  const safe = RESERVED.test(stem) ? `_${cleaned}` : cleaned;
  return capBytes(safe);
}

/** The name cut to MAX_NAME_BYTES of UTF-8 between characters, its extension kept. */
function capBytes(name: string): string | undefined {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot - 1 <= MAX_EXTENSION_CHARS ? name.slice(dot) : '';
  let budget = MAX_NAME_BYTES - Buffer.byteLength(extension);
  let stem = '';
  for (const char of name.slice(0, name.length - extension.length)) {
    budget -= Buffer.byteLength(char);
    if (budget < 0) break;
    stem += char;
  }
  stem = stem.replace(TRAILING_DOTS_AND_SPACES, '');
  return stem === '' ? undefined : stem + extension;
}

/**
 * The extension of a name in lower case, or '' when it has none: "scan" and ".profile"
 * have none, and neither has "Račun 12.3", as an extension has a letter.
 */
export function extensionOf(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return '';
  const extension = base.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,16}$/.test(extension) && /[a-z]/.test(extension) ? extension : '';
}
