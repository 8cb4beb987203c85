/**
 * An allow-list a delegation hook tests `primitiveId` against (`[...].includes(primitiveId)`,
 * `new Set([...]).has(primitiveId)`) is a comparison with each item: Mastra passes the sub-agent's
 * id there (measured in test/findings.test.ts), so an item that is only its key never matches
 * (eval: Karbo123/ResearchOS, whose coordinator rejected every delegation).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { delegationIdFindings } from '../src/plan/rules/delegation-ids.ts';
import { scanSource } from '../src/scan/scan.ts';

function flagged(check: string): string[] {
  const text = `import { Agent } from '@mastra/core/agent';
const ideas = new Agent({ id: 'idea-clarification-agent', name: 'i', instructions: 'x', model: 'openai/gpt-4o-mini' });
const plans = new Agent({ id: 'planning', name: 'p', instructions: 'x', model: 'openai/gpt-4o-mini' });
const ALLOWED = ['idea_clarification', 'planning'];
export const lead = new Agent({
  id: 'lead', name: 'lead', instructions: 'Delegate.', model: 'openai/gpt-4o-mini',
  agents: { idea_clarification: ideas, planning: plans },
  defaultOptions: { delegation: { onDelegationStart: ({ primitiveId }) => (${check} ? { proceed: true } : { proceed: false }) } },
});
`;
  const scan = scanSource('/virtual/lead.ts', text);
  return delegationIdFindings(scan).map((f) => /with "([^"]+)"/.exec(f.message)![1]!);
}

test('each item of the list is compared: a key that is not the id never matches', () => {
  assert.deepEqual(flagged("['idea_clarification', 'planning'].includes(primitiveId)"), [
    'idea_clarification',
  ]);
  assert.deepEqual(flagged('ALLOWED.includes(primitiveId)'), ['idea_clarification']);
  assert.deepEqual(flagged("new Set(['idea_clarification']).has(primitiveId)"), [
    'idea_clarification',
  ]);
});

test('a list of ids, or a list that tests something else, says nothing', () => {
  assert.deepEqual(flagged("['idea-clarification-agent', 'planning'].includes(primitiveId)"), []);
  assert.deepEqual(flagged("['idea_clarification'].includes(String(primitiveId).trim())"), []);
});
