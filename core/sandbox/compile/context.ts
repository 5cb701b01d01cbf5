/** What every phase of the scenarios compile reads: the contract's operations, webhooks and codes. */
import {listOperations, type Located, type OpenApiDocument} from '../../contract/openapi';
import type {ResponseCodeView} from '../../contract/types';
import {opInfo, type OpInfo, type SchemaCheck} from './contract';
import type {Problems} from './problems';

export interface ScenarioContext {
  readonly check: SchemaCheck;
  readonly problems: Problems;
  readonly codeNames: ReadonlyMap<number, ResponseCodeView>;
  /** Codes any operation may answer (`common: true` in the catalogue). */
  readonly commonCodes: readonly number[];
  readonly ops: ReadonlyMap<string, OpInfo>;
  readonly webhooks: ReadonlyMap<string, Located>;
  /** Families of the contract's operations, in the contract's order. */
  readonly familyNames: readonly string[];
}

export function createContext(
  doc: OpenApiDocument,
  responseCodes: readonly ResponseCodeView[],
  check: SchemaCheck,
  problems: Problems,
): ScenarioContext {
  const located = listOperations(doc);
  const ops = new Map(located.filter((l) => l.kind === 'operation').map((l) => [l.op.operationId, opInfo(l)]));
  return {
    check,
    problems,
    codeNames: new Map(responseCodes.map((c) => [c.code, c])),
    commonCodes: responseCodes.filter((c) => c.common).map((c) => c.code),
    ops,
    webhooks: new Map(located.filter((l) => l.kind === 'webhook').map((l) => [l.op.operationId, l])),
    familyNames: [...new Set([...ops.values()].map((o) => o.family))],
  };
}

/** `NOT_FOUND` for 7: a code's catalogue name, for messages and rows. */
export const nameOf = (ctx: Pick<ScenarioContext, 'codeNames'>, code: number): string =>
  ctx.codeNames.get(code)?.name ?? `code ${code}`;
