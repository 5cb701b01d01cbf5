/**
 * `npm run new:page -- <operationId>`: scaffold the docs page for an operation or
 * webhook that is already in the contract. The page lands at the route the API
 * path implies (docs/v1 + path), with front matter from the contract and the
 * reference block; you then write the prose and add the id to sidebars.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {bundleContract} from '#node/contract/load';
import {listOperations} from '#core/contract/view-model';
import {SITE_DIR} from '#node/contract/paths';
import {checkContent} from './check-content';
import {idComponents} from '#node/contract/components';
import {scaffoldPage} from './lib/scaffold';
import {PROJECT_ROUTES} from '../plugins/route-list';

async function main(): Promise<void> {
  const id = process.argv[2];
  if (!id) {
    console.error('usage: npm run new:page -- <operationId> [docs/v1/relative/path.mdx]');
    process.exit(2);
  }
  const doc = await bundleContract(true);
  const found = listOperations(doc).find((l) => l.op.operationId === id);
  if (!found) {
    console.error(
      `No operation or webhook "${id}" in openapi/. Add it to a file in openapi/families/ first (npm run lint:contract checks it).`,
    );
    process.exit(1);
  }
  const rel =
    process.argv[3] ??
    (found.kind === 'operation' ? `docs/v1${found.path}.mdx` : `docs/v1/service/${found.op.tags[0]}/webhooks.mdx`);
  const file = path.join(SITE_DIR, rel);
  // The component the registry gives this kind of contract entry (Endpoint, WebhookEvent).
  const component = idComponents().find(([, spec]) => spec.kind === found.kind)?.[0] ?? 'Endpoint';
  if (fs.existsSync(file)) {
    console.error(`${rel} already exists. Add <${component} op="${id}" /> to it, or pass another path.`);
    process.exit(1);
  }
  const body = scaffoldPage({
    id,
    kind: found.kind,
    summary: found.op.summary,
    description: found.op.description,
    ...(found.op.tags[0] ? {family: found.op.tags[0]} : {}),
    component,
  });
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, body);
  // The next steps are what the content check now says about the new page, word for word, and the
  // route to list (the page has no slug, so the docs plugin serves it at its path; the build checks it).
  const route = `/${rel.replace(/\.mdx$/, '').replace(/\/index$/, '/')}`;
  const steps = [
    ...(await checkContent())
      .filter((p) => p.message.startsWith(`${rel}`) || p.missing?.file === rel)
      .map((p) => p.message),
    `${PROJECT_ROUTES}: add the line ${route} under the family's heading (npm run build fails on a page no route list names).`,
  ];
  console.log(`Created ${rel}. Next, in this order (npm run check:content re-checks the first ones):`);
  steps.forEach((step, i) => console.log(`  ${i + 1}. ${step}`));
  console.log(`  ${steps.length + 1}. npm start, open ${route}, and check the reference block.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
