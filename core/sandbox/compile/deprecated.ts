/**
 * Fields renamed with a transition window (decision 7 of issue 22): the old property stays in the
 * contract with `deprecated: true`, `x-replaced-by` naming the new property beside it, `x-sunset` the
 * last day the old name works, and a description that names the new field and that date. The sandbox
 * reads the old request name through `x-replaced-by`, so a deprecated property without it would
 * silently stop working; the versioning page's deprecations table (core/contract/deprecations.ts)
 * lists only properties with both, so one without `x-sunset` would silently drop off it.
 */
import {
  deprecatedProperties,
  partSchemas,
  transitionProblem,
  type DeprecatedProperty,
} from '../../contract/deprecations';
import type {JsonSchema} from '../../contract/schema';
import type {ScenarioContext} from './context';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with one deprecated property, or undefined. */
function deprecatedProblem({path, schema, siblings}: DeprecatedProperty): string | undefined {
  const current = schema['x-replaced-by'];
  if (typeof current !== 'string' || !(current in siblings))
    return `${path} is deprecated, but its x-replaced-by names no property beside it. Add x-replaced-by: <the new name> (a property of the same object).`;
  const sunset = schema['x-sunset'];
  if (typeof sunset !== 'string' || !ISO_DATE.test(sunset))
    return `${path} is deprecated, but has no x-sunset date. Add x-sunset: 'YYYY-MM-DD' (quoted), the last day the old name works, beside its x-replaced-by.`;
  const description = schema.description ?? '';
  if (!description.includes(`\`${current}\``) || !description.includes(sunset))
    return `${path} is deprecated, but its description does not name \`${current}\` and the sunset date ${sunset} (its x-sunset). Say what to use instead and until when the old name works.`;
  return undefined;
}

/** The problems of every deprecated property in `input`, at any depth, each prefixed with its path. */
export function deprecatedProblems(input: JsonSchema | undefined): string[] {
  const problems = deprecatedProperties(input).map(deprecatedProblem);
  return [...new Set(problems.filter((p): p is string => p !== undefined))];
}

/** Adds a problem, naming the family file and the operation or webhook, for each broken deprecated property. */
export function checkDeprecated(ctx: ScenarioContext): void {
  const located = [...[...ctx.ops.values()].map((o) => o.located), ...ctx.webhooks.values()];
  for (const l of located) {
    const family = l.op.tags?.[0] ?? 'common';
    for (const {what, schema} of partSchemas(l))
      for (const problem of deprecatedProblems(schema))
        ctx.problems.add(`openapi/families/${family}.yaml`, `${l.op.operationId} ${what}: ${problem}`);
    for (const t of l.op['x-transitions'] ?? []) {
      const problem = transitionProblem(t);
      if (problem) ctx.problems.add(`openapi/families/${family}.yaml`, `${l.op.operationId}: ${problem}`);
    }
  }
}
