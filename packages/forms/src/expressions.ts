/**
 * Safe evaluation of schema expressions (spec §3 condition, expr, storedExpr; spec §5 requiredIf)
 * such as `amount > 100 && paymentType == "SEPA_SI"`, with jexl: it parses the text into a tree
 * and walks it, never eval or new Function. jexl has no assignment and calls only functions
 * registered on its instance; this module registers none for schema authors, and additionally
 * refuses every route to prototypes (constructor, __proto__, prototype and the other
 * Object.prototype names), whether written as `a.constructor`, `a["constructor"]` or computed.
 */
import jexl from 'jexl';

type Jexl = InstanceType<typeof jexl.Jexl>;
type Compiled = ReturnType<Jexl['compile']>;
type Ast = ReturnType<Compiled['_getAst']>;

/** Longest expression text accepted; schema expressions are short, this bounds parser work. */
export const MAX_EXPRESSION_LENGTH = 2000;
const CACHE_LIMIT = 1000;
// The guard's name cannot clash with a model field: jexl identifiers cannot start with '@'.
const KEY_GUARD = 'safeKey@';

// Object.prototype's names include constructor and __proto__. Function.prototype's are not
// listed: 'name' and 'length' are ordinary field names, and no expression can call a function.
const BLOCKED_NAMES: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
]);

/** An expression that could not be compiled or evaluated; carries the expression text. */
export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';

  constructor(
    readonly expression: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    // jexl's own parse messages already end with the expression.
    const named = message.endsWith(`: ${expression}`);
    super(named ? message : `${message} in expression: ${expression}`, options);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function checkKey(key: unknown): unknown {
  if (typeof key === 'string' && BLOCKED_NAMES.has(key)) {
    throw new Error(`access to "${key}" is not allowed`);
  }
  return key;
}

const engine: Jexl = new jexl.Jexl();
engine.addFunction(KEY_GUARD, checkKey);

/**
 * Walks the tree: blocked names written literally are refused now; a computed member key
 * (`a[b]`, `a["con" + "structor"]`) is wrapped so checkKey sees its value at evaluation.
 */
function guard(node: Ast): void {
  switch (node.type) {
    case 'Identifier':
      checkKey(node.value);
      if (node.from) guard(node.from);
      return;
    case 'FilterExpression':
      guard(node.subject);
      guard(node.expr);
      if (node.relative) return;
      if (node.expr.type === 'Literal') return void checkKey(node.expr.value);
      node.expr = { type: 'FunctionCall', name: KEY_GUARD, pool: 'functions', args: [node.expr] };
      return;
    case 'ObjectLiteral':
      for (const [key, value] of Object.entries(node.value)) {
        checkKey(key);
        guard(value);
      }
      return;
    case 'ArrayLiteral':
      return node.value.forEach(guard);
    case 'FunctionCall':
      checkKey(node.name);
      return node.args.forEach(guard);
    case 'UnaryExpression':
      return guard(node.right);
    case 'BinaryExpression':
      guard(node.left);
      return guard(node.right);
    case 'ConditionalExpression':
      guard(node.test);
      guard(node.consequent);
      return guard(node.alternate);
    case 'Literal':
      return;
  }
}

const cache = new Map<string, Compiled>();

// The package is typed without DOM or Node libraries; both runtimes have console.
const { console } = globalThis as unknown as { console: { error: (...data: unknown[]) => void } };

function compile(expression: string): Compiled {
  if (expression.trim() === '') throw new Error('empty expression');
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new Error(`longer than ${MAX_EXPRESSION_LENGTH} characters`);
  }
  const compiled = engine.compile(expression);
  guard(compiled._getAst());
  return compiled;
}

/**
 * Compiles (and caches per expression text) without evaluating; throws ExpressionError for
 * text that does not parse or uses a blocked name. Use it to check schema definitions early.
 */
export function compileExpression(expression: string): void {
  getCompiled(expression);
}

function getCompiled(expression: string): Compiled {
  const cached = cache.get(expression);
  if (cached) return cached;
  let compiled: Compiled;
  try {
    compiled = compile(expression);
  } catch (error) {
    throw new ExpressionError(expression, errorText(error), { cause: error });
  }
  // Schemas hold a bounded set of expressions; the limit only stops unbounded growth.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(expression, compiled);
  return compiled;
}

/**
 * Evaluates an expression over a model (its fields are the expression's variables; a missing
 * one is undefined). spec §8: an evaluation error is logged and rethrown, as an
 * ExpressionError naming the expression. A result that is a function is refused as well.
 */
export function evaluateExpression(expression: string, model: object = {}): unknown {
  try {
    const result: unknown = getCompiled(expression).evalSync(model);
    if (typeof result === 'function') throw new Error('functions are not values');
    return result;
  } catch (error) {
    const failure =
      error instanceof ExpressionError
        ? error
        : new ExpressionError(expression, errorText(error), { cause: error });
    console.error('Expression evaluation failed:', expression, failure.message);
    throw failure;
  }
}

/**
 * A condition (schema condition, field visible/readonly, requiredIf): true when the expression's
 * result is truthy. An absent or empty condition holds.
 */
export function evaluateCondition(expression: string | undefined, model: object = {}): boolean {
  if (expression === undefined || expression.trim() === '') return true;
  return Boolean(evaluateExpression(expression, model));
}
