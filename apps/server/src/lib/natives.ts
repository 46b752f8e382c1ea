/**
 * Built-ins as Node made them, captured when this module is first evaluated: before pdf.js
 * (lib/pdfjs.ts imports this module first). The pdf.js legacy build carries core-js
 * polyfills that replace some of them process-wide on Node 20, with JavaScript versions up to
 * ten times slower (JSON.stringify of a 300-row page: 0.11 → 1.0 ms; bench/README.md).
 */
const NATIVES = {
  jsonStringify: JSON.stringify,
  jsonParse: JSON.parse,
  arrayPush: Object.getOwnPropertyDescriptor(Array.prototype, 'push')?.value as unknown,
  functionToString: Object.getOwnPropertyDescriptor(Function.prototype, 'toString')
    ?.value as unknown,
};

/** Puts back the built-ins a polyfill replaced; the ones it only added are left. */
export function restoreNatives(): void {
  JSON.stringify = NATIVES.jsonStringify;
  JSON.parse = NATIVES.jsonParse;
  Object.defineProperty(Array.prototype, 'push', { value: NATIVES.arrayPush });
  Object.defineProperty(Function.prototype, 'toString', { value: NATIVES.functionToString });
}
