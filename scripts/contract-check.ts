/**
 * `npm run lint:contract`: lint the contract with redocly.yaml, bundle it, cross-check it
 * (x-related, x-response-codes, request schemas, oneOf titles, ...), and list operations that no
 * docs page shows or that two pages show. Exit 1 on any problem.
 *
 * The lint and the load go through the contract cache (node/contract/cache.ts): after a build
 * or a test run of the same files, this prints its findings in a second or two.
 *
 * `--lint-only`: the lint alone, silent when clean: the dev server runs this beside its reload
 * after each contract edit (plugins/api-contract/index.ts), so the page updates without waiting,
 * and after its first compile with `--keep-clean` (the result kept in the contract cache).
 * It reads no page: the dev server's load reports an id the contract lacks.
 */
import {
  assertContractYamlParses,
  contractIds,
  lintContract,
  scanPages,
  unknownIds,
  withPages,
} from '#node/contract/load';
import {cachedContractSource, cachedLint} from '#node/contract/cache';
import {listOperations} from '#core/contract/view-model';

async function main(): Promise<void> {
  // A file that does not parse is the only message: everything else read from it would be noise.
  // The dev server's lint beside a reload (`--lint-only`) leaves it to the reload, which says it once.
  try {
    assertContractYamlParses();
  } catch (e) {
    if (process.argv.includes('--lint-only')) process.exit(1);
    throw e;
  }
  // The dev server's lint leaves the pages to the dev server's load, which names an unknown id
  // itself (once, not once here and once there). Its lint after an edit neither reads nor fills
  // the cache (each edit would make an entry and push out the ones a build or a test run keeps);
  // its lint at start (`--keep-clean`, the files as the start compiled them into the cache) keeps
  // a clean result, so the next start skips it (cache.ts keeps nothing for files changed meanwhile).
  const lintOnly = process.argv.includes('--lint-only');
  // First what a page names that the contract lacks: the orphan and x-related messages it causes
  // would otherwise come first and point the writer at the wrong file.
  const uses = lintOnly ? [] : scanPages();
  const unknown = unknownIds(uses, contractIds());
  for (const u of unknown) console.error(u);
  const problems = lintOnly && !process.argv.includes('--keep-clean') ? await lintContract() : await cachedLint();
  for (const p of problems) console.error(p);
  if (lintOnly) {
    if (problems.length) {
      console.error(
        `${problems.length} lint problem(s) in the API contract (rules in redocly.yaml); the build stops on them.`,
      );
      process.exit(1);
    }
    return;
  }
  if (unknown.length || problems.length) {
    console.error(`\n${unknown.length} unknown id(s) on pages, ${problems.length} lint problem(s).`);
    process.exit(1);
  }
  // The pages as scanned above, their ids checked: the lint ran already, so the load skips it.
  const loaded = withPages(await cachedContractSource({lint: 'skip'}), uses);
  for (const d of loaded.duplicates) console.error(`duplicate: ${d}`);
  for (const o of loaded.orphans)
    console.error(
      `orphan: ${o} is not shown by any docs page (add <Endpoint op="${o}" /> or <WebhookEvent op="${o}" />)`,
    );
  const located = listOperations(loaded.deref);
  const ops = located.filter((l) => l.kind === 'operation').length;
  const hooks = located.filter((l) => l.kind === 'webhook').length;
  console.log(`contract: ${ops} operations, ${hooks} webhooks, lint clean`);
  const scenarios = loaded.sandbox.families.flatMap((f) => f.operations.flatMap((o) => o.scenarios)).length;
  console.log(
    `sandbox scenarios (openapi/scenarios/): ${scenarios} scenarios, every listed code of every operation reachable`,
  );
  if (loaded.duplicates.length || loaded.orphans.length) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
