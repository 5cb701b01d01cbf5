/**
 * `npm run release:record`: records what each release in openapi/releases/ holds, for the releases
 * not recorded yet (openapi/releases/record.yaml; the format is in its header). Run it once, right
 * after copying a published version there; the build then fails on any later edit to that file.
 */
import {RECORD_FILE, recordNewReleases} from '#node/contract/changelog';
import {SITE_DIR} from '#node/contract/paths';
import path from 'node:path';

async function main(): Promise<void> {
  const added = await recordNewReleases();
  const where = path.relative(SITE_DIR, RECORD_FILE);
  console.log(
    added.length
      ? `${where}: recorded ${added.join(', ')}. Commit it with the release file.`
      : `${where}: every release is recorded already (a recorded release is never recorded again).`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
