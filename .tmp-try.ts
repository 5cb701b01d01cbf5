import {bundleContract, loadResponseCodes, locate} from './plugins/api-contract/load';
import {compileSandbox, readScenarioFiles} from './plugins/api-contract/sandbox';
import {loadBehaviour} from './plugins/api-contract/behaviour';
async function main() {
const deref = await bundleContract(true);
const sandbox = compileSandbox(deref, loadResponseCodes());
const {behaviour, problems} = loadBehaviour({deref, sandbox, scenarioTexts: new Map(readScenarioFiles().families.map((f) => [f.file, f.text])), locate, dir: '/tmp/bcore-try/behaviour', factsDir: '/tmp/bcore-try/facts'});
for (const p of problems) console.log(p);
console.log(problems.length, 'problems;', behaviour.families.length, 'families;', Object.keys(behaviour.facts).length, 'facts');
if (process.argv[2]) for (const [k, v] of Object.entries(behaviour.facts)) if (k.startsWith(process.argv[2])) console.log(k, '=>', v);
}
void main();
