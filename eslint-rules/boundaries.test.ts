import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { areaBoundaries, featureBoundaries } from './boundaries.js';

const linter = new Linter({ configType: 'flat' });
const config = {
  files: ['**/*.ts', '**/*.tsx'],
  plugins: {
    preffy: { rules: { 'area-boundaries': areaBoundaries, 'feature-boundaries': featureBoundaries } },
  },
  rules: { 'preffy/area-boundaries': 'error', 'preffy/feature-boundaries': 'error' },
} as Linter.Config;

/** The boundary messages for one import written in `file`. */
const problems = (file: string, source: string) =>
  linter.verify(source, config, { filename: path.join(process.cwd(), file) }).map((m) => m.message);

describe('server area boundaries', () => {
  it('lets an area reach another only through its index.ts', () => {
    expect(
      problems('apps/server/src/modules/finish/finish.service.ts', "import { x } from '../posts/index.ts';"),
    ).toEqual([]);
    expect(
      problems(
        'apps/server/src/modules/finish/finish.service.ts',
        "import { x } from '../posts/review.repository.ts';",
      ),
    ).toEqual(["Area 'finish' reaches inside area 'posts'; import from modules/posts/index.ts."]);
    expect(
      problems(
        'apps/server/src/modules/finish/finish.service.ts',
        "export { x } from '../posts/post-flags.ts';",
      ),
    ).toHaveLength(1);
  });

  it('lets an area import its own files and the infrastructure', () => {
    const file = 'apps/server/src/modules/posts/review.service.ts';
    expect(problems(file, "import { x } from './review.repository.ts';")).toEqual([]);
    expect(problems(file, "import { x } from '../../lib/errors.ts';")).toEqual([]);
  });

  it('keeps the app and the areas list to the index files', () => {
    expect(
      problems('apps/server/src/app.ts', "import { x } from './modules/posts/posts.service.ts';"),
    ).toHaveLength(1);
    expect(problems('apps/server/src/modules/index.ts', "import { x } from './posts/index.ts';")).toEqual([]);
  });

  it('refuses any area in lib/, plugins/, config/ and db/', () => {
    for (const layer of ['lib', 'plugins', 'config', 'db'])
      for (const target of [
        '../modules/posts/index.ts',
        '../modules/index.ts',
        '../modules/auth/sessions.ts',
      ])
        expect(problems(`apps/server/src/${layer}/x.ts`, `import { x } from '${target}';`)).toEqual([
          'x.ts is infrastructure and imports the areas; let app.ts pass in what it needs.',
        ]);
    expect(problems('apps/server/src/plugins/x.ts', "import { x } from '../lib/errors.ts';")).toEqual([]);
  });
});

describe('web feature boundaries', () => {
  it('refuses one feature importing another', () => {
    const file = 'apps/web/src/features/posts/components/PostsPage.tsx';
    expect(problems(file, "import { x } from '../../leaderboard/api/x.ts';")).toHaveLength(1);
    expect(problems(file, "import { x } from '../api/x.ts';")).toEqual([]);
    expect(problems(file, "import { x } from '../../../lib/format.ts';")).toEqual([]);
  });
});
