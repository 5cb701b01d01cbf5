/**
 * The repository's route list holds the agreed floor. project-routes.txt is complete on its own (the
 * build and the e2e tests read nothing else); ../shared/routes.txt, the floor agreed with the site's
 * owners, sits beside the repository in CI and on the team's machines but not in every clone, so this
 * check runs only where it exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {floorProblems} from '../../plugins/route-list/lib/check';

const root = path.resolve(__dirname, '../..');
const floorFile = path.resolve(root, '..', 'shared', 'routes.txt');

describe.runIf(fs.existsSync(floorFile))('project-routes.txt against ../shared/routes.txt', () => {
  it('lists every route of the floor and an author page for each author template', () => {
    const read = (file: string, name: string) => ({file: name, text: fs.readFileSync(file, 'utf8')});
    expect(
      floorProblems(
        read(floorFile, '../shared/routes.txt'),
        read(path.join(root, 'project-routes.txt'), 'project-routes.txt'),
      ),
    ).toEqual([]);
  });
});
