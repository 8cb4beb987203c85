/** The comparison behind `verify`, on its own: a measured request against a predicted one. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { collisionMessage } from '../src/names/normalise.ts';
import { compare } from '../src/verify/compare.ts';
import type { Measurement, PredictedWire, WireRequest } from '../src/verify/model.ts';

const request = (tools: string[], extra: Partial<WireRequest> = {}): Measurement => ({
  request: {
    protocol: 'openai-chat',
    method: 'POST',
    url: 'https://api.openai.com/v1/chat/completions',
    tools,
    providerTools: [],
    stream: false,
    ...extra,
  },
});
const predicted = (tools: string[], extra: Partial<PredictedWire> = {}): PredictedWire => ({
  tools,
  providerTools: [],
  ...(tools.length ? { toolChoice: { mode: 'auto' } } : {}),
  ...extra,
});

describe('compare', () => {
  test('same names, same order, no tool choice sent with tools (the provider default, auto): match', () => {
    assert.deepEqual(compare(predicted(['a', 'b_c']), request(['a', 'b_c'])), {
      status: 'match',
      reasons: [],
    });
  });

  test('another order, names missing or extra, another tool choice: differs, each said', () => {
    const order = compare(predicted(['a', 'b']), request(['b', 'a']));
    assert.equal(order.status, 'differs');
    assert.equal(order.difference?.order, true);
    assert.deepEqual(order.difference?.summary, [
      'same names in another order: sent b, a; predicted a, b',
    ]);

    const names = compare(predicted(['a', 'notes_save']), request(['a', 'fetch_page']));
    assert.deepEqual(
      [names.difference?.missing, names.difference?.unexpected, names.difference?.order],
      [['notes_save'], ['fetch_page'], false],
    );

    const choice = compare(
      predicted(['a'], { toolChoice: { mode: 'tool', toolName: 'a' } }),
      request(['a'], { toolChoice: { mode: 'tool', toolName: 'search.web' } }),
    );
    assert.deepEqual(choice.difference?.summary, [
      'tool choice: predicted tool a, sent tool search.web',
    ]);
  });

  test('a predicted collision and the error Mastra threw: match on 1.x (cause code) and 0.24 (message with the class)', () => {
    const failure = {
      kind: 'collision' as const,
      name: 'search_web',
      message: collisionMessage('search_web'),
    };
    const v1: Measurement = {
      error: {
        id: 'AGENT_GENERATE_FAILED',
        causeCode: 'AGENT_TOOL_NAME_COLLISION',
        causeToolName: 'search_web',
        message: failure.message,
      },
    };
    const v024: Measurement = {
      error: { id: 'AGENT_STREAM_FAILED', message: `Error: ${failure.message}` },
    };
    assert.equal(compare(predicted([], { failure }), v1).status, 'match');
    assert.equal(compare(predicted([], { failure }), v024).status, 'match');
    const sent = compare(predicted([], { failure }), request(['search_web']));
    assert.equal(sent.status, 'differs');
    assert.deepEqual(sent.difference?.outcome, {
      predicted: `generate() fails: ${failure.message}`,
      measured: 'a request with search_web',
    });
  });

  test('a collision nobody predicted: differs; an error that is not about tool names: not measured', () => {
    const collision: Measurement = {
      error: {
        id: 'AGENT_GENERATE_FAILED',
        causeCode: 'AGENT_TOOL_NAME_COLLISION',
        message: collisionMessage('x'),
      },
    };
    assert.equal(compare(predicted(['x']), collision).status, 'differs');
    const refused: Measurement = {
      error: { id: 'TypeError', causeCode: 'MTN_VERIFY_OFFLINE', message: 'fetch failed' },
    };
    assert.deepEqual(compare(predicted(['x']), refused), {
      status: 'unmeasured',
      reasons: ['the call failed before any provider request: fetch failed'],
    });
    assert.deepEqual(compare(predicted(['x']), {}), {
      status: 'unmeasured',
      reasons: ['no provider request was made'],
    });
  });

  test('only provider-defined tools on the wire and none predicted as functions: no tool choice to compare', () => {
    assert.equal(
      compare(
        predicted([], { providerTools: ['webSearch'] }),
        request([], { providerTools: ['web_search'] }),
      ).status,
      'match',
    );
  });
});
