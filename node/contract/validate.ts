/**
 * JSON Schema validation at build time (ajv, draft 2020-12 as OpenAPI 3.1 uses, with formats).
 * Not shipped to the browser. Strict mode is off because contract schemas carry OpenAPI's own
 * keywords (`example`, `x-...`) beside JSON Schema's.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type {ValidateFunction} from 'ajv';
import type {JsonSchema} from '#core/contract/schema';
import type {Validate} from '#core/contract/fences';
import {addContractRules} from './ajv-rules';

export function makeValidator(): Validate {
  const ajv = new Ajv2020({strict: false, allErrors: true});
  addFormats(ajv);
  // After ajv-formats: the contract's `uri` (WHATWG URL parser) and `aadhaar` replace or join its formats.
  addContractRules(ajv);
  const compiled = new Map<string, ValidateFunction>();
  return (schema: JsonSchema, data: unknown): string[] => {
    const key = JSON.stringify(schema);
    let fn = compiled.get(key);
    if (!fn) {
      fn = ajv.compile(schema);
      compiled.set(key, fn);
    }
    if (fn(data)) return [];
    return (fn.errors ?? []).map((e) => {
      const extra = e.keyword === 'additionalProperties' ? ` \`${String(e.params.additionalProperty)}\`` : '';
      return `${e.instancePath || '(the whole body)'} ${e.message ?? 'is invalid'}${extra}`;
    });
  };
}
