/**
 * scripts/lib/build-generated-dir.mjs: `npm run build` writes its generated files apart from the dev
 * server's, so a build run beside `npm start` no longer breaks it ("JSON parse error", no file).
 */
import {GENERATED_FILES_DIR_NAME} from '@docusaurus/utils';
import {describe, expect, it} from 'vitest';
import {BUILD_GENERATED_DIR, buildEnvironment} from '../../scripts/lib/build-generated-dir.mjs';

describe('buildEnvironment', () => {
  it("gives the build a generated-files folder other than the one npm start writes (Docusaurus' default)", () => {
    expect(GENERATED_FILES_DIR_NAME).toBe('.docusaurus');
    expect(buildEnvironment({PATH: '/bin'})).toEqual({
      PATH: '/bin',
      DOCUSAURUS_GENERATED_FILES_DIR_NAME: BUILD_GENERATED_DIR,
    });
    expect(BUILD_GENERATED_DIR).not.toBe(GENERATED_FILES_DIR_NAME);
  });

  it('keeps a folder the caller chose', () => {
    expect(buildEnvironment({DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.other'}).DOCUSAURUS_GENERATED_FILES_DIR_NAME).toBe(
      '.other',
    );
  });
});
