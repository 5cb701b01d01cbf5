/**
 * The contract's own JSON Schema rules, added to every ajv this repository makes: the build's example
 * and fence checks (validate.ts), the scenario checks and the sandbox's generated validators
 * (sandbox.ts). One definition each, so the build and the sandbox judge a value the same way.
 *
 * - `multipleOf`, decimal: ajv divides (`2500.99 / 0.01` is 250098.99999999997) and so refused about
 *   16% of valid two-decimal amounts (issue 26). Here a value is a multiple of a decimal step when its
 *   shortest decimal form (what `String(n)` writes, the digits the client sent) has no more decimal
 *   places than the step, and its scaled integer divides by the step's.
 * - `aadhaar`: twelve digits, not starting with 0 or 1, whose last digit is the Verhoeff check digit
 *   (openapi/facts/common.yaml).
 * - `uri`: a URL the WHATWG URL parser (`new URL`) reads, written with URL code points only (printable
 *   ASCII without space, `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` and backquote).
 *
 * The formats are JavaScript source, not TypeScript functions: the generated validators must carry
 * them as text (a browser loads that module with no imports), and a compiled function's own text is
 * not stable (tsx keeps names by inserting `__name` calls). Node evaluates the same text for the
 * build-time checks, so there is one implementation.
 */
import vm from 'node:vm';
import type Ajv from 'ajv';
import type {KeywordCxt, KeywordDefinition} from 'ajv';
import {_, _Code, str} from 'ajv/dist/compile/codegen/code';

/** Digits after the point in the shortest decimal form of `n` (`1e-7` has 7, `1.5e+21` none). */
export const DECIMAL_PLACES_SOURCE =
  '((t) => Math.max(0, (t.split("e")[0].split(".")[1] || "").length - Number(t.split("e")[1] || 0)))';

const decimalPlaces = vm.runInThisContext(DECIMAL_PLACES_SOURCE) as (text: string) => number;

/**
 * The same rule as a function, for a value judged outside ajv (a `multipleOf` failure in Redocly
 * Respect's report, whose ajv divides: scripts/lib/respect-report.ts).
 */
export function isDecimalMultiple(value: number, step: number): boolean {
  const places = decimalPlaces(String(step));
  const scale = 10 ** places;
  const units = Math.round(step * scale);
  if (decimalPlaces(String(value)) > places) return false;
  return units === 1 || Math.round(value * scale) % units === 0;
}

/** `multipleOf` checked on decimal digits, not by floating-point division (see the header). */
export const DECIMAL_MULTIPLE_OF: KeywordDefinition = {
  keyword: 'multipleOf',
  type: 'number',
  schemaType: 'number',
  error: {
    message: ({schemaCode}) => str`must be multiple of ${schemaCode}`,
    params: ({schemaCode}) => _`{multipleOf: ${schemaCode}}`,
  },
  code(cxt: KeywordCxt) {
    const step = cxt.schema as number;
    const places = decimalPlaces(String(step));
    const scale = 10 ** places;
    const units = Math.round(step * scale);
    const tooManyPlaces = _`${new _Code(DECIMAL_PLACES_SOURCE)}(String(${cxt.data})) > ${places}`;
    // A step of one unit in its last place (0.01, 1) needs the places only; any other step (50, 0.05)
    // also divides the value scaled to whole units, exact once the places are known to fit.
    cxt.fail(units === 1 ? tooManyPlaces : _`${tooManyPlaces} || Math.round(${cxt.data} * ${scale}) % ${units} !== 0`);
  },
};

/** Verhoeff's tables (multiplication in the dihedral group D5 and the position permutation). */
const VERHOEFF_D =
  '[[0,1,2,3,4,5,6,7,8,9],[1,2,3,4,0,6,7,8,9,5],[2,3,4,0,1,7,8,9,5,6],[3,4,0,1,2,8,9,5,6,7],[4,0,1,2,3,9,5,6,7,8],[5,9,8,7,6,0,4,3,2,1],[6,5,9,8,7,1,0,4,3,2],[7,6,5,9,8,2,1,0,4,3],[8,7,6,5,9,3,2,1,0,4],[9,8,7,6,5,4,3,2,1,0]]';
const VERHOEFF_P =
  '[[0,1,2,3,4,5,6,7,8,9],[1,5,7,6,2,8,3,0,9,4],[5,8,0,3,7,9,6,1,4,2],[8,9,1,6,0,4,3,5,2,7],[9,4,5,3,1,2,6,8,7,0],[4,2,8,6,5,7,3,9,0,1],[2,7,9,3,8,0,6,4,1,5],[7,0,4,6,9,1,3,2,5,8]]';

/** The formats whose check is code, by name: each a JavaScript function of the string, as source. */
export const FUNCTION_FORMATS: Readonly<Record<string, string>> = {
  aadhaar: `((s) => {
    if (!/^[2-9][0-9]{11}$/.test(s)) return false;
    const d = ${VERHOEFF_D}, p = ${VERHOEFF_P};
    let c = 0;
    for (let i = 0; i < 12; i++) c = d[c][p[i % 8][Number(s[11 - i])]];
    return c === 0;
  })`,
  uri: `((s) => {
    if (!/^[!#-;=?-\\[\\]_a-z~]+$/.test(s)) return false;
    try {
      return new URL(s).href.length > 0;
    } catch {
      return false;
    }
  })`,
};

/** A format's check as a Node function, evaluated from the same source the validators carry. */
export function formatCheck(name: string): (value: string) => boolean {
  const source = FUNCTION_FORMATS[name];
  if (source === undefined) throw new Error(`No function format "${name}" in FUNCTION_FORMATS.`);
  return vm.runInThisContext(source) as (value: string) => boolean;
}

/**
 * The `code.formats` option of a standalone ajv: an object literal of the function formats, so the
 * generated module defines them inline (`const formats0 = ({...}).aadhaar`) and needs no `require()`.
 */
export function standaloneFormatsCode(): _Code {
  const entries = Object.entries(FUNCTION_FORMATS).map(
    ([name, source]) => `${JSON.stringify(name)}: {type: "string", validate: ${source}}`,
  );
  return new _Code(`({${entries.join(', ')}})`);
}

/** Adds the decimal `multipleOf` and the function formats to `ajv` (replacing its own `multipleOf`). */
export function addContractRules<A extends Ajv>(ajv: A): A {
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword(DECIMAL_MULTIPLE_OF);
  for (const name of Object.keys(FUNCTION_FORMATS)) ajv.addFormat(name, {type: 'string', validate: formatCheck(name)});
  return ajv;
}
