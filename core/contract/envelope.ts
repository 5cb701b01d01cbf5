/**
 * The envelope rule, checked on the contract's YAML text so each problem has its line: wherever an
 * example (of a response, a webhook payload or a component) carries both a boolean `status` and a
 * numeric `response_code`, `status` is true exactly when `response_code` is 1.
 */
import {isMap, isScalar, visit} from 'yaml';
import {parseYamlDocument} from '../util/yaml';

export function envelopeProblems(text: string, file: string): string[] {
  const {doc, lines: lineCounter} = parseYamlDocument(file, text);
  const problems: string[] = [];
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return;
      const status = map.get('status', true);
      const code = map.get('response_code', true);
      if (!isScalar(status) || !isScalar(code)) return;
      if (typeof status.value !== 'boolean' || typeof code.value !== 'number') return;
      if (status.value === (code.value === 1)) return;
      const line = lineCounter.linePos(status.range?.[0] ?? 0).line;
      problems.push(
        `${file}:${line}: this example says status ${String(status.value)} with response_code ${code.value}. status is true exactly when response_code is 1: set status: ${String(code.value === 1)}.`,
      );
    },
  });
  return problems;
}

/**
 * The envelope rule on parsed JSON (an example written in prose): the first object, depth first,
 * whose boolean `status` disagrees with its numeric `response_code`, described with the fix.
 */
export function envelopeMismatch(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = envelopeMismatch(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const {status, response_code: code} = value as {status?: unknown; response_code?: unknown};
  if (typeof status === 'boolean' && typeof code === 'number' && status !== (code === 1))
    return `this JSON says status ${String(status)} with response_code ${code}. status is true exactly when response_code is 1: set status: ${String(code === 1)}.`;
  for (const child of Object.values(value)) {
    const found = envelopeMismatch(child);
    if (found) return found;
  }
  return undefined;
}

/** `stateid:districtid` pairs of every map in `text` that carries both, with their lines. */
export function addressPairs(text: string, file: string): {state: number; district: number; line: number}[] {
  const {doc, lines: lineCounter} = parseYamlDocument(file, text);
  const out: {state: number; district: number; line: number}[] = [];
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return;
      const state = map.get('stateid', true);
      const district = map.get('districtid', true);
      if (!isScalar(state) || !isScalar(district)) return;
      if (typeof state.value !== 'number' || typeof district.value !== 'number') return;
      out.push({
        state: state.value,
        district: district.value,
        line: lineCounter.linePos(district.range?.[0] ?? 0).line,
      });
    },
  });
  return out;
}

/**
 * Examples that put a district in a state other than the one the district list gives it: the
 * district list's own examples (`known`) are the reference every other example must agree with.
 */
export function addressProblems(
  text: string,
  file: string,
  known: ReadonlyMap<number, number>,
  reference: string,
): string[] {
  return addressPairs(text, file)
    .filter(({state, district}) => known.has(district) && known.get(district) !== state)
    .map(
      ({state, district, line}) =>
        `${file}:${line}: this example puts districtid ${district} in stateid ${state}, but the district list (${reference}) has it in stateid ${known.get(district)}. Use a district of that state, or add it to the district list example.`,
    )
    .concat(
      addressPairs(text, file)
        .filter(({district}) => !known.has(district))
        .map(
          ({district, line}) =>
            `${file}:${line}: districtid ${district} is not in the district list example (${reference}); add it there with its state, so every example uses ids a reader can look up.`,
        ),
    );
}
