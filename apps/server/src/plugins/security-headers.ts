import type { FastifyInstance } from 'fastify';

/**
 * The page's Content-Security-Policy. Scripts only from our own files: the built index.html
 * loads its modules by src and holds no inline script (apps/web/index.html), and pdf.js runs
 * its worker from /assets.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  // Emotion (MUI) writes its CSS into <style> elements at run time and components set style
  // attributes (sx, highlights); both are inline styles. A nonce would need index.html drawn
  // per request and handed to emotion's cache; styles cannot run code, scripts stay strict.
  "style-src 'self' 'unsafe-inline'",
  // The preview shows images by their signed /api/file link; data: is the favicon, blob: a
  // file the page made itself (a download it saves).
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  // No page of ours is framed: the preview draws PDFs with pdf.js and images with <img>.
  "frame-ancestors 'none'",
].join('; ');

/** Powerful browser features the product never uses, turned off for every page. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'display-capture=()',
].join(', ');

/** A year; sent only when PUBLIC_URL is https (a browser ignores it over http anyway). */
const HSTS = 'max-age=31536000';

/** The security headers of every answer, whatever route (or none) answers. */
export function securityHeaders(publicUrl: string): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Signed file links carry their token in the path: never sent to another site.
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    // Other sites cannot embed our answers (no-cors <img>, <script>); CORS reads are separate.
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(publicUrl.startsWith('https://') ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * Sets the headers on the raw answer as soon as a request arrives, so that they also go out
 * with answers written past Fastify (the hijacked notification stream) and with errors and
 * 404s. A route's own value wins: Node merges these under the headers the answer is written
 * with, so the file links keep their stricter "default-src 'none'; sandbox".
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const headers = Object.entries(securityHeaders(publicUrl));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
