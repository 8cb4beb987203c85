/**
 * Components a JSX file only renders are not followed into the scan's project (jsx-tag-imports.ts):
 * which imports count as tag-only, which files the project then holds, and that a module reached
 * for a value by any file still resolves the tool map it holds.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { discover } from '../src/scan/files/discover.ts';
import { jsxTagOnlyImports } from '../src/scan/files/jsx-tag-imports.ts';
import { createProject } from '../src/scan/files/project.ts';
import { TsConfigs } from '../src/scan/files/tsconfigs.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { ts } from '../src/ts-morph.ts';
import { tempProject } from './helpers/temp-project.ts';

const parse = (text: string, file = 'page.tsx') =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

describe('jsxTagOnlyImports', () => {
  test('only imports whose every binding is used as a whole tag name', () => {
    const only = jsxTagOnlyImports(
      parse(`
        import Card, { Button as B } from './card';
        import { Panel } from './panel';
        import { Label } from './label';
        import { icon } from './icon';
        import type { Props } from './types';
        import * as Menu from './menu';
        import './styles';
        import { Row } from './row';
        import { Cell } from './cell';
        import { Lazy } from './lazy';
        import { Attr } from './attr';
        import { Short } from './short';
        export { Extra } from './row';
        const later = () => import('./lazy');
        export const Page = (p: Props) => (
          <Card>
            <B /><Panel>{icon}</Panel><Label.Text /><Menu.Item />
            <Cell render={Attr} /><Lazy /><Short />
          </Card>
        );
        const meta = { Short };
      `),
    );
    // B and Cell are used as tags only (Attr is the value); each of the rest has another use or
    // mention: a value, a namespace, a member tag, a type, a re-export, import(), a shorthand.
    assert.deepEqual([...only].sort(), ['./card', './cell', './panel']);
  });

  test('a file without JSX follows every import', () => {
    assert.equal(
      jsxTagOnlyImports(parse(`import { Panel } from './panel'; export const x = 1;`, 'a.ts')).size,
      0,
    );
  });

  test('a name imported twice counts every declaration of the specifier', () => {
    const only = jsxTagOnlyImports(
      parse(`
        import { Panel } from './panel';
        import { helper } from './panel';
        export const P = () => <Panel>{helper()}</Panel>;
      `),
    );
    assert.equal(only.size, 0);
  });
});

const APP = {
  'package.json': JSON.stringify({ dependencies: { '@mastra/core': '1.0.0' } }),
  'tsconfig.json': JSON.stringify({ compilerOptions: { jsx: 'preserve', strict: true } }),
  'src/mastra/agent.ts': `
import { Agent } from '@mastra/core/agent';
import { registry } from '../../components/shared';
export const helper = new Agent({
  id: 'helper',
  name: 'helper',
  instructions: 'Help.',
  model: 'openai/gpt-4o',
  tools: registry,
});
`,
  'src/mastra/tool.ts': `
import { createTool } from '@mastra/core/tools';
export const searchTool = createTool({ id: 'search', description: 'Search.' });
`,
  // Candidates (they mention tools), rendering components.
  'app/chat/page.tsx': `
import { Panel } from '../../components/panel';
import { Shared } from '../../components/shared';
import { Label } from '../../components/label';
export default function Page({ tools }: { tools: string[] }) {
  return <Panel><Shared />{tools.map(Label)}</Panel>;
}
`,
  'components/panel.tsx': `
import { Frame } from './frame';
export const Panel = ({ children }: { children?: unknown }) => <Frame>{children}</Frame>;
`,
  'components/frame.tsx': `export const Frame = (p: { children?: unknown }) => <div>{p.children}</div>;`,
  'components/label.tsx': `export const Label = (name: string) => <span>{name}</span>;`,
  // Rendered by the page, and read for a value by the agent.
  'components/shared.tsx': `
import { searchTool } from '../src/mastra/tool';
export const Shared = () => <hr />;
export const registry = { 'search.web': searchTool };
`,
};

describe('the scan project', () => {
  test('holds the candidates and the modules read for a value, not the components only rendered', async () => {
    const app = tempProject(APP);
    try {
      const found = await discover(app.root);
      const candidates = ['app/chat/page.tsx', 'src/mastra/agent.ts', 'src/mastra/tool.ts'].map(
        (f) => path.join(found.root, f),
      );
      const { project } = createProject(new TsConfigs(found.root, found.tsconfigs), candidates);
      const held = project
        .getSourceFiles()
        .map((sf) => path.relative(found.root, sf.getFilePath()).split(path.sep).join('/'))
        .sort();
      assert.deepEqual(held, [
        'app/chat/page.tsx',
        'components/label.tsx',
        'components/shared.tsx',
        'src/mastra/agent.ts',
        'src/mastra/tool.ts',
      ]);
    } finally {
      app.cleanup();
    }
  });

  test('a module one file renders and another reads still resolves the tool map', async () => {
    const app = tempProject(APP);
    try {
      const scan = await scanRepository(app.root);
      const helper = scan.agents.find((a) => a.id === 'helper');
      assert.deepEqual(
        helper?.tools.entries.map((e) => `${e.key} ${'id' in e.value ? e.value.id : '-'}`),
        ['search.web search'],
      );
    } finally {
      app.cleanup();
    }
  });
});
