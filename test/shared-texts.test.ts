/**
 * One prompt read by many agents gives one finding that names them all; findings that differ in
 * anything but the agent (places, wording, note or warning) stay apart.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedTexts } from '../src/plan/group.ts';
import type { Finding } from '../src/plan/model.ts';

const at = (line: number) => ({
  file: 'prompts/base.md',
  line,
  column: 4,
  start: line * 10,
  end: line * 10 + 5,
});
const mention = (agent: string, line = 44, extra = ''): Finding => ({
  kind: 'unknown-tool-mention',
  rule: 'prompts',
  message: `the instructions of ${agent} name "pushSignal", which ${agent} is not offered${extra}`,
  locations: [at(line)],
  agents: [agent],
});

test('equal findings of agents that read one text become one', () => {
  const out = sharedTexts(['a1', 'a2', 'a3', 'a4', 'a5'].map((a) => mention(a)));
  assert.equal(out.length, 1);
  assert.deepEqual(out[0]!.agents, ['a1', 'a2', 'a3', 'a4', 'a5']);
  assert.equal(
    out[0]!.message,
    'the instructions of a1 name "pushSignal", which a1 is not offered. The same holds for 4 more agents that read this text: a2, a3, a4 and 1 more.',
  );
});

test('another place, another wording, or a quiet one stays its own finding', () => {
  const quiet = { ...mention('a4'), quiet: true };
  const toolChoice: Finding = { ...mention('a5'), rule: 'tool-choice' };
  const out = sharedTexts([
    mention('a1'),
    mention('a2', 45),
    mention('a3', 44, '; did you mean "pushSignalTool"?'),
    quiet,
    toolChoice,
    mention('a6'),
  ]);
  assert.deepEqual(
    out.map((f) => f.agents),
    [['a1', 'a6'], ['a2'], ['a3'], ['a4'], ['a5']],
  );
  assert.match(out[0]!.message, /The same holds for one more agent that read this text: a6\.$/);
});
