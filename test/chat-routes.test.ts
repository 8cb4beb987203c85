/**
 * A chat page receives the tool parts of the agent its `useChat` endpoint runs (Next.js routes:
 * `app/api/chat/route.ts` answers `/api/chat`, the AI SDK's default). A page comparing a part type
 * with a tool only another agent offers never matches and is reported (eval:
 * huanshenyi/mastra-aisdk5); the same name on a page whose route runs the agent that offers it, or
 * a page whose endpoint leads to no single agent, is not.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { routeOf } from '../src/scan/files/chat-routes.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const AGENTS = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const weather = createTool({ id: 'weather', description: 'w', execute: async () => ({}) });
const review = createTool({ id: 'review', description: 'r', execute: async () => ({}) });
export const weatherAgent = new Agent({ id: 'weather-agent', name: 'weather-agent', instructions: 'w', model: 'openai/gpt-4o', tools: { weatherTool: weather } });
export const reviewAgent = new Agent({ id: 'review-agent', name: 'review-agent', instructions: 'r', model: 'openai/gpt-4o', tools: { reviewTool: review } });
`;
const route = (agent: string) => `import { ${agent} } from '../../../src/agents';
export async function POST(req: Request) {
  const { messages } = await req.json();
  const stream = await ${agent}.stream(messages);
  return stream.toUIMessageStreamResponse();
}
`;
const page = (transport: string) => `'use client';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
export function Chat() {
  const { messages } = useChat(${transport});
  const last = messages.at(-1);
  return last?.parts?.find((part) => part.type === 'tool-weatherTool') ? 'weather' : 'none';
}
`;

function app(files: Record<string, string>) {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
    'src/agents.ts': AGENTS,
    ...files,
  });
  made.push(p.cleanup);
  return p.root;
}

async function reported(root: string): Promise<string[]> {
  const plan = buildPlan(await scanRepository(root));
  return plan.findings
    .filter((f) => f.kind === 'reference' && f.message.startsWith('a chat page'))
    .map((f) => f.message);
}

describe('a chat page and the agent its route runs', () => {
  test('routes answer at the path of their folder', () => {
    assert.deepEqual(routeOf('app/api/chat/route.ts'), { site: '', path: '/api/chat' });
    assert.deepEqual(routeOf('apps/web/src/app/(chat)/api/chat/route.ts'), {
      site: 'apps/web/',
      path: '/api/chat',
    });
    assert.deepEqual(routeOf('pages/api/chat.ts'), { site: '', path: '/api/chat' });
    // `app/` and `pages/` are folders of their own, not the end of another name.
    assert.deepEqual(routeOf('webapp/app/api/chat/route.ts'), {
      site: 'webapp/',
      path: '/api/chat',
    });
    assert.deepEqual(routeOf('mypages/api/chat.ts'), undefined);
    assert.equal(routeOf('app/page.tsx'), undefined);
  });

  test('the default endpoint, run by an agent without the tool: reported', async () => {
    const root = app({
      'app/api/chat/route.ts': route('reviewAgent'),
      'app/page.tsx': page(''),
    });
    const found = await reported(root);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(
      found[0]!,
      /"tool-weatherTool" at app\/page\.tsx:7, but it posts to \/api\/chat, whose route runs review-agent, which is never offered "weatherTool" \(weather-agent offers it\)/,
    );
  });

  test('the endpoint given to the transport, run by the agent with the tool: nothing', async () => {
    const root = app({
      'app/api/chat/route.ts': route('reviewAgent'),
      'app/api/weather/route.ts': route('weatherAgent'),
      'app/page.tsx': page("{ transport: new DefaultChatTransport({ api: '/api/weather' }) }"),
    });
    assert.deepEqual(await reported(root), []);
  });

  test('an endpoint no route answers, or one read at run time: nothing', async () => {
    for (const transport of ["{ api: '/api/other' }", '{ api: endpoint() }']) {
      const root = app({
        'app/api/chat/route.ts': route('reviewAgent'),
        'app/page.tsx': page(transport).replace(
          "'use client';",
          "'use client';\nconst endpoint = () => '/api/chat';",
        ),
      });
      assert.deepEqual(await reported(root), [], transport);
    }
  });
});
