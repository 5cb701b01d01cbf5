/**
 * `npm run behaviour:facts`: the ids a writer can give `<Fact id="..." />`, from the behaviour model
 * (openapi/behaviour/) and the domain facts (openapi/facts/), as the short Markdown list that
 * CONTRIBUTING.md carries. `--all` prints every id with the words it renders instead.
 */
import {bundleContract, loadResponseCodes, locate} from '#node/contract/load';
import {compileSandbox, readScenarioFiles} from '#node/contract/sandbox';
import {loadBehaviour} from '#node/contract/behaviour';
import {factIdList} from '#core/behaviour/facts';

async function main(): Promise<void> {
  const deref = await bundleContract(true);
  const responseCodes = loadResponseCodes();
  const {behaviour} = loadBehaviour({
    deref,
    responseCodes,
    sandbox: compileSandbox(deref, responseCodes),
    scenarioTexts: new Map(readScenarioFiles().families.map((f) => [f.file, f.text])),
    locate,
  });
  if (process.argv.includes('--all')) {
    for (const [id, text] of Object.entries(behaviour.facts)) console.log(`${id}\n  ${text}`);
    return;
  }
  console.log(factIdList(behaviour.families, behaviour.facts));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
