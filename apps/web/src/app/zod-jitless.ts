import { z } from 'zod';

/**
 * The page's Content-Security-Policy refuses eval (script-src 'self', docs/security.md): zod
 * is told not to compile its object parsers with new Function, rather than try, be refused
 * and log a violation. Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
