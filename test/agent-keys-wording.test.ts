/**
 * "Use the exact agent keys: 'strategist', 'cadenceAgent', 'writer'": a plain word after "keys:" is
 * usually data (`keys: 'x'`), but "agent keys" (or "tool names") says the list names the agent's
 * own sub-agents or tools. The first item was left while the other two were rewritten, so the line
 * mixed the old and the new names (eval: JojoDuke/Growwit-main, @mastra/core 1.5, run by stream()).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { tempProject } from './helpers/temp-project.ts';

const app = (line: string) => `import { Agent } from '@mastra/core/agent';
const strategist = new Agent({ id: 'strategist', name: 'strategist', model: 'openai/gpt-4o-mini', instructions: 'Plan.' });
const writer = new Agent({ id: 'writer', name: 'writer', model: 'openai/gpt-4o-mini', instructions: 'Write.' });
const cadenceAgent = new Agent({ id: 'cadence', name: 'cadence', model: 'openai/gpt-4o-mini', instructions: 'Time.' });
export const lead = new Agent({
  id: 'lead',
  name: 'lead',
  model: 'openai/gpt-4o-mini',
  instructions: ${JSON.stringify(line)},
  agents: { strategist, writer, cadenceAgent },
});
export async function run() {
  return lead.stream('Plan a campaign.');
}
`;

async function rewrites(line: string): Promise<string[]> {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'gw', dependencies: { '@mastra/core': '1.5.0' } }),
    'src/agents.ts': app(line),
  });
  try {
    const r = await migrate(p.root, { dryRun: true });
    return r.plan.edits.filter((e) => e.rule === 'prompts').map((e) => `${e.before} -> ${e.after}`);
  } finally {
    p.cleanup();
  }
}

test('every name of a list announced as the agent keys is rewritten, the first one too', async () => {
  assert.deepEqual(
    await rewrites("Use the exact agent keys: 'strategist', 'cadenceAgent', 'writer'."),
    [
      'strategist -> agent-strategist',
      'cadenceAgent -> agent-cadenceAgent',
      'writer -> agent-writer',
    ],
  );
  assert.deepEqual(await rewrites("Sub-agent names: 'strategist' and 'writer'."), [
    'strategist -> agent-strategist',
    'writer -> agent-writer',
  ]);
});

test('a value after a bare "keys:" is still data, not a name', async () => {
  assert.deepEqual(await rewrites("Sort the rows by the keys: 'strategist' first."), []);
});
