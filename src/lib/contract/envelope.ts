/**
 * The envelope rule, checked on the contract's YAML text so each problem has its line: wherever an
 * example (of a response, a webhook payload or a component) carries both a boolean `status` and a
 * numeric `response_code`, `status` is true exactly when `response_code` is 1.
 */
import {isMap, isScalar, LineCounter, parseDocument, visit} from 'yaml';

export function envelopeProblems(text: string, file: string): string[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {lineCounter});
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
