/**
 * Fields renamed with a transition window (decision 7 of issue 22): the old property stays in the
 * contract with `deprecated: true`, `x-replaced-by` naming the new property beside it, and a
 * description that names the new field and the sunset date. The sandbox reads the old request name
 * through `x-replaced-by`, so a deprecated property without it would silently stop working.
 */
import {mergeAllOf, type JsonSchema} from '../../contract/schema';
import type {ScenarioContext} from './context';

const SUNSET_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

/** What is wrong with one deprecated property `name` among `props`, or undefined. */
function deprecatedProblem(name: string, child: JsonSchema, props: Readonly<Record<string, JsonSchema>>) {
  const current = child['x-replaced-by'];
  if (typeof current !== 'string' || !(current in props))
    return `${name} is deprecated, but its x-replaced-by names no property beside it. Add x-replaced-by: <the new name> (a property of the same object).`;
  const description = child.description ?? '';
  if (!description.includes(`\`${current}\``) || !SUNSET_DATE.test(description))
    return `${name} is deprecated, but its description does not name \`${current}\` and the sunset date (YYYY-MM-DD). Say what to use instead and until when the old name works.`;
  return undefined;
}

/** The problems of every deprecated property in `input`, at any depth, each prefixed with its path. */
export function deprecatedProblems(input: JsonSchema | undefined, path = '', depth = 0): string[] {
  if (!input || depth > 12) return [];
  const schema = mergeAllOf(input);
  const props = schema.properties ?? {};
  const own = Object.entries(props).flatMap(([name, child]) => {
    const at = path ? `${path}.${name}` : name;
    const problem = child.deprecated === true ? deprecatedProblem(at, child, props) : undefined;
    return [...(problem ? [problem] : []), ...deprecatedProblems(child, at, depth + 1)];
  });
  const nested = [schema.items, ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].flatMap((s) =>
    deprecatedProblems(s, path, depth + 1),
  );
  return [...new Set([...own, ...nested])];
}

const jsonSchemaOf = (content: Record<string, {schema?: JsonSchema}> | undefined): JsonSchema | undefined =>
  Object.entries(content ?? {}).find(([type]) => type.includes('json'))?.[1].schema;

/** Adds a problem, naming the family file and the operation or webhook, for each broken deprecated property. */
export function checkDeprecated(ctx: ScenarioContext): void {
  const located = [...[...ctx.ops.values()].map((o) => o.located), ...ctx.webhooks.values()];
  for (const l of located) {
    const family = l.op.tags?.[0] ?? 'common';
    const schemas: [string, JsonSchema | undefined][] = [
      ['request', jsonSchemaOf(l.op.requestBody?.content)],
      ...Object.entries(l.op.responses ?? {}).map(
        ([status, res]) => [`${status} response`, jsonSchemaOf(res.content)] as [string, JsonSchema | undefined],
      ),
    ];
    for (const [what, schema] of schemas)
      for (const problem of deprecatedProblems(schema))
        ctx.problems.add(`openapi/families/${family}.yaml`, `${l.op.operationId} ${what}: ${problem}`);
  }
}
