/**
 * The repository's route list holds the agreed floor (tests/helpers/route-floor.ts). The logic on
 * made-up lists runs everywhere; the check of the real files runs only where ../shared/routes.txt
 * sits beside the repository (CI and the team's machines), since a plain clone has none.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {RouteList} from '../../plugins/route-list/lib/check';
import {authorTemplates, floorProblems} from '../helpers/route-floor';

const root = path.resolve(__dirname, '../..');
const floorFile = path.resolve(root, '..', 'shared', 'routes.txt');

const TEMPLATES =
  '# plus two author pages: one at /blog/authors/{key}, the other at the custom permalink /blog/authors/all-{key}-articles';
const floor = (text: string): RouteList => ({file: '../shared/routes.txt', text});
const project = (text: string): RouteList => ({file: 'project-routes.txt', text});
const PROJECT = '/\n/docs/v1/service/gibl\n/blog/authors/asha\n/blog/authors/all-vikram-articles\n';

describe('floorProblems', () => {
  it('reads the author-page templates from the comment', () => {
    expect(authorTemplates(floor(`/\n${TEMPLATES}\n`)).map((t) => `${t.line} ${t.route}`)).toEqual([
      '2 /blog/authors/{key}',
      '2 /blog/authors/all-{key}-articles',
    ]);
  });

  it('accepts a list that holds every floor route and fills in both author templates', () => {
    expect(floorProblems(floor(`/\n/docs/v1/service/gibl/\n${TEMPLATES}\n`), project(PROJECT))).toEqual([]);
  });

  it('names each floor route the list leaves out, and an author template no listed route fills in', () => {
    expect(floorProblems(floor(`/\n${TEMPLATES}\n/docs/v1/service/pan\n`), project('/\n'))).toEqual([
      'project-routes.txt: ../shared/routes.txt:3 lists /docs/v1/service/pan; add the line /docs/v1/service/pan.',
      'project-routes.txt: ../shared/routes.txt:2 expects an author page at /blog/authors/{key}; list the author page that blog/authors.yml gives (/blog/authors/{key} with {key} filled in).',
      'project-routes.txt: ../shared/routes.txt:2 expects an author page at /blog/authors/all-{key}-articles; list the author page that blog/authors.yml gives (/blog/authors/all-{key}-articles with {key} filled in).',
    ]);
  });
});

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
